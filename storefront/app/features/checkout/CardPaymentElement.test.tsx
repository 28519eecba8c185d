import { cleanup, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

// What the Payment Element is asked to show. Stripe.js cannot load here: its React bindings are
// replaced by recorders of the options they are given (the only seam this test looks at).
const seen = vi.hoisted(() => ({ paymentElement: [] as unknown[] }));
vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe: () => Promise.resolve(null) }));
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children }: { children: ReactNode }) => <>{children}</>,
  PaymentElement: ({ options }: { options: unknown }) => {
    seen.paymentElement.push(options);
    return null;
  },
  useStripe: () => null,
  useElements: () => null,
}));

afterEach(cleanup);

describe('the Payment Element', () => {
  it('offers Apple Pay and Google Pay where Stripe offers them', async () => {
    const { default: CardPaymentElement } = await import('./CardPaymentElement');
    render(
      <CardPaymentElement
        apiKey="pk_test_123"
        locale="en"
        options={{ mode: 'payment', amount: 1000, currency: 'usd', paymentMethodCreation: 'manual' }}
        onReady={() => undefined}
        onLoadFailed={() => undefined}
      />,
    );
    expect(seen.paymentElement.at(-1)).toEqual({ layout: 'tabs', wallets: { applePay: 'auto', googlePay: 'auto' } });
  });
});
