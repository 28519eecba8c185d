import { money } from '../../kernel/money';
import type { AppliedDiscount } from '../promotions';
import type { ShippingQuote } from '../shipping';

// How cart parts look in Magento's types, shared by the cart, checkout and order resolvers.

export function discountView(d: AppliedDiscount, currency: string) {
  return {
    amount: money(d.amount, currency),
    applied_to: 'ITEM',
    label: d.label,
    coupon: d.coupon ? { code: d.coupon } : null,
  };
}

export function shippingMethodView(m: ShippingQuote, currency: string) {
  const amount = money(m.amount, currency);
  // One currency throughout, so the base amount is the amount.
  return {
    ...m,
    amount,
    base_amount: amount,
    price_excl_tax: amount,
    price_incl_tax: amount,
    available: true,
    error_message: null,
  };
}
