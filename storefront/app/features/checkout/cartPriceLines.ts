import type { CheckoutCartFieldsFragment } from '../../__generated__/graphql';
import type { PriceLines } from './PriceSummary';

/** The cart's totals in the summary's shape, each amount as the server computed it (no sums here). */
export function cartPriceLines(cart: CheckoutCartFieldsFragment): PriceLines {
  const prices = cart.prices;
  const method = cart.shipping_addresses[0]?.selected_shipping_method;
  return {
    subtotal: prices?.subtotal_excluding_tax,
    discounts: (prices?.discounts ?? []).flatMap((discount) =>
      discount ? [{ label: discount.label, amount: discount.amount }] : [],
    ),
    shipping: method ? method.amount : null,
    taxes: (prices?.applied_taxes ?? []).flatMap((tax) => (tax ? [{ label: tax.label, amount: tax.amount }] : [])),
    grandTotal: prices?.grand_total,
  };
}
