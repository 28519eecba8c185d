import { createIntl } from 'react-intl';
import { DEFAULT_LOCALE, messagesFor, toLanguageTag } from '../../i18n/locale';

/** The compare page's document title; route `meta` runs outside the React tree, so it has its own intl. */
export function comparePageTitle(locale: string | undefined): string {
  const tag = locale ?? DEFAULT_LOCALE;
  const intl = createIntl({ locale: toLanguageTag(tag), messages: messagesFor(tag), defaultLocale: 'en-US' });
  return intl.formatMessage({ id: 'compare.page.title', defaultMessage: 'Compare products' });
}
