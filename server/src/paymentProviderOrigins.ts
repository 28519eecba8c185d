// The browser origins a card gateway's own script needs, opened in the Content-Security-Policy
// and the Permissions-Policy only while that gateway is switched on (its keys are configured):
// a shop without Stripe never lets a page load js.stripe.com (nor one without Braintree braintreegateway.com). Stripe's list is from its CSP
// guide: Stripe.js and its frames from js.stripe.com (3-D Secure frames from hooks.stripe.com),
// API calls to api.stripe.com, and the Payment Request API (`payment`) for Apple Pay and Google Pay.

export interface PaymentProviderSwitches {
  stripe: boolean;
  /** Braintree's environment while it is on (its API and analytics hosts differ by environment). */
  braintree?: 'sandbox' | 'production' | null;
  /** The wallets offered through Braintree (only while Braintree is on). */
  braintreeWallets?: { applePay: boolean; googlePay: boolean };
}

export interface PaymentOrigins {
  script: readonly string[];
  frame: readonly string[];
  connect: readonly string[];
  /** Origins the `payment` feature (wallets) is allowed for, besides the shop itself; none: `payment=()`. */
  payment: readonly string[];
  /** A wallet runs in the shop's own page (Apple Pay through Braintree): `payment` is allowed for the shop. */
  paymentForShop?: boolean;
}

const STRIPE: PaymentOrigins = {
  script: ['https://js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
  payment: ['https://js.stripe.com'],
};

// Braintree's, from its CSP guide for the JavaScript SDK (cards: hosted fields and the drop-in,
// 3-D Secure through Cardinal): the SDK's scripts from js.braintreegateway.com and
// assets.braintreegateway.com, its frames from assets.braintreegateway.com, calls to the gateway's
// client API, its GraphQL API and its analytics, and Cardinal's 3-D Secure script and frames.
// PayPal's own origins (PayPal through Braintree) are not opened: the shop does not offer it.
function braintreeOrigins(environment: 'sandbox' | 'production'): PaymentOrigins {
  const sandbox = environment === 'sandbox';
  return {
    script: [
      'https://js.braintreegateway.com',
      'https://assets.braintreegateway.com',
      'https://songbird.cardinalcommerce.com',
    ],
    frame: ['https://assets.braintreegateway.com', 'https://*.cardinalcommerce.com'],
    connect: sandbox
      ? [
          'https://api.sandbox.braintreegateway.com',
          'https://client-analytics.sandbox.braintreegateway.com',
          'https://payments.sandbox.braintree-api.com',
          'https://*.cardinalcommerce.com',
        ]
      : [
          'https://api.braintreegateway.com',
          'https://client-analytics.braintreegateway.com',
          'https://payments.braintree-api.com',
          'https://*.cardinalcommerce.com',
        ],
    payment: [],
  };
}

// Wallets through Braintree: Apple Pay runs in the shop's own page (ApplePaySession, `payment` for
// self); Google Pay's script, its frames and its API come from Google (Google Pay's web guide).
const BRAINTREE_APPLE_PAY: PaymentOrigins = { script: [], frame: [], connect: [], payment: [], paymentForShop: true };
const BRAINTREE_GOOGLE_PAY: PaymentOrigins = {
  script: ['https://pay.google.com'],
  frame: ['https://pay.google.com'],
  connect: ['https://pay.google.com', 'https://google.com'],
  payment: ['https://pay.google.com'],
};

export const NO_PAYMENT_ORIGINS: PaymentOrigins = { script: [], frame: [], connect: [], payment: [] };

export function paymentOrigins(switches: PaymentProviderSwitches | undefined): PaymentOrigins {
  const on = [
    ...(switches?.stripe ? [STRIPE] : []),
    ...(switches?.braintree ? [braintreeOrigins(switches.braintree)] : []),
    ...(switches?.braintree && switches.braintreeWallets?.applePay ? [BRAINTREE_APPLE_PAY] : []),
    ...(switches?.braintree && switches.braintreeWallets?.googlePay ? [BRAINTREE_GOOGLE_PAY] : []),
  ];
  if (on.length === 0) return NO_PAYMENT_ORIGINS;
  const merged = (key: 'script' | 'frame' | 'connect' | 'payment') => [
    ...new Set(on.flatMap((origins) => origins[key])),
  ];
  return {
    script: merged('script'),
    frame: merged('frame'),
    connect: merged('connect'),
    payment: merged('payment'),
    paymentForShop: on.some((origins) => origins.paymentForShop === true),
  };
}

/** The Permissions-Policy value for `payment`: off, or the shop and the gateways' frames. */
export function paymentPermission(origins: PaymentOrigins): string {
  return origins.payment.length === 0 && !origins.paymentForShop
    ? 'payment=()'
    : `payment=(self${origins.payment.map((o) => ` "${o}"`).join('')})`;
}
