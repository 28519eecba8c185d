import type { IntlShape } from 'react-intl';

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

export const STATUS_LABELS: Record<string, string> = {
  PENDING: 'Pending',
  PROCESSING: 'Processing',
  COMPLETE: 'Shipped',
  CANCELED: 'Canceled',
  CLOSED: 'Refunded',
};

export const ROLE_LABELS: Record<string, string> = { OWNER: 'Owner', STAFF: 'Staff', VIEWER: 'Viewer' };
