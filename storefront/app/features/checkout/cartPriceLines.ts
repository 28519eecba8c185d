import type { CheckoutCartFieldsFragment } from '../../__generated__/graphql';
import type { PriceLines } from './PriceSummary';

/** The cart's totals in the summary's shape; taxes are added up, they show as one line. */
export function cartPriceLines(cart: CheckoutCartFieldsFragment): PriceLines {
  const prices = cart.prices;
  const currency = prices?.grand_total?.currency ?? prices?.subtotal_excluding_tax?.currency ?? null;
  const taxes = (prices?.applied_taxes ?? []).flatMap((tax) => (tax ? [tax.amount.value ?? 0] : []));
  const method = cart.shipping_addresses[0]?.selected_shipping_method;
  return {
    subtotal: prices?.subtotal_excluding_tax,
    discounts: (prices?.discounts ?? []).flatMap((discount) =>
      discount ? [{ label: discount.label, amount: discount.amount }] : [],
    ),
    shipping: method ? method.amount : null,
    tax: { value: Math.round(taxes.reduce((sum, value) => sum + value, 0) * 100) / 100, currency },
    grandTotal: prices?.grand_total,
  };
}
