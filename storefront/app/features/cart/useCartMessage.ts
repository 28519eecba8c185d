import { useIntl } from 'react-intl';
import type { CartMessage } from './cartErrors';

/** Formats a CartMessage; null stays null so callers can pass optional state straight in. */
export function useFormatCartMessage(): (message: CartMessage | null) => string | null {
  const intl = useIntl();
  return (message) => {
    if (!message) return null;
    return 'text' in message ? message.text : intl.formatMessage(message.descriptor);
  };
}
