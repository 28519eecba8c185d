import type { IntlShape } from 'react-intl';
import type { AdminPromotionAction } from '../__generated__/graphql';
import { formatMoney, type Money } from '../common/format';

// Promotions in words, for the list and the detail page, and the server's refusals mapped to
// the form field they are about.

interface Discount {
  action: AdminPromotionAction;
  percent?: number | null;
  fixedAmount?: Money | null;
}

/** What the rule takes off, in words: "10 % off", "$5.00 off", "Free shipping". */
export function discountText(intl: IntlShape, rule: Discount): string {
  if (rule.action === 'FREE_SHIPPING') return 'Free shipping';
  if (rule.action === 'BY_PERCENT')
    return `${intl.formatNumber(rule.percent ?? 0, { maximumFractionDigits: 2 })} % off`;
  return rule.fixedAmount ? `${formatMoney(intl, rule.fixedAmount)} off` : 'An amount off';
}

/** "12 of 100", or "12" when nothing limits it. */
export function usesText(intl: IntlShape, used: number, limit: number | null | undefined): string {
  return limit === null || limit === undefined
    ? intl.formatNumber(used)
    : `${intl.formatNumber(used)} of ${intl.formatNumber(limit)}`;
}

/** When the rule applies: "Always", "From Nov 1, 2026", "Until Nov 30, 2026", or both. */
export function datesText(intl: IntlShape, from: string | null | undefined, to: string | null | undefined): string {
  const day = (d: string) => {
    const date = new Date(`${d}T00:00:00Z`);
    return Number.isNaN(date.getTime()) ? d : intl.formatDate(date, { dateStyle: 'medium', timeZone: 'UTC' });
  };
  if (from && to) return from === to ? `On ${day(from)}` : `${day(from)} to ${day(to)}`;
  if (from) return `From ${day(from)}`;
  if (to) return `Until ${day(to)}`;
  return 'Always';
}

/** The server starts each refusal with the field's label ("Amount: …"); this finds the field. */
export function fieldOfMessage<T extends string>(message: string, fields: Record<string, T>): T | null {
  const label = /^([^:]{1,40}):/.exec(message)?.[1];
  return label ? (fields[label] ?? null) : null;
}
