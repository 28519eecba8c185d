// The browser origins a card gateway's own script needs, opened in the Content-Security-Policy
// and the Permissions-Policy only while that gateway is switched on (its keys are configured):
// a shop without Stripe never lets a page load js.stripe.com. Stripe's list is from its CSP
// guide: Stripe.js and its frames from js.stripe.com (3-D Secure frames from hooks.stripe.com),
// API calls to api.stripe.com, and the Payment Request API (`payment`) for Apple Pay and Google Pay.

export interface PaymentProviderSwitches {
  stripe: boolean;
}

export interface PaymentOrigins {
  script: readonly string[];
  frame: readonly string[];
  connect: readonly string[];
  /** Origins the `payment` feature (wallets) is allowed for, besides the shop itself; none: `payment=()`. */
  payment: readonly string[];
}

const STRIPE: PaymentOrigins = {
  script: ['https://js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
  payment: ['https://js.stripe.com'],
};

export const NO_PAYMENT_ORIGINS: PaymentOrigins = { script: [], frame: [], connect: [], payment: [] };

export function paymentOrigins(switches: PaymentProviderSwitches | undefined): PaymentOrigins {
  return switches?.stripe ? STRIPE : NO_PAYMENT_ORIGINS;
}

/** The Permissions-Policy value for `payment`: off, or the shop and the gateways' frames. */
export function paymentPermission(origins: PaymentOrigins): string {
  return origins.payment.length === 0
    ? 'payment=()'
    : `payment=(self ${origins.payment.map((o) => `"${o}"`).join(' ')})`;
}
