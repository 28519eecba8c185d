import { createIntl } from 'react-intl';
import { DEFAULT_LOCALE, messagesFor, toLanguageTag } from '../../i18n/locale';

const titles = {
  checkout: { id: 'checkout.page.title', defaultMessage: 'Checkout' },
  success: { id: 'checkout.page.successTitle', defaultMessage: 'Order confirmation' },
} as const;

/** Route `meta` runs outside the React tree, so it formats with its own intl object. */
export function checkoutPageTitle(page: keyof typeof titles, locale: string | undefined): string {
  const tag = locale ?? DEFAULT_LOCALE;
  const intl = createIntl({ locale: toLanguageTag(tag), messages: messagesFor(tag), defaultLocale: 'en-US' });
  return intl.formatMessage(titles[page]);
}
