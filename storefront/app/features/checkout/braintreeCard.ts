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
export type BraintreeComponent = 'client' | 'hosted-fields' | 'data-collector' | 'three-d-secure';
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
export type TokenizeResult = { nonce: string; deviceData: string | null; bin?: string | null } | { problem: string };

/**
 * What the store asks of 3-D Secure, from StoreConfig's `braintree_3dsecure_*` fields (Magento's
 * Braintree module names); null when the store does not ask for it, or the backend does not say.
 */
export interface ThreeDSecureSettings {
  /** The grand total from which a card is verified (0: every card). */
  thresholdAmount: number;
  /** Ask the issuer for a challenge even where it would let the payment through without one. */
  alwaysChallenge: boolean;
  /** Billing countries 3-D Secure is limited to; null: every country. */
  countries: readonly string[] | null;
}

export interface ThreeDSecureStoreConfig {
  braintree_3dsecure_verify_3dsecure?: boolean | null;
  braintree_3dsecure_threshold_amount?: string | null;
  braintree_3dsecure_always_request_3ds?: boolean | null;
  braintree_3dsecure_allowspecific?: boolean | null;
  braintree_3dsecure_specificcountry?: string | null;
}

export function readThreeDSecureSettings(
  config: ThreeDSecureStoreConfig | null | undefined,
): ThreeDSecureSettings | null {
  if (!config?.braintree_3dsecure_verify_3dsecure) return null;
  const threshold = Number(config.braintree_3dsecure_threshold_amount ?? '0');
  const countries = config.braintree_3dsecure_allowspecific
    ? (config.braintree_3dsecure_specificcountry ?? '')
        .split(',')
        .map((c) => c.trim().toUpperCase())
        .filter(Boolean)
    : null;
  return {
    thresholdAmount: Number.isFinite(threshold) && threshold > 0 ? threshold : 0,
    alwaysChallenge: config.braintree_3dsecure_always_request_3ds === true,
    countries,
  };
}

/** Whether a payment of `amount` with a billing address in `country` is verified, as Magento's module decides. */
export function asksThreeDSecure(settings: ThreeDSecureSettings, amount: number, country: string | null): boolean {
  if (amount < settings.thresholdAmount) return false;
  return settings.countries === null || (country !== null && settings.countries.includes(country.toUpperCase()));
}

/** How the issuer's check ended, when it did not shift the liability. */
export type ThreeDSecureProblem = 'failed' | 'canceled' | 'unavailable';

/** braintree-web's answer to verifyCard, or why there is none. */
export type VerifyResult = { nonce: string } | { problem: ThreeDSecureProblem };

/** The error codes braintree-web rejects verifyCard with when the shopper closed the challenge. */
const CANCEL_CODES = new Set(['THREEDS_CARDINAL_SDK_CANCELED', 'THREEDS_VERIFY_CARD_CANCELED_BY_MERCHANT']);

/** Reads verifyCard's outcome: only a shifted liability pays (the server checks the same). */
export function readVerifyOutcome(
  outcome: { nonce: string; liabilityShifted?: boolean } | { errorCode: string | undefined },
): VerifyResult {
  if ('errorCode' in outcome)
    return { problem: outcome.errorCode && CANCEL_CODES.has(outcome.errorCode) ? 'canceled' : 'unavailable' };
  return outcome.liabilityShifted === true ? { nonce: outcome.nonce } : { problem: 'failed' };
}

/** Braintree's amount for verifyCard: the grand total in major units, with its currency's decimals. */
export function verifyAmount(total: { value: number; currency: string }): string {
  const decimals =
    new Intl.NumberFormat('en', { style: 'currency', currency: total.currency }).resolvedOptions()
      .maximumFractionDigits ?? 2;
  return total.value.toFixed(decimals);
}

