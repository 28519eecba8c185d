import type { IntlShape } from 'react-intl';
import type { AdminPromotionAction } from '../__generated__/graphql';
import { formatMoney, type Money } from '../common/format';
import { m } from './promotions/promotionMessages';
import { cm } from './promotions/conditionMessages';

// Promotions in words, for the list and the detail page, and the server's refusals mapped to
// the form field they are about.

interface Discount {
  action: AdminPromotionAction;
  percent?: number | null;
  fixedAmount?: Money | null;
  freeQuantity?: number | null;
  discountStep?: number;
}

/** What the rule takes off, in words: "10 % off", "$5.00 off", "Free shipping". */
export function discountText(intl: IntlShape, rule: Discount): string {
  if (rule.action === 'FREE_SHIPPING') return intl.formatMessage(m.freeShipping);
  if (rule.action === 'BY_PERCENT')
    return intl.formatMessage(m.percentOff, {
      percent: intl.formatNumber(rule.percent ?? 0, { maximumFractionDigits: 2 }),
    });
  if (rule.action === 'BUY_X_GET_Y')
    return intl.formatMessage(cm.buyXGetYText, { x: rule.discountStep ?? 0, y: rule.freeQuantity ?? 0 });
  if (rule.action === 'BY_FIXED' && rule.fixedAmount)
    return intl.formatMessage(cm.eachOff, { amount: formatMoney(intl, rule.fixedAmount) });
  return rule.fixedAmount
    ? intl.formatMessage(m.amountOff, { amount: formatMoney(intl, rule.fixedAmount) })
    : intl.formatMessage(m.someAmountOff);
}

/** "12 of 100", or "12" when nothing limits it. */
export function usesText(intl: IntlShape, used: number, limit: number | null | undefined): string {
  return limit === null || limit === undefined
    ? intl.formatNumber(used)
    : intl.formatMessage(m.usesOf, { used: intl.formatNumber(used), limit: intl.formatNumber(limit) });
}

/** When the rule applies: "Always", "From Nov 1, 2026", "Until Nov 30, 2026", or both. */
export function datesText(intl: IntlShape, from: string | null | undefined, to: string | null | undefined): string {
  const day = (d: string) => {
    const date = new Date(`${d}T00:00:00Z`);
    return Number.isNaN(date.getTime()) ? d : intl.formatDate(date, { dateStyle: 'medium', timeZone: 'UTC' });
  };
  if (from && to)
    return from === to
      ? intl.formatMessage(m.onDay, { day: day(from) })
      : intl.formatMessage(m.fromTo, { from: day(from), to: day(to) });
  if (from) return intl.formatMessage(m.fromDay, { day: day(from) });
  if (to) return intl.formatMessage(m.untilDay, { day: day(to) });
  return intl.formatMessage(m.always);
}

/** The server starts each refusal with the field's label ("Amount: …"); this finds the field. */
export function fieldOfMessage<T extends string>(message: string, fields: Record<string, T>): T | null {
  const label = /^([^:]{1,40}):/.exec(message)?.[1];
  return label ? (fields[label] ?? null) : null;
}
