import { createIntl } from 'react-intl';
import { DEFAULT_LOCALE, messagesFor, toLanguageTag } from '../../i18n/locale';

const titles = {
  signIn: { id: 'account.page.signIn', defaultMessage: 'Sign in' },
  create: { id: 'account.page.create', defaultMessage: 'Create an account' },
  forgot: { id: 'account.page.forgot', defaultMessage: 'Forgot your password?' },
  reset: { id: 'account.page.reset', defaultMessage: 'Choose a new password' },
  account: { id: 'account.page.account', defaultMessage: 'My account' },
  information: { id: 'account.page.information', defaultMessage: 'Account information' },
  addresses: { id: 'account.page.addresses', defaultMessage: 'Address book' },
  orders: { id: 'account.page.orders', defaultMessage: 'My orders' },
  order: { id: 'account.page.order', defaultMessage: 'Order' },
  newsletter: { id: 'account.page.newsletter', defaultMessage: 'Newsletter' },
  payments: { id: 'account.page.payments', defaultMessage: 'Saved payment methods' },
  downloads: { id: 'account.page.downloads', defaultMessage: 'My downloads' },
  contact: { id: 'account.page.contact', defaultMessage: 'Contact us' },
  guestOrder: { id: 'account.page.guestOrder', defaultMessage: 'Find your order' },
} as const;

export type AccountPage = keyof typeof titles;

/** Route `meta` runs outside the React tree, so it formats with its own intl object. */
export function accountPageTitle(page: AccountPage, locale: string | undefined): string {
  const tag = locale ?? DEFAULT_LOCALE;
  const intl = createIntl({ locale: toLanguageTag(tag), messages: messagesFor(tag), defaultLocale: 'en-US' });
  return intl.formatMessage(titles[page]);
}
