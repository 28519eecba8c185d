// The rules of paying through Braintree that need no browser and no Braintree script: its method
// codes as Magento's Braintree module names them, where its browser SDK is loaded from, what a kept
// card is shown as, and the order of the calls (docs/payments.md). The lazily loaded part that
// talks to Braintree's hosted fields stays thin.
import { type PlaceOrderAnswer } from './cardPayment';

/** A new card, through Braintree's hosted fields. */
export const BRAINTREE_METHOD_CODE = 'braintree';
/** A card the signed-in customer kept at Braintree (Magento's vault). */
export const BRAINTREE_VAULT_METHOD_CODE = 'braintree_cc_vault';

/**
 * braintree-web, Braintree's browser SDK, from its own CDN as its setup guide documents, at a
 * pinned version: card data is typed into Braintree's frames, never into our page (PCI SAQ-A).
 */
export const BRAINTREE_WEB_VERSION = '3.144.0';
export type BraintreeComponent = 'client' | 'hosted-fields' | 'data-collector';
export const braintreeScriptUrl = (component: BraintreeComponent) =>
  `https://js.braintreegateway.com/web/${BRAINTREE_WEB_VERSION}/js/${component}.min.js`;

// The choice list's value for a kept card: the vault's code and the card's public hash.
const KEPT_PREFIX = `${BRAINTREE_VAULT_METHOD_CODE}:`;
export const keptCardChoice = (publicHash: string) => `${KEPT_PREFIX}${publicHash}`;
/** The public hash of a kept card's choice, else null. */
export function keptCardHash(choice: string): string | null {
  return choice.startsWith(KEPT_PREFIX) && choice.length > KEPT_PREFIX.length ? choice.slice(KEPT_PREFIX.length) : null;
}

/** Whether a method is paid from the payment step itself (its card lives in the gateway's field). */
export function isBraintreeChoice(choice: string): boolean {
  return choice === BRAINTREE_METHOD_CODE || keptCardHash(choice) !== null;
}

/** What hosted fields made of the typed card: a single-use nonce and the device data, or why not. */
export type TokenizeResult = { nonce: string; deviceData: string | null } | { problem: string };

/** The steps of paying through Braintree, each done by the caller: the SDK in the browser, GraphQL to the shop. */
export interface BraintreeOrderSteps<Order> {
  /** Hosted fields' `tokenize()` (a new card only). */
  tokenize: () => Promise<TokenizeResult>;
  /** `setPaymentMethodOnCart` with `braintree` (a nonce) or `braintree_cc_vault` (a kept card). */
  saveOnCart: (payment: { nonce: string; deviceData: string | null } | { publicHash: string }) => Promise<void>;
  placeOrder: () => Promise<PlaceOrderAnswer<Order>>;
}

export type BraintreeOutcome<Order> = { kind: 'placed'; order: Order } | { kind: 'cardProblem'; message: string };

/**
 * Pays the cart through Braintree, with a new card (`keptCard` null) or a kept one. A decline
 * answers the gateway's reason with the cart open again on the server, so the shopper may try
 * another card; errors without an answer (the network) are thrown to the caller.
 */
export async function payThroughBraintree<Order>(
  steps: BraintreeOrderSteps<Order>,
  keptCard: string | null,
  fallback: string,
): Promise<BraintreeOutcome<Order>> {
  if (keptCard) await steps.saveOnCart({ publicHash: keptCard });
  else {
    const tokenized = await steps.tokenize();
    if ('problem' in tokenized) return { kind: 'cardProblem', message: tokenized.problem };
    await steps.saveOnCart(tokenized);
  }
  const answer = await steps.placeOrder();
  if (answer.kind === 'placed') return answer;
  // Braintree's 3-D Secure runs in the browser before the nonce is sent; the server never asks.
  return { kind: 'cardProblem', message: answer.kind === 'refused' && answer.message ? answer.message : fallback };
}

/** Hosted fields' error codes that mean "the shopper should look at what was typed". */
export type HostedFieldsProblem = 'empty' | 'invalid' | 'failed';
export function hostedFieldsProblem(code: string | undefined): HostedFieldsProblem {
  if (code === 'HOSTED_FIELDS_FIELDS_EMPTY') return 'empty';
  if (code === 'HOSTED_FIELDS_FIELDS_INVALID') return 'invalid';
  return 'failed';
}
