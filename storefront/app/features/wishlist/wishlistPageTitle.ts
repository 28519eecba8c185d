import { createIntl } from 'react-intl';
import { DEFAULT_LOCALE, messagesFor, toLanguageTag } from '../../i18n/locale';

/** Route `meta` runs outside the React tree, so it formats with its own intl object. */
export function wishlistPageTitle(locale: string | undefined): string {
  const tag = locale ?? DEFAULT_LOCALE;
  const intl = createIntl({ locale: toLanguageTag(tag), messages: messagesFor(tag), defaultLocale: 'en-US' });
  return intl.formatMessage({ id: 'wishlist.page.title', defaultMessage: 'My wish list' });
}
