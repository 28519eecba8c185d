import { ApolloClient } from '@apollo/client';
import { ApolloLink } from '@apollo/client/link';
import { ApolloProvider } from '@apollo/client/react';
import { cleanup, render, screen } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import { Observable } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import { createCache } from '../../data/cache';
import { useCardPaymentConfiguration } from './CardPaymentField';
import type { CheckoutCart } from './stepProps';

// Whether the card is offered. The GraphQL answers are fixtures served by a link in this test: one
// stands for our server or a Magento with Stripe's module, one for a Magento without it.
const ELEMENTS = JSON.stringify({ mode: 'payment', captureMethod: 'automatic', paymentMethodCreation: 'manual' });

function cart(codes: string[]): CheckoutCart {
  return {
    available_payment_methods: codes.map((code) => ({ __typename: 'AvailablePaymentMethod', code, title: code })),
    prices: { grand_total: { __typename: 'Money', value: 91.82, currency: 'USD' } },
  } as unknown as CheckoutCart;
}

function Probe({ of }: { of: CheckoutCart }) {
  const configuration = useCardPaymentConfiguration(of);
  return <output data-testid="card">{configuration ? JSON.stringify(configuration) : 'no card'}</output>;
}

function renderWith(answer: 'configured' | 'unknown field', of: CheckoutCart) {
  const asked: string[] = [];
  const link = new ApolloLink(
    (operation) =>
      new Observable((observer) => {
        asked.push(operation.operationName ?? '');
        if (answer === 'unknown field')
          observer.next({
            errors: [new GraphQLError('Cannot query field "getStripeConfiguration" on type "Query".')],
          });
        else
          observer.next({
            data: {
              getStripeConfiguration: {
                __typename: 'ModuleConfiguration',
                apiKey: 'pk_test_123',
                locale: 'en',
                elementsOptions: ELEMENTS,
              },
            },
          });
        observer.complete();
      }),
  );
  render(
    <ApolloProvider client={new ApolloClient({ link, cache: createCache() })}>
      <Probe of={of} />
    </ApolloProvider>,
  );
  return asked;
}

afterEach(cleanup);

describe('whether the card is offered', () => {
  it('sets Stripe.js up from getStripeConfiguration, with the cart total for display', async () => {
    renderWith('configured', cart(['checkmo', 'stripe_payments']));
    expect(JSON.parse((await screen.findByText(/pk_test_123/)).textContent ?? '')).toEqual({
      apiKey: 'pk_test_123',
      locale: 'en',
      options: {
        mode: 'payment',
        amount: 9182,
        currency: 'usd',
        paymentMethodCreation: 'manual',
        captureMethod: 'automatic',
      },
    });
  });

  it('offers no card, and shows no error, when the backend has no getStripeConfiguration', async () => {
    const asked = renderWith('unknown field', cart(['checkmo', 'stripe_payments']));
    await expect.poll(() => asked).toEqual(['CardPaymentConfiguration']);
    expect(screen.getByTestId('card').textContent).toBe('no card');
  });

  it('asks nothing when the cart does not offer the card', () => {
    const asked = renderWith('configured', cart(['checkmo']));
    expect(screen.getByTestId('card').textContent).toBe('no card');
    expect(asked).toEqual([]);
  });
});
