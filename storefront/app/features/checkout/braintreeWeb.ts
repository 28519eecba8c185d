// Braintree's browser SDK (braintree-web), loaded from Braintree's CDN by its documented script
// tags at the pinned version (braintreeCard.ts), only when the Braintree card is shown. The types
// below are the part of the SDK this shop calls, as braintree-web documents it.
import { type BraintreeComponent, braintreeScriptUrl } from './braintreeCard';

export interface BraintreeError {
  code?: string;
  message?: string;
  details?: { invalidFieldKeys?: string[] };
}

export interface BraintreeClient {
  teardown(): Promise<void>;
}

export interface HostedFieldOptions {
  container: string;
  placeholder?: string;
  /** Read by screen readers inside Braintree's frame. */
  internalLabel?: string;
}

export interface HostedFieldsTokenizePayload {
  nonce: string;
  details: { bin?: string; cardType?: string; lastFour?: string };
}

export interface HostedFields {
  tokenize(): Promise<HostedFieldsTokenizePayload>;
  focus(field: 'number' | 'expirationDate' | 'cvv'): void;
  teardown(): Promise<void>;
}

export interface DataCollector {
  deviceData: string;
  teardown(): Promise<void>;
}

/** The billing address verifyCard passes to the card issuer (braintree-web's names). */
export interface ThreeDSecureBillingAddress {
  givenName?: string;
  surname?: string;
  phoneNumber?: string;
  streetAddress?: string;
  extendedAddress?: string;
  locality?: string;
  region?: string;
  postalCode?: string;
  countryCodeAlpha2?: string;
}

export interface VerifyCardOptions {
  /** The amount to authenticate, in major units ("12.34"). */
  amount: string;
  nonce: string;
  bin?: string;
  email?: string;
  billingAddress?: ThreeDSecureBillingAddress;
  challengeRequested?: boolean;
  /** Called after the issuer's lookup; `next` goes on to the challenge (in Braintree's own frame) if one is needed. */
  onLookupComplete: (data: unknown, next: () => void) => void;
}

export interface VerifyCardPayload {
  nonce: string;
  liabilityShifted?: boolean;
  liabilityShiftPossible?: boolean;
}

export interface ThreeDSecure {
  verifyCard(options: VerifyCardOptions): Promise<VerifyCardPayload>;
  teardown(): Promise<void>;
}

export interface BraintreeWeb {
  client: { create(options: { authorization: string }): Promise<BraintreeClient> };
  hostedFields: {
    create(options: {
      client: BraintreeClient;
      fields: { number: HostedFieldOptions; expirationDate: HostedFieldOptions; cvv: HostedFieldOptions };
      styles?: Record<string, Record<string, string>>;
    }): Promise<HostedFields>;
  };
  dataCollector: { create(options: { client: BraintreeClient }): Promise<DataCollector> };
}

/** braintree-web's 3-D Secure component, loaded only for a store that asks for 3-D Secure. */
export interface BraintreeThreeDSecureWeb {
  threeDSecure: { create(options: { client: BraintreeClient; version: 2 }): Promise<ThreeDSecure> };
}

declare global {
  interface Window {
    braintree?: Partial<BraintreeWeb & BraintreeThreeDSecureWeb>;
  }
}

const COMPONENTS: readonly BraintreeComponent[] = ['client', 'hosted-fields', 'data-collector'];

function addScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const existing = document.querySelector<HTMLScriptElement>(`script[src="${src}"]`);
    if (existing?.dataset.loaded === '1') return resolve();
    const script = existing ?? document.createElement('script');
    script.addEventListener('load', () => {
      script.dataset.loaded = '1';
      resolve();
    });
    script.addEventListener('error', () => {
      script.remove();
      reject(new Error(`Braintree's script did not load: ${src}`));
    });
    if (!existing) {
      script.src = src;
      script.async = true;
      document.head.appendChild(script);
    }
  });
}

function complete(sdk: Partial<BraintreeWeb> | undefined): sdk is BraintreeWeb {
  return Boolean(sdk?.client && sdk.hostedFields && sdk.dataCollector);
}

let loading: Promise<BraintreeWeb> | null = null;

/** braintree-web's client, hosted fields and data collector, loaded once per page. */
export function loadBraintreeWeb(): Promise<BraintreeWeb> {
  if (!loading) {
    loading = Promise.all(COMPONENTS.map((c) => addScript(braintreeScriptUrl(c)))).then(() => {
      const sdk = window.braintree;
      if (!complete(sdk)) throw new Error('braintree-web loaded without its client, hosted fields or data collector');
      return sdk;
    });
    // A failed load (offline, blocked) may be tried again when the card is chosen again.
    loading.catch(() => (loading = null));
  }
  return loading;
}

let loadingThreeDSecure: Promise<BraintreeThreeDSecureWeb> | null = null;

/** braintree-web's 3-D Secure component, loaded once per page when the store asks for 3-D Secure. */
export function loadBraintreeThreeDSecure(): Promise<BraintreeThreeDSecureWeb> {
  if (!loadingThreeDSecure) {
    loadingThreeDSecure = addScript(braintreeScriptUrl('three-d-secure')).then(() => {
      const threeDSecure = window.braintree?.threeDSecure;
      if (!threeDSecure) throw new Error('braintree-web loaded without its 3-D Secure component');
      return { threeDSecure };
    });
    loadingThreeDSecure.catch(() => (loadingThreeDSecure = null));
  }
  return loadingThreeDSecure;
}
