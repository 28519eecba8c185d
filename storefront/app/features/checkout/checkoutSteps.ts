import type { CheckoutCartFieldsFragment } from '../../__generated__/graphql';
import { BRAINTREE_METHOD_CODE, BRAINTREE_VAULT_METHOD_CODE } from './braintreeCard';
import { CARD_METHOD_CODE } from './cardPayment';

// Methods paid from the payment step itself: the card lives in the gateway's field, never in the cart.
const PAID_AT_PAYMENT = new Set([CARD_METHOD_CODE, BRAINTREE_METHOD_CODE, BRAINTREE_VAULT_METHOD_CODE]);

export const CHECKOUT_STEPS = ['email', 'shipping', 'shippingMethod', 'payment', 'review'] as const;
export type CheckoutStep = (typeof CHECKOUT_STEPS)[number];
export type StepState = 'done' | 'open' | 'pending';

type CartProgress = Pick<
  CheckoutCartFieldsFragment,
  'email' | 'shipping_addresses' | 'billing_address' | 'selected_payment_method' | 'is_virtual'
>;

// The steps a cart with nothing to ship (Cart.is_virtual: virtual products only) goes through.
const NOTHING_TO_SHIP_STEPS: readonly CheckoutStep[] = CHECKOUT_STEPS.filter(
  (step) => step !== 'shipping' && step !== 'shippingMethod',
);

/** The cart's steps, in order: no shipping address or method when there is nothing to ship. */
export function checkoutStepsFor(cart: Pick<CartProgress, 'is_virtual'>): readonly CheckoutStep[] {
  return cart.is_virtual ? NOTHING_TO_SHIP_STEPS : CHECKOUT_STEPS;
}

/** Whether the cart already holds what a step asks for. Review is never done: placing the order ends it. */
export function isStepComplete(step: CheckoutStep, cart: CartProgress): boolean {
  const shipping = cart.shipping_addresses[0];
  switch (step) {
    case 'email':
      return Boolean(cart.email);
    case 'shipping':
      return Boolean(shipping);
    case 'shippingMethod':
      return Boolean(shipping?.selected_shipping_method);
    case 'payment':
      // A card is paid from the payment step itself (its details live in the gateway's field, never
      // in the cart), so a cart that has a card chosen goes back there, not on to Review.
      return Boolean(
        cart.selected_payment_method?.code &&
        !PAID_AT_PAYMENT.has(cart.selected_payment_method.code) &&
        cart.billing_address,
      );
    case 'review':
      return false;
  }
}

/** Where a shopper arriving at checkout (or reloading it) continues: the first step not yet done. */
export function firstOpenStep(cart: CartProgress): CheckoutStep {
  return checkoutStepsFor(cart).find((step) => !isStepComplete(step, cart)) ?? 'review';
}

/**
 * The step to open after `step` was saved. A new address can change which shipping methods
 * exist and what they cost, so the method step always follows it; otherwise the first later
 * step that is not done yet, which skips steps an Edit left untouched.
 */
export function stepAfter(step: CheckoutStep, cart: CartProgress): CheckoutStep {
  const steps = checkoutStepsFor(cart);
  if (step === 'shipping' && steps.includes('shippingMethod')) return 'shippingMethod';
  const later = CHECKOUT_STEPS.slice(CHECKOUT_STEPS.indexOf(step) + 1).filter((s) => steps.includes(s));
  return later.find((candidate) => !isStepComplete(candidate, cart)) ?? 'review';
}

/** A step can never be open while an earlier one is missing (the server may drop a choice that no longer applies). */
export function reachableStep(open: CheckoutStep, cart: CartProgress): CheckoutStep {
  const first = firstOpenStep(cart);
  // A step the cart does not have (its last item to ship was removed) gives way to the first open one.
  if (!checkoutStepsFor(cart).includes(open)) return first;
  return CHECKOUT_STEPS.indexOf(first) < CHECKOUT_STEPS.indexOf(open) ? first : open;
}

/**
 * How each step shows: the open one as its form, done steps before it as summaries with Edit,
 * everything after it as a closed heading — even when the cart holds data for it, because an
 * earlier change (a new address) may have made that data stale, and steps must not be edited
 * out of order.
 */
export function stepStates(open: CheckoutStep, cart: CartProgress): Record<CheckoutStep, StepState> {
  const openIndex = CHECKOUT_STEPS.indexOf(open);
  const states = {} as Record<CheckoutStep, StepState>;
  CHECKOUT_STEPS.forEach((step, index) => {
    if (index === openIndex) states[step] = 'open';
    else if (index < openIndex && isStepComplete(step, cart)) states[step] = 'done';
    else states[step] = 'pending';
  });
  return states;
}
