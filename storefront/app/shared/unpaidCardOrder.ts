// What an order says of its card payment, read the same way by the account's order list, its order
// page and a guest's order lookup: a card order waiting for its 3-D Secure step carries the cart it
// was placed from (the server answers it to the order's own shopper only, as the payment's
// `additional_data` `cart_id`); placeOrder on that cart finishes paying, never a second order.

const CARD_METHODS = new Set([
  'stripe_payments',
  'braintree',
  'braintree_cc_vault',
  'braintree_applepay',
  'braintree_googlepay',
]);

interface OrderPaymentView {
  state?: string | null;
  payment_methods?: ReadonlyArray<{
    type: string;
    additional_data?: ReadonlyArray<{ name: string | null; value: string | null } | null> | null;
  } | null> | null;
}

/** The cart of an order whose card payment waits for the shopper; null for any other order. */
export function waitingPaymentCartId(order: OrderPaymentView): string | null {
  for (const method of order.payment_methods ?? []) {
    const cartId = method?.additional_data?.find((d) => d?.name === 'cart_id')?.value;
    if (cartId && method && CARD_METHODS.has(method.type)) return cartId;
  }
  return null;
}

/** A card order canceled before it was paid (its payment expired, failed or was given up). */
export function cardPaymentEnded(order: OrderPaymentView): boolean {
  return order.state === 'canceled' && (order.payment_methods ?? []).some((m) => m && CARD_METHODS.has(m.type));
}
