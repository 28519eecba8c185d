import { ApolloClient } from '@apollo/client';
import { ApolloLink } from '@apollo/client/link';
import { ApolloProvider } from '@apollo/client/react';
import { cleanup, render, screen } from '@testing-library/react';
import { Observable } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import { createCache } from '../../data/cache';
import { useKeptCards } from './BraintreeCardField';
import type { CheckoutCart } from './stepProps';

// Which kept cards the payment step offers. The GraphQL answer is a fixture served by a link in
// this test: customerPaymentTokens as the vault lists it, with a card of another method and an
// unreadable one among them.
const HASH = 'c'.repeat(64);

function cart(codes: string[]): CheckoutCart {
  return {
    available_payment_methods: codes.map((code) => ({ __typename: 'AvailablePaymentMethod', code, title: code })),
  } as unknown as CheckoutCart;
}

function Probe({ of, signedIn }: { of: CheckoutCart; signedIn: boolean }) {
  const cards = useKeptCards(of, signedIn);
  return <output data-testid="cards">{JSON.stringify(cards)}</output>;
}

function renderWith(of: CheckoutCart, signedIn: boolean) {
  const asked: string[] = [];
  const token = (hash: string, method: string, details: string) => ({
    __typename: 'PaymentToken',
    public_hash: hash,
    payment_method_code: method,
    type: 'card',
    details,
  });
  const link = new ApolloLink(
    (operation) =>
      new Observable((observer) => {
        asked.push(operation.operationName ?? '');
        observer.next({
          data: {
            customerPaymentTokens: {
              __typename: 'CustomerPaymentTokens',
              items: [
                token(HASH, 'braintree', '{"type":"MC","maskedCC":"4444","expirationDate":"01/2031"}'),
                token('d'.repeat(64), 'stripe_payments', '{"type":"VI","maskedCC":"4242","expirationDate":"01/2031"}'),
                token('e'.repeat(64), 'braintree', 'not json'),
              ],
            },
          },
        });
        observer.complete();
      }),
  );
  render(
    <ApolloProvider client={new ApolloClient({ link, cache: createCache() })}>
      <Probe of={of} signedIn={signedIn} />
    </ApolloProvider>,
  );
  return asked;
}

afterEach(cleanup);

describe('kept Braintree cards at the payment step', () => {
  it('offers a signed-in customer their readable Braintree cards', async () => {
    renderWith(cart(['checkmo', 'braintree', 'braintree_cc_vault']), true);
    expect(JSON.parse((await screen.findByText(/4444/)).textContent ?? '')).toEqual([
      { publicHash: HASH, brand: 'Mastercard', last4: '4444', expires: '01/2031' },
    ]);
  });

  it('asks nothing for a guest, nor when the cart does not offer the vault', () => {
    expect(renderWith(cart(['braintree', 'braintree_cc_vault']), false)).toEqual([]);
    cleanup();
    expect(renderWith(cart(['braintree']), true)).toEqual([]);
    expect(screen.getByTestId('cards').textContent).toBe('[]');
  });
});
