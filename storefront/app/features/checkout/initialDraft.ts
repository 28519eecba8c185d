import { draftFromCartAddress } from './addressDraft';
import { type CheckoutDraft, emptyDraft } from './checkoutDraft';
import { shippingMethodKey } from './shippingMethods';
import type { CheckoutCart } from './stepProps';

/** A signed-in customer's name, as the route hands it to checkout. */
export interface CustomerName {
  firstname: string;
  lastname: string;
}

/**
 * The form's starting values: what the shopper typed in this session wins, because it may not
 * have reached the server yet (offline, a failed request); the cart fills in the rest, and a
 * signed-in customer's name starts an address the cart does not have yet.
 */
export function initialDraft(
  stored: CheckoutDraft | null,
  cart: CheckoutCart,
  customerName?: CustomerName,
): CheckoutDraft {
  if (stored) return stored;
  const draft = emptyDraft();
  const shipping = cart.shipping_addresses[0];
  const method = shipping?.selected_shipping_method;
  return {
    ...draft,
    email: cart.email ?? '',
    shipping: shipping
      ? draftFromCartAddress(shipping)
      : { ...draft.shipping, firstname: customerName?.firstname ?? '', lastname: customerName?.lastname ?? '' },
    billing: cart.billing_address ? draftFromCartAddress(cart.billing_address) : draft.billing,
    shippingMethod: method ? shippingMethodKey(method) : '',
    paymentMethod: cart.selected_payment_method?.code ?? '',
  };
}
