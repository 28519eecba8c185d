import { moneyValue as money, type MoneyFields, type MoneyValue } from './money';
import { shippingMethodLabel } from './shippingMethodLabel';

/**
 * One line of a price summary: the cart page, checkout, the order confirmation and an order in
 * the account all show these, with one renderer (shared/PriceSummary.tsx). An empty label means
 * the server gave none (an order's tax total, an order's shipping).
 */
export type SummaryLine =
  | { kind: 'subtotal'; amount: MoneyValue }
  | { kind: 'discount'; label: string; amount: MoneyValue }
  | { kind: 'shipping'; label: string; amount: MoneyValue; estimated: boolean }
  /** Checkout before a shipping method is chosen: the total does not hold shipping yet. */
  | { kind: 'shippingPending' }
  | { kind: 'tax'; label: string; amount: MoneyValue }
  | { kind: 'total'; amount: MoneyValue; shippingIncluded: boolean };

/** What the cart page and checkout both select of a cart's prices (CartPrices and the chosen method). */
export interface PricedCart {
  /** Every line has nothing to ship (a virtual product): no shipping line, the total is final. */
  is_virtual?: boolean | null;
  prices?: {
    subtotal_excluding_tax?: MoneyFields | null;
    grand_total?: MoneyFields | null;
    discounts?: ReadonlyArray<{ label: string; amount: MoneyFields } | null> | null;
    applied_taxes?: ReadonlyArray<{ label: string; amount: MoneyFields } | null> | null;
  } | null;
  shipping_addresses: ReadonlyArray<{
    selected_shipping_method?: {
      carrier_title?: string | null;
      method_title?: string | null;
      amount: MoneyFields;
    } | null;
  } | null>;
}

export interface ShippingEstimateChoice {
  label: string;
  amount: MoneyValue;
}

/**
 * The lines of the cart's price summary, all amounts as the server computed them. Discounts
 * are shown as negative amounts. A shipping method chosen on the cart is part of the grand
 * total; an estimate is only shown beside it, since the server has not priced it into the cart.
 */
export function priceSummaryLines(
  cart: PricedCart,
  estimate: ShippingEstimateChoice | null = null,
  options: { shippingPending?: boolean } = {},
): SummaryLine[] {
  const lines: SummaryLine[] = [];
  const prices = cart.prices;
  const subtotal = money(prices?.subtotal_excluding_tax);
  if (subtotal) lines.push({ kind: 'subtotal', amount: subtotal });
  for (const discount of prices?.discounts ?? []) {
    const amount = money(discount?.amount);
    if (!discount || !amount || amount.value === 0) continue;
    lines.push({ kind: 'discount', label: discount.label, amount: { ...amount, value: -Math.abs(amount.value) } });
  }
  const selected = cart.shipping_addresses.find(
    (address) => address?.selected_shipping_method,
  )?.selected_shipping_method;
  const selectedAmount = money(selected?.amount);
  if (selected && selectedAmount) {
    const label = shippingMethodLabel(selected.carrier_title, selected.method_title);
    lines.push({ kind: 'shipping', label, amount: selectedAmount, estimated: false });
  } else if (estimate) {
    lines.push({ kind: 'shipping', label: estimate.label, amount: estimate.amount, estimated: true });
  } else if (options.shippingPending && !cart.is_virtual) {
    lines.push({ kind: 'shippingPending' });
  }
  for (const tax of prices?.applied_taxes ?? []) {
    const amount = money(tax?.amount);
    if (!tax || !amount) continue;
    lines.push({ kind: 'tax', label: tax.label, amount });
  }
  const total = money(prices?.grand_total);
  if (total)
    lines.push({ kind: 'total', amount: total, shippingIncluded: Boolean(selected) || Boolean(cart.is_virtual) });
  return lines;
}

/** What an order (CustomerOrder.total) holds: the sums the server stored when it was placed. */
export interface PricedOrderTotal {
  subtotal?: MoneyFields | null;
  discounts?: ReadonlyArray<{ label?: string | null; amount: MoneyFields } | null> | null;
  total_shipping?: MoneyFields | null;
  total_tax?: MoneyFields | null;
  grand_total?: MoneyFields | null;
}

/** The lines of a placed order's summary: its shipping and tax are single totals. */
export function orderSummaryLines(total: PricedOrderTotal | null | undefined): SummaryLine[] {
  if (!total) return [];
  const lines: SummaryLine[] = [];
  const subtotal = money(total.subtotal);
  if (subtotal) lines.push({ kind: 'subtotal', amount: subtotal });
  for (const discount of total.discounts ?? []) {
    const amount = money(discount?.amount);
    if (!discount || !amount || amount.value === 0) continue;
    lines.push({
      kind: 'discount',
      label: discount.label ?? '',
      amount: { ...amount, value: -Math.abs(amount.value) },
    });
  }
  const shipping = money(total.total_shipping);
  if (shipping) lines.push({ kind: 'shipping', label: '', amount: shipping, estimated: false });
  const tax = money(total.total_tax);
  if (tax) lines.push({ kind: 'tax', label: '', amount: tax });
  const grand = money(total.grand_total);
  if (grand) lines.push({ kind: 'total', amount: grand, shippingIncluded: true });
  return lines;
}
