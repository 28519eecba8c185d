import { createIntl } from 'react-intl';
import { DEFAULT_LOCALE, messagesFor, toLanguageTag } from '../../i18n/locale';

/** The cart page's document title; route `meta` runs outside the React tree, so it has its own intl. */
export function cartPageTitle(locale: string | undefined): string {
  const tag = locale ?? DEFAULT_LOCALE;
  const intl = createIntl({ locale: toLanguageTag(tag), messages: messagesFor(tag), defaultLocale: 'en-US' });
  return intl.formatMessage({ id: 'cart.page.title', defaultMessage: 'Shopping cart' });
}
