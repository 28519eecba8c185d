import { describe, expect, it } from 'vitest';
import {
  braintreeScriptUrl,
  hostedFieldsProblem,
  isBraintreeChoice,
  keptCardChoice,
  keptCardHash,
  payThroughBraintree,
  readThreeDSecureSettings,
  readVerifyOutcome,
  verifyCardRequest,
  type TokenizeResult,
} from './braintreeCard';
import { readKeptCard } from '../../shared/keptCards';
import type { PlaceOrderAnswer } from './cardPayment';

const HASH = 'a'.repeat(64);

describe('Braintree choices and kept cards', () => {
  it("loads braintree-web from Braintree's CDN at the pinned version", () => {
    expect(braintreeScriptUrl('hosted-fields')).toMatch(
      /^https:\/\/js\.braintreegateway\.com\/web\/3\.\d+\.\d+\/js\/hosted-fields\.min\.js$/,
    );
  });

  it('names a kept card by its public hash, and tells a Braintree choice from others', () => {
    expect(keptCardHash(keptCardChoice(HASH))).toBe(HASH);
    expect(keptCardHash('braintree_cc_vault:')).toBeNull();
    expect(keptCardHash('checkmo')).toBeNull();
    expect(isBraintreeChoice('braintree')).toBe(true);
    expect(isBraintreeChoice(keptCardChoice(HASH))).toBe(true);
    expect(isBraintreeChoice('stripe_payments')).toBe(false);
    expect(isBraintreeChoice('braintree_cc_vault')).toBe(false);
  });

  it('reads a kept card from the vault’s details, and skips what is not a readable card', () => {
    expect(
      readKeptCard({
        public_hash: HASH,
        type: 'card',
        details: JSON.stringify({ type: 'VI', maskedCC: '1111', expirationDate: '12/2030' }),
      }),
    ).toEqual({ publicHash: HASH, brand: 'Visa', last4: '1111', expires: '12/2030' });
    expect(readKeptCard({ public_hash: HASH, type: 'account', details: '{}' })).toBeNull();
    expect(readKeptCard({ public_hash: HASH, type: 'card', details: 'not json' })).toBeNull();
    expect(readKeptCard({ public_hash: HASH, type: 'card', details: '{"maskedCC":"<b>"}' })).toBeNull();
  });

  it('maps hosted fields’ errors to what the shopper should do', () => {
    expect(hostedFieldsProblem('HOSTED_FIELDS_FIELDS_EMPTY')).toBe('empty');
    expect(hostedFieldsProblem('HOSTED_FIELDS_FIELDS_INVALID')).toBe('invalid');
    expect(hostedFieldsProblem('HOSTED_FIELDS_FAILED_TOKENIZATION')).toBe('failed');
  });
});

describe('paying through Braintree', () => {
  function steps(answers: PlaceOrderAnswer<string>[], tokenized: TokenizeResult) {
    const calls: string[] = [];
    return {
      calls,
      steps: {
        tokenize: async () => {
          calls.push('tokenize');
          return tokenized;
        },
        saveOnCart: async (payment: { nonce: string; deviceData: string | null } | { publicHash: string }) => {
          calls.push(`save ${'publicHash' in payment ? payment.publicHash : `${payment.nonce} ${payment.deviceData}`}`);
        },
        placeOrder: async () => {
          calls.push('place');
          return answers.shift() ?? { kind: 'refused' as const, message: '' };
        },
      },
    };
  }

  it('tokenizes a new card, sets its nonce and device data on the cart, then places the order', async () => {
    const { calls, steps: s } = steps([{ kind: 'placed', order: '000000001' }], {
      nonce: 'tokencc_1',
      deviceData: '{"x":1}',
    });
    expect(await payThroughBraintree(s, null, 'fallback')).toEqual({ kind: 'placed', order: '000000001' });
    expect(calls).toEqual(['tokenize', 'save tokencc_1 {"x":1}', 'place']);
  });

  it('with 3-D Secure, places the nonce verifyCard answered, and touches nothing when the check fails', async () => {
    const { calls, steps: s } = steps([{ kind: 'placed', order: '000000003' }], {
      nonce: 'tokencc_1',
      deviceData: null,
      bin: '400000',
    });
    const verified = {
      ...s,
      verify: async (card: { nonce: string; bin: string | null }) => {
        calls.push(`verify ${card.nonce} ${card.bin}`);
        return { nonce: 'tokencc_3ds' };
      },
    };
    expect(await payThroughBraintree(verified, null, 'fallback')).toEqual({ kind: 'placed', order: '000000003' });
    expect(calls).toEqual(['tokenize', 'verify tokencc_1 400000', 'save tokencc_3ds null', 'place']);

    const failed = steps([], { nonce: 'tokencc_2', deviceData: null });
    const refused = { ...failed.steps, verify: async () => ({ problem: 'Your card issuer did not confirm' }) };
    expect(await payThroughBraintree(refused, null, 'fallback')).toEqual({
      kind: 'cardProblem',
      message: 'Your card issuer did not confirm',
    });
    expect(failed.calls).toEqual(['tokenize']);
  });

  it('pays with a kept card without the hosted fields', async () => {
    const { calls, steps: s } = steps([{ kind: 'placed', order: '000000002' }], { problem: 'unused' });
    expect(await payThroughBraintree(s, HASH, 'fallback')).toEqual({ kind: 'placed', order: '000000002' });
    expect(calls).toEqual([`save ${HASH}`, 'place']);
  });

  it("answers the fields' problem without touching the cart, and the gateway's decline reason", async () => {
    const invalid = steps([], { problem: 'Check the card details' });
    expect(await payThroughBraintree(invalid.steps, null, 'fallback')).toEqual({
      kind: 'cardProblem',
      message: 'Check the card details',
    });
    expect(invalid.calls).toEqual(['tokenize']);
    const declined = steps(
      [{ kind: 'refused', message: 'Do Not Honor. Choose another payment method and try again.' }],
      {
        nonce: 'n',
        deviceData: null,
      },
    );
    expect(await payThroughBraintree(declined.steps, null, 'fallback')).toEqual({
      kind: 'cardProblem',
      message: 'Do Not Honor. Choose another payment method and try again.',
    });
    const silent = steps([{ kind: 'refused', message: '' }], { nonce: 'n', deviceData: null });
    expect(await payThroughBraintree(silent.steps, null, 'fallback')).toEqual({
      kind: 'cardProblem',
      message: 'fallback',
    });
  });
});

