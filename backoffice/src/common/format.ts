import { type IntlShape, type MessageDescriptor, defineMessages } from 'react-intl';

export interface Money {
  value: number;
  currency: string;
}

export function formatMoney(intl: IntlShape, money: Money): string {
  return intl.formatNumber(money.value, { style: 'currency', currency: money.currency });
}

/** Date and time in the browser's zone, e.g. "Nov 21, 2026, 3:04 PM". */
export function formatDateTime(intl: IntlShape, iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return intl.formatDate(date, { dateStyle: 'medium', timeStyle: 'short' });
}

/** A YYYY-MM-DD day (UTC) as "Nov 21". */
export function formatDay(intl: IntlShape, day: string, style: 'short' | 'long' = 'short'): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return intl.formatDate(
    date,
    style === 'short'
      ? { month: 'short', day: 'numeric', timeZone: 'UTC' }
      : { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' },
  );
}

// Magento's words for an order's state, as a merchant reads them (COMPLETE is "Shipped" here).
const STATUS_MESSAGES: Record<string, MessageDescriptor> = defineMessages({
  PENDING: { id: 'backoffice.orderStatus.pending', defaultMessage: 'Pending' },
  PENDING_PAYMENT: { id: 'backoffice.orderStatus.pendingPayment', defaultMessage: 'Pending payment' },
  PAYMENT_REVIEW: { id: 'backoffice.orderStatus.paymentReview', defaultMessage: 'Payment review' },
  PROCESSING: { id: 'backoffice.orderStatus.processing', defaultMessage: 'Processing' },
  COMPLETE: { id: 'backoffice.orderStatus.complete', defaultMessage: 'Shipped' },
  CANCELED: { id: 'backoffice.orderStatus.canceled', defaultMessage: 'Canceled' },
  CLOSED: { id: 'backoffice.orderStatus.closed', defaultMessage: 'Refunded' },
});

/** Every order status, in the order a filter offers them. */
export const ORDER_STATUSES: readonly string[] = Object.keys(STATUS_MESSAGES);

/** An order status in words; a status the back office does not know yet shows as the API names it. */
export function statusLabel(intl: IntlShape, status: string): string {
  const message = STATUS_MESSAGES[status];
  return message ? intl.formatMessage(message) : status;
}

const ROLE_MESSAGES: Record<string, MessageDescriptor> = defineMessages({
  OWNER: { id: 'backoffice.role.owner', defaultMessage: 'Owner' },
  STAFF: { id: 'backoffice.role.staff', defaultMessage: 'Staff' },
  VIEWER: { id: 'backoffice.role.viewer', defaultMessage: 'Viewer' },
});

/** A staff role in words. */
export function roleLabel(intl: IntlShape, role: string): string {
  const message = ROLE_MESSAGES[role];
  return message ? intl.formatMessage(message) : role;
}
