import { type MessageDescriptor, useIntl } from 'react-intl';

/** A message's values: what ICU formats (numbers, dates, words). */
export type MessageValues = Record<string, string | number | boolean | Date | null | undefined>;

/** Formats one message into a string, in the back office's language. */
export type Translate = (descriptor: MessageDescriptor, values?: MessageValues) => string;

/** `t(messages.x, { n })`: the short way every screen formats its catalogue's messages. */
export function useT(): Translate {
  const intl = useIntl();
  return (descriptor, values) => intl.formatMessage(descriptor, values);
}
