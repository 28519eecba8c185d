import { describe, expect, it } from 'vitest';
import {
  braintreeScriptUrl,
  hostedFieldsProblem,
  isBraintreeChoice,
  keptCardChoice,
  keptCardHash,
  payThroughBraintree,
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
  function steps(
    answers: PlaceOrderAnswer<string>[],
    tokenized: { nonce: string; deviceData: string | null } | { problem: string },
  ) {
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
