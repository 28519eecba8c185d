import { describe, expect, it } from 'vitest';
import {
  type CardOrderSteps,
  type PlaceOrderAnswer,
  authenticationSecret,
  cardElementsOptions,
  minorUnits,
  payByCard,
  readPlaceOrderAnswer,
} from './cardPayment';

const ELEMENTS = JSON.stringify({ mode: 'payment', captureMethod: 'automatic', paymentMethodCreation: 'manual' });

describe('the card step rules', () => {
  it('reads the client secret out of the module’s 3-D Secure answer, and nothing else', () => {
    expect(authenticationSecret('Authentication Required: pi_123_secret_abc')).toBe('pi_123_secret_abc');
    expect(authenticationSecret('Your card was declined.')).toBeNull();
    expect(authenticationSecret('Authentication Required: ')).toBeNull();
  });

  it('counts amounts in minor units, whole in zero-decimal currencies', () => {
    expect(minorUnits(12.34, 'EUR')).toBe(1234);
    expect(minorUnits(19.99, 'usd')).toBe(1999);
    expect(minorUnits(500, 'JPY')).toBe(500);
  });

  it('gives the Payment Element a deferred intent with the cart total for display', () => {
    expect(cardElementsOptions(ELEMENTS, { value: 42.5, currency: 'EUR' })).toEqual({
      mode: 'payment',
      amount: 4250,
      currency: 'eur',
      paymentMethodCreation: 'manual',
      captureMethod: 'automatic',
    });
  });

  it('offers no card for unreadable options, a browser-confirmed flow or a cart without a total', () => {
    expect(cardElementsOptions('not json', { value: 1, currency: 'EUR' })).toBeNull();
    expect(cardElementsOptions(JSON.stringify({ mode: 'payment' }), { value: 1, currency: 'EUR' })).toBeNull();
    expect(cardElementsOptions(JSON.stringify({ mode: 'setup', paymentMethodCreation: 'manual' }), null)).toBeNull();
    expect(cardElementsOptions(ELEMENTS, { value: null, currency: 'EUR' })).toBeNull();
    expect(cardElementsOptions(null, { value: 1, currency: 'EUR' })).toBeNull();
  });

  it('reads placeOrder’s answer: an order, a challenge, or a refusal with the gateway’s reason', () => {
    expect(readPlaceOrderAnswer({ number: '7' }, [])).toEqual({ kind: 'placed', order: { number: '7' } });
    expect(readPlaceOrderAnswer(null, ['Authentication Required: pi_1_secret_2'])).toEqual({
      kind: 'authenticate',
      clientSecret: 'pi_1_secret_2',
    });
    expect(readPlaceOrderAnswer(null, ['Your card has insufficient funds.'])).toEqual({
      kind: 'refused',
      message: 'Your card has insufficient funds.',
    });
  });
});

type Order = { number: string };

/** Steps that record what was called, with placeOrder answering from a script. */
function scripted(answers: PlaceOrderAnswer<Order>[], options: { card?: string; challenge?: string | null } = {}) {
  const calls: string[] = [];
  const steps: CardOrderSteps<Order> = {
    createPaymentMethod: async () => {
      calls.push('createPaymentMethod');
      return options.card === undefined ? { id: 'pm_card_visa' } : { problem: options.card };
    },
    saveOnCart: async (id) => {
      calls.push(`saveOnCart ${id}`);
    },
    placeOrder: async () => {
      calls.push('placeOrder');
      const answer = answers.shift();
      if (!answer) throw new Error('placeOrder called once too often');
      return answer;
    },
    authenticate: async (secret) => {
      calls.push(`authenticate ${secret}`);
      return options.challenge ?? null;
    },
  };
  return { calls, steps };
}

describe('paying by card', () => {
  it('makes the payment method, puts it on the cart and places the order once', async () => {
    const { calls, steps } = scripted([{ kind: 'placed', order: { number: '1' } }]);
    expect(await payByCard(steps, 'fallback')).toEqual({ kind: 'placed', order: { number: '1' } });
    expect(calls).toEqual(['createPaymentMethod', 'saveOnCart pm_card_visa', 'placeOrder']);
  });

  it('finishes 3-D Secure and places the same cart again', async () => {
    const { calls, steps } = scripted([
      { kind: 'authenticate', clientSecret: 'pi_1_secret_x' },
      { kind: 'placed', order: { number: '2' } },
    ]);
    expect(await payByCard(steps, 'fallback')).toEqual({ kind: 'placed', order: { number: '2' } });
    expect(calls).toEqual([
      'createPaymentMethod',
      'saveOnCart pm_card_visa',
      'placeOrder',
      'authenticate pi_1_secret_x',
      'placeOrder',
    ]);
  });

  it('answers the gateway’s reason for a failed challenge, as the server reports it', async () => {
    const { steps } = scripted(
      [
        { kind: 'authenticate', clientSecret: 's' },
        { kind: 'refused', message: 'The card could not be authenticated.' },
      ],
      { challenge: 'Authentication failed.' },
    );
    expect(await payByCard(steps, 'fallback')).toEqual({
      kind: 'cardProblem',
      message: 'The card could not be authenticated.',
    });
  });

  it('answers a decline with the gateway’s reason, and the card field’s own problems without sending anything', async () => {
    const declined = scripted([{ kind: 'refused', message: 'Your card has insufficient funds.' }]);
    expect(await payByCard(declined.steps, 'fallback')).toEqual({
      kind: 'cardProblem',
      message: 'Your card has insufficient funds.',
    });
    const incomplete = scripted([], { card: 'Your card number is incomplete.' });
    expect(await payByCard(incomplete.steps, 'fallback')).toEqual({
      kind: 'cardProblem',
      message: 'Your card number is incomplete.',
    });
    expect(incomplete.calls).toEqual(['createPaymentMethod']);
  });

  it('gives up on a server that keeps asking for a challenge', async () => {
    const again: PlaceOrderAnswer<Order> = { kind: 'authenticate', clientSecret: 's' };
    const { calls, steps } = scripted([again, again, again, again]);
    expect(await payByCard(steps, 'fallback')).toEqual({ kind: 'cardProblem', message: 'fallback' });
    expect(calls.filter((c) => c === 'placeOrder')).toHaveLength(4);
  });
});
