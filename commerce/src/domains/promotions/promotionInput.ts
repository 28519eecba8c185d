import type { SalesRuleAction, SalesRuleTable } from '../../db/tables';
import { DomainError } from '../../kernel/domainError';
import { singleLineText, MAX_TEXT } from '../../kernel/inputRules';
import { minorDigits } from '../../kernel/money';
import { conditionFromText, parseCartCondition, parseItemCondition } from './ruleConditions';

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
  | 'usageLimit'
  | 'conditions'
  | 'actionConditions'
  | 'customerGroupIds'
  | 'usesPerCustomer'
  | 'discountStep'
  | 'discountQty'
  | 'freeShipping'
  | 'storeLabels';

export const PROMOTION_ACTIONS: readonly SalesRuleAction[] = [
  'by_percent',
  'by_fixed',
  'cart_fixed',
  'buy_x_get_y',
  'free_shipping',
];
/** Magento's simple_free_shipping values, by the names the API uses. */
export const FREE_SHIPPING_CHOICES = { none: 0, matching_items: 1, cart: 2 } as const;
export type FreeShippingChoice = keyof typeof FREE_SHIPPING_CHOICES;
const MAX_STEP = 10_000;
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
  /** JSON text of a cart condition tree (ruleConditions.ts); empty: every cart. */
  conditions?: string | null;
  /** JSON text of the item condition choosing the lines the action applies to; empty: all lines. */
  actionConditions?: string | null;
  /** Null or empty: every group. */
  customerGroupIds?: readonly number[] | null;
  usesPerCustomer?: number | null;
  stopRulesProcessing?: boolean | null;
  /** buy_x_get_y: X (the amount is Y). */
  discountStep?: number | null;
  /** At most this many units of each line are discounted; empty: all. */
  discountQty?: number | null;
  freeShipping?: string | null;
  storeLabels?: readonly { storeId: number; label: string }[] | null;
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
    throw promotionFieldError(
      'action',
      'Discount: choose a percentage, a fixed amount per item or for the cart, buy X get Y, or free shipping.',
    );
  let amount = 0;
  let discountStep = 0;
  if (action !== 'free_shipping') {
    if (input.amount === null || input.amount === undefined)
      throw promotionFieldError('amount', 'Amount: This field is required.');
    if (action === 'by_percent') amount = percent(input.amount);
    else if (action === 'buy_x_get_y') {
      amount = wholeCount('amount', 'Amount (get Y)', input.amount, MAX_STEP);
      discountStep = wholeCount('discountStep', 'Buy X', input.discountStep ?? null, MAX_STEP);
    } else amount = money('amount', 'Amount', input.amount, currency, true);
  }
  const freeShipping = input.freeShipping?.trim() || 'none';
  if (!Object.hasOwn(FREE_SHIPPING_CHOICES, freeShipping))
    throw promotionFieldError('freeShipping', 'Free shipping: choose none, matching_items or cart.');
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
    conditions: storedJson(conditionFromText(input.conditions, 'conditions', parseCartCondition)),
    action_conditions: storedJson(conditionFromText(input.actionConditions, 'actionConditions', parseItemCondition)),
    customer_group_ids: groupsOf(input.customerGroupIds),
    uses_per_customer: usesLimitOf('usesPerCustomer', 'Uses per customer', input.usesPerCustomer),
    stop_rules_processing: input.stopRulesProcessing === true ? 1 : 0,
    discount_step: discountStep,
    discount_qty:
      input.discountQty === null || input.discountQty === undefined
        ? null
        : wholeCount('discountQty', 'Maximum quantity discounted', input.discountQty, MAX_USES),
    free_shipping: FREE_SHIPPING_CHOICES[freeShipping as FreeShippingChoice],
    store_labels: storeLabelsOf(input.storeLabels),
  };
}

function storedJson(value: unknown): string | null {
  return value === null ? null : JSON.stringify(value);
}

function wholeCount(field: PromotionField, label: string, value: number | null, max: number): number {
  if (value === null) throw promotionFieldError(field, `${label}: This field is required.`);
  if (!Number.isInteger(value) || value < 1 || value > max)
    throw promotionFieldError(field, `${label}: enter a whole number from 1 to ${max} (got ${value}).`);
  return value;
}

function groupsOf(ids: readonly number[] | null | undefined): string | null {
  if (ids === null || ids === undefined || ids.length === 0) return null;
  if (ids.length > 1000 || ids.some((id) => !Number.isInteger(id) || id < 0))
    throw promotionFieldError('customerGroupIds', 'Customer groups: choose groups from the list.');
  return JSON.stringify([...new Set(ids)].sort((a, b) => a - b));
}

function storeLabelsOf(labels: readonly { storeId: number; label: string }[] | null | undefined): string | null {
  const given = (labels ?? []).filter((l) => l.label.trim() !== '');
  if (given.length === 0) return null;
  const map: Record<string, string> = {};
  for (const { storeId, label } of given) {
    if (!Number.isInteger(storeId) || storeId < 0)
      throw promotionFieldError('storeLabels', 'Labels per store view: choose a store view from the list.');
    map[String(storeId)] = requiredText('storeLabels', 'Label per store view', label);
  }
  return JSON.stringify(map);
}

/** Customer groups and store views a rule names, for the service to check against the shop's. */
export function referencedIds(fields: PromotionFields): { groups: number[]; stores: number[] } {
  return {
    groups: fields.customer_group_ids === null ? [] : (JSON.parse(fields.customer_group_ids) as number[]),
    stores: fields.store_labels === null ? [] : Object.keys(JSON.parse(fields.store_labels) as object).map(Number),
  };
}