describe('Braintree 3-D Secure in the storefront', () => {
  const on = {
    braintree_3dsecure_verify_3dsecure: true,
    braintree_3dsecure_threshold_amount: '0',
    braintree_3dsecure_always_request_3ds: false,
    braintree_3dsecure_allowspecific: false,
    braintree_3dsecure_specificcountry: null,
  };
  const cart = (value: number, country = 'US') => ({
    email: 'ada@example.com',
    prices: { grand_total: { value, currency: 'USD' } },
    billing_address: {
      firstname: 'Ada',
      lastname: 'Lovelace',
      street: ['1 Analytical Way', 'Floor 2'],
      city: 'San Francisco',
      postcode: '94103',
      telephone: '+1 415 555 0100',
      region: { code: 'CA' },
      country: { code: country },
    },
  });
  const card = { nonce: 'tokencc_1', bin: '400000' };

  it("reads the store's settings from StoreConfig; off, or unknown to the backend, asks nothing", () => {
    expect(readThreeDSecureSettings(on)).toEqual({ thresholdAmount: 0, alwaysChallenge: false, countries: null });
    expect(readThreeDSecureSettings({ ...on, braintree_3dsecure_verify_3dsecure: false })).toBeNull();
    expect(readThreeDSecureSettings(undefined)).toBeNull();
    expect(
      readThreeDSecureSettings({
        ...on,
        braintree_3dsecure_threshold_amount: '50',
        braintree_3dsecure_always_request_3ds: true,
        braintree_3dsecure_allowspecific: true,
        braintree_3dsecure_specificcountry: 'FR, gb',
      }),
    ).toEqual({ thresholdAmount: 50, alwaysChallenge: true, countries: ['FR', 'GB'] });
  });

  it("asks verifyCard for the server's grand total and the billing address, as Braintree names them", () => {
    const settings = readThreeDSecureSettings({ ...on, braintree_3dsecure_always_request_3ds: true })!;
    expect(verifyCardRequest(cart(42.5), card, settings)).toEqual({
      amount: '42.50',
      nonce: 'tokencc_1',
      bin: '400000',
      email: 'ada@example.com',
      challengeRequested: true,
      billingAddress: {
        givenName: 'Ada',
        surname: 'Lovelace',
        phoneNumber: '+14155550100',
        streetAddress: '1 Analytical Way',
        extendedAddress: 'Floor 2',
        locality: 'San Francisco',
        region: 'CA',
        postalCode: '94103',
        countryCodeAlpha2: 'US',
      },
    });
    expect(verifyCardRequest({ ...cart(1), prices: null }, card, settings)).toBeNull();
  });

  it('skips a payment below the threshold or outside the countries, as the module does', () => {
    const settings = readThreeDSecureSettings({
      ...on,
      braintree_3dsecure_threshold_amount: '50',
      braintree_3dsecure_allowspecific: true,
      braintree_3dsecure_specificcountry: 'FR',
    })!;
    expect(verifyCardRequest(cart(49.99, 'FR'), card, settings)).toBe('skip');
    expect(verifyCardRequest(cart(80, 'US'), card, settings)).toBe('skip');
    expect(verifyCardRequest(cart(80, 'FR'), card, settings)).toMatchObject({ amount: '80.00' });
  });

  it('goes on only when the liability shifted; a closed challenge is a cancel', () => {
    expect(readVerifyOutcome({ nonce: 'n3', liabilityShifted: true })).toEqual({ nonce: 'n3' });
    expect(readVerifyOutcome({ nonce: 'n3', liabilityShifted: false })).toEqual({ problem: 'failed' });
    expect(readVerifyOutcome({ errorCode: 'THREEDS_CARDINAL_SDK_CANCELED' })).toEqual({ problem: 'canceled' });
    expect(readVerifyOutcome({ errorCode: 'THREEDS_LOOKUP_ERROR' })).toEqual({ problem: 'unavailable' });
    expect(readVerifyOutcome({ errorCode: undefined })).toEqual({ problem: 'unavailable' });
  });
});
