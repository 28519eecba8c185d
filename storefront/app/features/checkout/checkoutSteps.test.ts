import { describe, expect, it } from 'vitest';
import { checkoutStepsFor, firstOpenStep, reachableStep, stepAfter, stepStates } from './checkoutSteps';

type Progress = Parameters<typeof firstOpenStep>[0];

const method = {
  carrier_code: 'flatrate',
  carrier_title: 'Flat Rate',
  method_code: 'flatrate',
  method_title: 'Fixed',
  amount: { value: 5, currency: 'USD' },
};
const address = {
  firstname: 'A',
  lastname: 'B',
  street: ['1 Main St'],
  city: 'X',
  country: { code: 'US', label: 'United States' },
};

function cart(parts: { email?: boolean; address?: boolean; method?: boolean; payment?: boolean }): Progress {
  return {
    email: parts.email ? 'a@example.com' : null,
    shipping_addresses: parts.address ? [{ ...address, selected_shipping_method: parts.method ? method : null }] : [],
    billing_address: parts.payment ? address : null,
    selected_payment_method: parts.payment ? { code: 'checkmo', title: 'Check' } : null,
  } as unknown as Progress;
}

describe('checkout steps', () => {
  it('opens the first step the cart lacks', () => {
    expect(firstOpenStep(cart({}))).toBe('email');
    expect(firstOpenStep(cart({ email: true }))).toBe('shipping');
    expect(firstOpenStep(cart({ email: true, address: true }))).toBe('shippingMethod');
    expect(firstOpenStep(cart({ email: true, address: true, method: true }))).toBe('payment');
    expect(firstOpenStep(cart({ email: true, address: true, method: true, payment: true }))).toBe('review');
  });

  it('brings a cart with the card chosen back to the payment step: the card is entered and paid there', () => {
    const withCard = {
      ...cart({ email: true, address: true, method: true, payment: true }),
      selected_payment_method: { code: 'stripe_payments', title: 'Pay by Card' },
    } as Progress;
    expect(firstOpenStep(withCard)).toBe('payment');
    expect(reachableStep('review', withCard)).toBe('payment');
  });

  it('brings a cart with a Braintree card, new or kept, back to the payment step too', () => {
    for (const code of ['braintree', 'braintree_cc_vault']) {
      const withCard = {
        ...cart({ email: true, address: true, method: true, payment: true }),
        selected_payment_method: { code, title: code },
      } as Progress;
      expect(firstOpenStep(withCard)).toBe('payment');
    }
  });

  it('always shows the shipping methods after the address was saved, since prices depend on it', () => {
    expect(stepAfter('shipping', cart({ email: true, address: true, method: true, payment: true }))).toBe(
      'shippingMethod',
    );
  });

  it('after an edit skips the later steps that are still done', () => {
    expect(stepAfter('email', cart({ email: true, address: true, method: true, payment: true }))).toBe('review');
    expect(stepAfter('email', cart({ email: true, address: true }))).toBe('shippingMethod');
    expect(stepAfter('shippingMethod', cart({ email: true, address: true, method: true }))).toBe('payment');
  });

  it('never lets a step open while an earlier one is missing', () => {
    // The server dropped the payment method (e.g. the total became 0 after a coupon).
    expect(reachableStep('review', cart({ email: true, address: true, method: true }))).toBe('payment');
    expect(reachableStep('email', cart({ email: true, address: true }))).toBe('email');
  });

  it('shows done steps before the open one as summaries and later ones closed', () => {
    const full = cart({ email: true, address: true, method: true, payment: true });
    expect(stepStates('shipping', full)).toEqual({
      email: 'done',
      shipping: 'open',
      shippingMethod: 'pending',
      payment: 'pending',
      review: 'pending',
    });
    expect(stepStates('review', full)).toEqual({
      email: 'done',
      shipping: 'done',
      shippingMethod: 'done',
      payment: 'done',
      review: 'open',
    });
  });
});

describe('checkout steps of a cart with nothing to ship', () => {
  const virtual = (parts: Parameters<typeof cart>[0]) => ({ ...cart(parts), is_virtual: true }) as Progress;

  it('has no shipping address or method step', () => {
    expect(checkoutStepsFor(virtual({}))).toEqual(['email', 'payment', 'review']);
    expect(checkoutStepsFor(cart({}))).toEqual(['email', 'shipping', 'shippingMethod', 'payment', 'review']);
  });

  it('goes from the e-mail straight to payment, then review', () => {
    expect(firstOpenStep(virtual({ email: true }))).toBe('payment');
    expect(stepAfter('email', virtual({ email: true }))).toBe('payment');
    expect(firstOpenStep(virtual({ email: true, payment: true }))).toBe('review');
  });

  it('leaves a shipping step that was open when the cart became virtual', () => {
    expect(reachableStep('shippingMethod', virtual({ email: true }))).toBe('payment');
    const states = stepStates('payment', virtual({ email: true }));
    expect(states.email).toBe('done');
    expect(states.payment).toBe('open');
  });
});
