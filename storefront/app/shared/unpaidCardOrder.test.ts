import { describe, expect, it } from 'vitest';
import { cardPaymentEnded, waitingPaymentCartId } from './unpaidCardOrder';

const method = (type: string, data: Array<{ name: string; value: string }> = []) => ({ type, additional_data: data });

describe('what an order says of its card payment', () => {
  it('finds the cart of a card order waiting for its payment, and nothing for any other order', () => {
    const waiting = {
      state: 'pending_payment',
      payment_methods: [method('stripe_payments', [{ name: 'cart_id', value: 'c1' }])],
    };
    expect(waitingPaymentCartId(waiting)).toBe('c1');
    expect(waitingPaymentCartId({ state: 'pending_payment', payment_methods: [method('stripe_payments')] })).toBeNull();
    // An offline method's data never counts, whatever it carries.
    expect(
      waitingPaymentCartId({ payment_methods: [method('checkmo', [{ name: 'cart_id', value: 'c1' }])] }),
    ).toBeNull();
    expect(waitingPaymentCartId({ payment_methods: null })).toBeNull();
  });

  it('says a card order was canceled unpaid, and not an offline one', () => {
    expect(cardPaymentEnded({ state: 'canceled', payment_methods: [method('braintree')] })).toBe(true);
    expect(cardPaymentEnded({ state: 'canceled', payment_methods: [method('checkmo')] })).toBe(false);
    expect(cardPaymentEnded({ state: 'processing', payment_methods: [method('stripe_payments')] })).toBe(false);
  });
});
