import type {
  AdminPromotionAction,
  AdminPromotionFieldsFragment,
  AdminPromotionFreeShipping,
} from '../../__generated__/graphql';
import { type ConditionDraft, type ItemMatch, draftOfConditions, matchOf } from './conditionRows';

export type Promotion = AdminPromotionFieldsFragment;

export type FieldName =
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
  | 'conditions'
  | 'actionConditions'
  | 'usesPerCustomer'
  | 'discountStep'
  | 'discountQty';

/** The server starts each refusal with the field's label ("Amount: …"); the form shows it there. */
export const FIELD_OF_LABEL: Record<string, FieldName> = {
  Name: 'name',
  Label: 'label',
  Discount: 'action',
  Amount: 'amount',
  'Minimum subtotal': 'minSubtotal',
  Starts: 'fromDate',
  Ends: 'toDate',
  'Uses limit': 'usesLimit',
  'Sort order': 'sortOrder',
  'Coupon code': 'couponCode',
  Conditions: 'conditions',
  'Discounted products': 'actionConditions',
  'Uses per customer': 'usesPerCustomer',
  'Buy X': 'discountStep',
  'Amount (get Y)': 'amount',
  'Maximum quantity discounted': 'discountQty',
};

export interface Draft {
  name: string;
  label: string;
  action: AdminPromotionAction;
  amount: string;
  minSubtotal: string;
  fromDate: string;
  toDate: string;
  usesLimit: string;
  sortOrder: string;
  active: boolean;
  couponCode: string;
  /** Null: the stored tree is not one the rows can show; it is kept as `rawConditions`. */
  conditions: ConditionDraft | null;
  rawConditions: string;
  /** Null: every product takes the discount. */
  applyTo: ItemMatch | null;
  /** The stored item condition when one match cannot show it; null otherwise. */
  rawActionConditions: string | null;
  groupIds: string[];
  usesPerCustomer: string;
  stopRules: boolean;
  discountStep: string;
  discountQty: string;
  freeShipping: AdminPromotionFreeShipping;
}

/** Minor units in one unit of the currency, for money in conditions (the server keeps cents). */
export function minorPerUnit(currency: string): number {
  return ['JPY', 'KRW', 'VND', 'CLP', 'ISK'].includes(currency) ? 1 : 100;
}

function applyToOf(json: string | null | undefined): { applyTo: ItemMatch | null; raw: string | null } {
  if (!json) return { applyTo: null, raw: null };
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(json);
  } catch {
    return { applyTo: null, raw: json };
  }
  const match = matchOf(parsed);
  return match ? { applyTo: match, raw: null } : { applyTo: null, raw: json };
}

export function draftOf(promotion: Promotion | null): Draft {
  return {
    name: promotion?.name ?? '',
    label: promotion?.label ?? '',
    action: promotion?.action ?? 'BY_PERCENT',
    amount:
      promotion?.action === 'BY_PERCENT'
        ? String(promotion.percent ?? '')
        : promotion?.action === 'CART_FIXED' || promotion?.action === 'BY_FIXED'
          ? String(promotion.fixedAmount?.value ?? '')
          : promotion?.action === 'BUY_X_GET_Y'
            ? String(promotion.freeQuantity ?? '')
            : '',
    minSubtotal: promotion && promotion.minSubtotal.value > 0 ? String(promotion.minSubtotal.value) : '',
    fromDate: promotion?.fromDate ?? '',
    toDate: promotion?.toDate ?? '',
    usesLimit: promotion?.usesLimit != null ? String(promotion.usesLimit) : '',
    sortOrder: promotion ? String(promotion.sortOrder) : '0',
    active: promotion?.active ?? true,
    couponCode: '',
    conditions: draftOfConditions(promotion?.conditions, minorPerUnit(promotion?.minSubtotal.currency ?? 'USD')),
    rawConditions: promotion?.conditions ?? '',
    applyTo: applyToOf(promotion?.actionConditions).applyTo,
    rawActionConditions: applyToOf(promotion?.actionConditions).raw,
    groupIds: (promotion?.customerGroupIds ?? []).map(String),
    usesPerCustomer: promotion?.usesPerCustomer != null ? String(promotion.usesPerCustomer) : '',
    stopRules: promotion?.stopRulesProcessing ?? false,
    discountStep: promotion && promotion.discountStep > 0 ? String(promotion.discountStep) : '',
    discountQty: promotion?.discountQty != null ? String(promotion.discountQty) : '',
    freeShipping: promotion?.freeShipping ?? 'NONE',
  };
}
