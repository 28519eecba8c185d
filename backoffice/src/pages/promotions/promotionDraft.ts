import type { AdminPromotionAction, AdminPromotionFieldsFragment } from '../../__generated__/graphql';

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
  | 'couponCode';

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
}

export function draftOf(promotion: Promotion | null): Draft {
  return {
    name: promotion?.name ?? '',
    label: promotion?.label ?? '',
    action: promotion?.action ?? 'BY_PERCENT',
    amount:
      promotion?.action === 'BY_PERCENT'
        ? String(promotion.percent ?? '')
        : promotion?.action === 'CART_FIXED'
          ? String(promotion.fixedAmount?.value ?? '')
          : '',
    minSubtotal: promotion && promotion.minSubtotal.value > 0 ? String(promotion.minSubtotal.value) : '',
    fromDate: promotion?.fromDate ?? '',
    toDate: promotion?.toDate ?? '',
    usesLimit: promotion?.usesLimit != null ? String(promotion.usesLimit) : '',
    sortOrder: promotion ? String(promotion.sortOrder) : '0',
    active: promotion?.active ?? true,
    couponCode: '',
  };
}
