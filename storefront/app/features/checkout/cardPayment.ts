// The rules of the card step that need no browser and no Stripe.js: which method code is the
// card, what the Payment Element is told, and how placeOrder's answers read in Stripe's module
// dialect (docs/payments.md). Kept apart so the lazily loaded Stripe.js part stays thin.

/** The method code of Stripe's module for Adobe Commerce, which our server speaks too. */
export const CARD_METHOD_CODE = 'stripe_payments';

const AUTHENTICATION_REQUIRED = /^Authentication Required: (\S+)$/;

/** placeOrder's 3-D Secure answer, `Authentication Required: <client secret>`: the secret, else null. */
export function authenticationSecret(message: string): string | null {
  return AUTHENTICATION_REQUIRED.exec(message.trim())?.[1] ?? null;
}

// ISO 4217 currencies without minor units, as Stripe lists them; amounts in them are whole.
const ZERO_DECIMAL = new Set([
  'BIF',
  'CLP',
  'DJF',
  'GNF',
  'JPY',
  'KMF',
  'KRW',
  'MGA',
  'PYG',
  'RWF',
  'UGX',
  'VND',
  'VUV',
  'XAF',
  'XOF',
  'XPF',
]);

/** An amount in the currency's minor units, as Stripe counts it (12.34 EUR → 1234, 500 JPY → 500). */
export function minorUnits(value: number, currency: string): number {
  return Math.round(ZERO_DECIMAL.has(currency.toUpperCase()) ? value : value * 100);
}

/** What the Payment Element is created with: a deferred intent, the amount only for its display. */
export interface CardElementsOptions {
  mode: 'payment';
  amount: number;
  currency: string;
  paymentMethodCreation: 'manual';
  captureMethod?: 'automatic' | 'manual';
}

/**
 * The Payment Element's options from `getStripeConfiguration.elementsOptions` (JSON) and the cart's
 * total. The amount only shapes what the element shows (wallet sheets, which methods fit); the
 * server charges the total it computes itself. Null when the server's options are unreadable or
 * ask for something this step does not do (another mode, the browser confirming the payment).
 */
export function cardElementsOptions(
  json: string | null | undefined,
  total: { value: number | null; currency: string | null } | null | undefined,
): CardElementsOptions | null {
  if (!json || total?.value == null || !total.currency) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const options = parsed as Record<string, unknown>;
  if (options.mode !== 'payment' || options.paymentMethodCreation !== 'manual') return null;
  const capture = options.captureMethod;
  return {
    mode: 'payment',
    amount: minorUnits(total.value, total.currency),
    currency: total.currency.toLowerCase(),
    paymentMethodCreation: 'manual',
    ...(capture === 'automatic' || capture === 'manual' ? { captureMethod: capture } : {}),
  };
}

/** What one placeOrder call answered, read in the module's dialect. */
export type PlaceOrderAnswer<Order> =
  | { kind: 'placed'; order: Order }
  | { kind: 'authenticate'; clientSecret: string }
  | { kind: 'refused'; message: string };

/** placeOrder's messages (thrown GraphQL errors and the output's `errors`) as one answer. */
export function readPlaceOrderAnswer<Order>(
  order: Order | null | undefined,
  messages: readonly string[],
): PlaceOrderAnswer<Order> {
  for (const message of messages) {
    const clientSecret = authenticationSecret(message);
    if (clientSecret) return { kind: 'authenticate', clientSecret };
  }
  if (messages.length === 0 && order) return { kind: 'placed', order };
  return { kind: 'refused', message: messages.join(' ') };
}

/** The steps of paying by card, each done by the caller: Stripe.js in the browser, GraphQL to the shop. */
export interface CardOrderSteps<Order> {
  /** `elements.submit()` then `stripe.createPaymentMethod({ elements })`: a `pm_…` id, or the card field's problem. */
  createPaymentMethod: () => Promise<{ id: string } | { problem: string }>;
  /** `setPaymentMethodOnCart` with `stripe_payments`. */
  saveOnCart: (paymentMethodId: string) => Promise<void>;
  placeOrder: () => Promise<PlaceOrderAnswer<Order>>;
  /** `stripe.handleNextAction({ clientSecret })`: null once the shopper finished it, else why not. */
  authenticate: (clientSecret: string) => Promise<string | null>;
}

export type CardOrderOutcome<Order> = { kind: 'placed'; order: Order } | { kind: 'cardProblem'; message: string };

// A challenge answered by another challenge (the server asks again) is given up after this many.
const MAX_CHALLENGES = 3;

/**
 * Pays the cart by card. A decline or a failed challenge answers the gateway's reason, with the
 * cart open again on the server for another card; 3-D Secure is finished with Stripe.js and the
 * same cart placed again, which the server answers with the one order (placeOrder is idempotent).
 * Errors without an answer (the network) are thrown to the caller.
 */
export async function payByCard<Order>(
  steps: CardOrderSteps<Order>,
  fallback: string,
): Promise<CardOrderOutcome<Order>> {
  const created = await steps.createPaymentMethod();
  if ('problem' in created) return { kind: 'cardProblem', message: created.problem };
  await steps.saveOnCart(created.id);
  let answer = await steps.placeOrder();
  for (let challenge = 0; answer.kind === 'authenticate'; challenge++) {
    if (challenge >= MAX_CHALLENGES) return { kind: 'cardProblem', message: fallback };
    const problem = await steps.authenticate(answer.clientSecret);
    // Placed again either way: after a failed challenge the server learns it, cancels the payment
    // and gives the cart back, and answers the gateway's reason.
    answer = await steps.placeOrder();
    if (problem && answer.kind === 'authenticate') return { kind: 'cardProblem', message: problem };
  }
  if (answer.kind === 'placed') return answer;
  return { kind: 'cardProblem', message: answer.message || fallback };
}