/** The steps of paying through Braintree, each done by the caller: the SDK in the browser, GraphQL to the shop. */
export interface BraintreeOrderSteps<Order> {
  /** Hosted fields' `tokenize()` (a new card only). */
  tokenize: () => Promise<TokenizeResult>;
  /**
   * 3-D Secure for the new card's nonce (braintree-web's `verifyCard`), when the store asks for
   * it: a nonce that carries the issuer's answer, or why the payment cannot go on. The cart is
   * not touched until it answers.
   */
  verify?: (tokenized: { nonce: string; bin: string | null }) => Promise<{ nonce: string } | { problem: string }>;
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
    let nonce = tokenized.nonce;
    if (steps.verify) {
      const verified = await steps.verify({ nonce, bin: tokenized.bin ?? null });
      if ('problem' in verified) return { kind: 'cardProblem', message: verified.problem };
      nonce = verified.nonce;
    }
    await steps.saveOnCart({ nonce, deviceData: tokenized.deviceData });
  }
  const answer = await steps.placeOrder();
  if (answer.kind === 'placed') return answer;
  // Braintree's 3-D Secure runs in the browser before the nonce is sent (verify); the server only
  // checks that the issuer took the liability, and refuses with its reason otherwise.
  return { kind: 'cardProblem', message: answer.kind === 'refused' && answer.message ? answer.message : fallback };
}

/** Hosted fields' error codes that mean "the shopper should look at what was typed". */
export type HostedFieldsProblem = 'empty' | 'invalid' | 'failed';
export function hostedFieldsProblem(code: string | undefined): HostedFieldsProblem {
  if (code === 'HOSTED_FIELDS_FIELDS_EMPTY') return 'empty';
  if (code === 'HOSTED_FIELDS_FIELDS_INVALID') return 'invalid';
  return 'failed';
}

/** The part of the cart (as the server answers it) that verifyCard needs. */
export interface VerifyCartView {
  email?: string | null;
  prices?: { grand_total?: { value?: number | null; currency?: string | null } | null } | null;
  billing_address?: {
    firstname?: string | null;
    lastname?: string | null;
    street?: ReadonlyArray<string | null> | null;
    city?: string | null;
    postcode?: string | null;
    telephone?: string | null;
    region?: { code?: string | null } | null;
    country?: { code?: string | null } | null;
  } | null;
}

export interface VerifyCardRequest {
  amount: string;
  nonce: string;
  bin?: string;
  email?: string;
  challengeRequested: boolean;
  billingAddress: {
    givenName?: string;
    surname?: string;
    phoneNumber?: string;
    streetAddress?: string;
    extendedAddress?: string;
    locality?: string;
    region?: string;
    postalCode?: string;
    countryCodeAlpha2?: string;
  };
}

const present = (value: string | null | undefined) => (value ? value : undefined);

/**
 * What verifyCard is asked for this cart: the grand total the server computed, the billing
 * address and e-mail the issuer checks; `skip` when the store's settings do not ask this payment
 * for 3-D Secure, null when the cart has no total to verify.
 */
export function verifyCardRequest(
  cart: VerifyCartView,
  card: { nonce: string; bin: string | null },
  settings: ThreeDSecureSettings,
): VerifyCardRequest | 'skip' | null {
  const total = cart.prices?.grand_total;
  if (typeof total?.value !== 'number' || !total.currency) return null;
  const billing = cart.billing_address;
  const country = billing?.country?.code ?? null;
  if (!asksThreeDSecure(settings, total.value, country)) return 'skip';
  const [street, extended] = (billing?.street ?? []).filter((line): line is string => Boolean(line));
  return {
    amount: verifyAmount({ value: total.value, currency: total.currency }),
    nonce: card.nonce,
    ...(card.bin ? { bin: card.bin } : {}),
    ...(cart.email ? { email: cart.email } : {}),
    challengeRequested: settings.alwaysChallenge,
    billingAddress: {
      givenName: present(billing?.firstname),
      surname: present(billing?.lastname),
      phoneNumber: present(billing?.telephone?.replace(/[^\d+]/g, '')),
      streetAddress: present(street),
      extendedAddress: present(extended),
      locality: present(billing?.city),
      region: present(billing?.region?.code),
      postalCode: present(billing?.postcode),
      countryCodeAlpha2: present(country),
    },
  };
}
