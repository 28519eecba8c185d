import type { SalesRuleAction, SalesRuleTable } from '../../db/tables';
import { DomainError } from '../../kernel/domainError';
import { singleLineText, MAX_TEXT } from '../../kernel/inputRules';
import { minorDigits } from '../../kernel/money';

// A cart price rule as staff type it, checked and turned into the row the storefront's pricing
// reads: a percentage becomes basis points, money becomes minor units of the base currency.
// Every message starts with the form's label for the field ("Amount: …"), and the error carries
// the field's name in its details, so a form can show the message beside the right input.

export type PromotionField =
  | 'name'
  | 'label'
  | 'action'
  | 'amount'
  | 'minSubtotal'
  | 'fromDate'
  | 'toDate'
  | 'usesLimit'
  | 'sortOrder'
  | 'couponCode'
  | 'couponPrefix'
  | 'couponCount'
  | 'usageLimit';

export const PROMOTION_ACTIONS: readonly SalesRuleAction[] = ['by_percent', 'cart_fixed', 'free_shipping'];
/** Limits and money beyond these are typing mistakes, not promotions. */
export const MAX_USES = 1_000_000_000;
const MAX_MAJOR_AMOUNT = 10_000_000;
const MAX_SORT_ORDER = 1_000_000;

export function promotionFieldError(field: PromotionField, message: string): DomainError {
  return new DomainError('input', message, { field });
}

/** What staff enter; amounts in major units (12.5), a percentage as a percentage (10 = 10 %). */
export interface PromotionInput {
  name: string;
  label: string;
  action: string;
  amount?: number | null;
  minSubtotal?: number | null;
  /** YYYY-MM-DD, inclusive; empty or null: no bound. */
  fromDate?: string | null;
  toDate?: string | null;
  usesLimit?: number | null;
  sortOrder?: number | null;
  active?: boolean | null;
}

export type PromotionFields = Omit<SalesRuleTable, 'id' | 'times_used'>;

function requiredText(field: PromotionField, label: string, value: string | null | undefined): string {
  let checked: string | null;
  try {
    checked = singleLineText(label, value, MAX_TEXT);
  } catch (error) {
    throw promotionFieldError(field, `${label}: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (checked === null) throw promotionFieldError(field, `${label}: This field is required.`);
  return checked;
}

function decimalsOf(value: number): number {
  const text = String(value);
  if (/e/i.test(text)) return Number.POSITIVE_INFINITY;
  return text.includes('.') ? text.split('.')[1]!.length : 0;
}

/** Major units → minor units, refusing more decimals than the currency has. */
function money(field: PromotionField, label: string, value: number, currency: string, positive: boolean): number {
  if (!Number.isFinite(value)) throw promotionFieldError(field, `${label}: enter an amount such as 5 or 4.99.`);
  if (positive ? value <= 0 : value < 0)
    throw promotionFieldError(field, `${label}: must be ${positive ? 'more than 0' : '0 or more'} (got ${value}).`);
  if (value > MAX_MAJOR_AMOUNT) throw promotionFieldError(field, `${label}: at most ${MAX_MAJOR_AMOUNT}.`);
  const digits = minorDigits(currency);
  if (decimalsOf(value) > digits)
    throw promotionFieldError(
      field,
      `${label}: ${currency} has ${digits === 0 ? 'no decimals' : `at most ${digits} decimals`} (got ${value}).`,
    );
  return Math.round(value * 10 ** digits);
}

/** A percentage with at most two decimals → basis points (10.5 % → 1050). */
function percent(value: number): number {
  if (!Number.isFinite(value)) throw promotionFieldError('amount', 'Amount: enter a percentage such as 10.');
  if (value <= 0 || value > 100)
    throw promotionFieldError('amount', `Amount: a percentage must be more than 0 and at most 100 (got ${value}).`);
  if (decimalsOf(value) > 2)
    throw promotionFieldError('amount', `Amount: a percentage has at most 2 decimals (got ${value}).`);
  return Math.round(value * 100);
}

function day(field: PromotionField, label: string, value: string | null | undefined): string | null {
  const text = value?.trim() ?? '';
  if (text === '') return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const date = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null;
  // 2026-02-30 rolls over into March: a real date reads back as it was written.
  if (!match || !date || date.toISOString().slice(0, 10) !== text)
    throw promotionFieldError(field, `${label}: enter a real date as YYYY-MM-DD (got "${text.slice(0, 20)}").`);
  return text;
}

/** null/undefined: no limit. */
export function usesLimitOf(field: PromotionField, label: string, value: number | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  if (!Number.isInteger(value) || value < 1 || value > MAX_USES)
    throw promotionFieldError(
      field,
      `${label}: enter a whole number from 1 to ${MAX_USES}, or leave it empty for no limit.`,
    );
  return value;
}

function sortOrderOf(value: number | null | undefined): number {
  if (value === null || value === undefined) return 0;
  if (!Number.isInteger(value) || Math.abs(value) > MAX_SORT_ORDER)
    throw promotionFieldError(
      'sortOrder',
      `Sort order: enter a whole number from -${MAX_SORT_ORDER} to ${MAX_SORT_ORDER} (got ${value}).`,
    );
  return value;
}

/** The row's fields from what staff typed; the first problem found is thrown, nothing is written. */
export function promotionFieldsOf(input: PromotionInput, currency: string): PromotionFields {
  const name = requiredText('name', 'Name', input.name);
  const label = requiredText('label', 'Label', input.label);
  const action = input.action as SalesRuleAction;
  if (!PROMOTION_ACTIONS.includes(action))
    throw promotionFieldError('action', 'Discount: choose a percentage, a fixed amount or free shipping.');
  let amount = 0;
  if (action !== 'free_shipping') {
    if (input.amount === null || input.amount === undefined)
      throw promotionFieldError('amount', 'Amount: This field is required.');
    amount = action === 'by_percent' ? percent(input.amount) : money('amount', 'Amount', input.amount, currency, true);
  }
  const fromDate = day('fromDate', 'Starts', input.fromDate);
  const toDate = day('toDate', 'Ends', input.toDate);
  if (fromDate !== null && toDate !== null && toDate < fromDate)
    throw promotionFieldError('toDate', `Ends: must be on or after the start (${fromDate}).`);
  return {
    name,
    label,
    action,
    amount,
    min_subtotal:
      input.minSubtotal === null || input.minSubtotal === undefined
        ? 0
        : money('minSubtotal', 'Minimum subtotal', input.minSubtotal, currency, false),
    from_date: fromDate,
    to_date: toDate,
    uses_limit: usesLimitOf('usesLimit', 'Uses limit', input.usesLimit),
    sort_order: sortOrderOf(input.sortOrder),
    is_active: input.active === false ? 0 : 1,
  };
}
