import { ApolloClient } from '@apollo/client';
import { ApolloLink } from '@apollo/client/link';
import { ApolloProvider } from '@apollo/client/react';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import { Observable } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import { createCache } from '../../data/cache';
import { useStripeSavedCards } from './useStripeSavedCards';

// Which saved Stripe cards the payment step offers. The answers are fixtures served by a link:
// our server (or a Magento with Stripe's module), and a Magento without the module.
function Probe({ offered, signedIn }: { offered: boolean; signedIn: boolean }) {
  const cards = useStripeSavedCards(offered, signedIn);
  return <output data-testid="cards">{JSON.stringify(cards)}</output>;
}

function renderWith(answer: 'cards' | 'unknown field', offered: boolean, signedIn: boolean) {
  const asked: string[] = [];
  const link = new ApolloLink(
    (operation) =>
      new Observable((observer) => {
        asked.push(operation.operationName ?? '');
        if (answer === 'unknown field')
          observer.next({
            errors: [new GraphQLError('Cannot query field "listStripePaymentMethods" on type "Mutation".')],
          });
        else
          observer.next({
            data: {
              listStripePaymentMethods: [
                {
                  __typename: 'StripePaymentMethod',
                  id: 'pm_saved4242',
                  type: 'card',
                  brand: 'visa',
                  label: 'Visa •••• 4242',
                  exp_month: 12,
                  exp_year: 2034,
                },
              ],
            },
          });
        observer.complete();
      }),
  );
  render(
    <ApolloProvider client={new ApolloClient({ link, cache: createCache() })}>
      <Probe offered={offered} signedIn={signedIn} />
    </ApolloProvider>,
  );
  return asked;
}

afterEach(cleanup);

describe('saved Stripe cards at the payment step', () => {
  it("offers a signed-in customer's saved cards", async () => {
    const asked = renderWith('cards', true, true);
    await waitFor(() =>
      expect(JSON.parse(screen.getByTestId('cards').textContent ?? '')).toEqual([
        { id: 'pm_saved4242', brand: 'Visa', last4: '4242', expires: '12/2034' },
      ]),
    );
    expect(asked).toEqual(['CheckoutStripeSavedCards']);
  });

  it('never asks for a guest, nor when the card is not offered', async () => {
    const asked = [...renderWith('cards', true, false)];
    cleanup();
    asked.push(...renderWith('cards', false, true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(asked).toEqual([]);
    expect(screen.getByTestId('cards').textContent).toBe('[]');
  });

  it("offers none on a backend without Stripe's module", async () => {
    const asked = renderWith('unknown field', true, true);
    await waitFor(() => expect(asked).toEqual(['CheckoutStripeSavedCards']));
    expect(screen.getByTestId('cards').textContent).toBe('[]');
  });
});
