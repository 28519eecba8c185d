import type { MessageDescriptor } from 'react-intl';
import { accountMessages } from './accountMessages';

export interface AccountNavItem {
  to: string;
  label: MessageDescriptor;
}

export const ACCOUNT_NAV: readonly AccountNavItem[] = [
  { to: '/account', label: accountMessages.navOverview },
  { to: '/account/information', label: accountMessages.navInformation },
  { to: '/account/addresses', label: accountMessages.navAddresses },
  { to: '/account/orders', label: accountMessages.navOrders },
  { to: '/account/downloads', label: accountMessages.navDownloads },
  { to: '/account/payments', label: accountMessages.navPayments },
  { to: '/wishlist', label: accountMessages.navWishlist },
  { to: '/account/newsletter', label: accountMessages.navNewsletter },
];
