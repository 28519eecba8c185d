import { ApolloClient } from '@apollo/client';
import { ApolloLink } from '@apollo/client/link';
import { ApolloProvider } from '@apollo/client/react';
import { cleanup, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { Observable } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import { createCache } from '../../data/cache';
import { TierPrices } from './TierPrices';

afterEach(cleanup);

function renderTiers(tiers: object[]) {
  const asked: string[] = [];
  const link = new ApolloLink(
    (operation) =>
      new Observable((observer) => {
        asked.push(String(operation.variables.sku));
        observer.next({
          data: {
            products: {
              __typename: 'Products',
              items: [{ __typename: 'SimpleProduct', uid: 'MQ==', price_tiers: tiers }],
            },
          },
        });
        observer.complete();
      }),
  );
  render(
    <ApolloProvider client={new ApolloClient({ link, cache: createCache() })}>
      <IntlProvider locale="en-US" defaultLocale="en-US">
        <TierPrices sku="TEE" />
      </IntlProvider>
    </ApolloProvider>,
  );
  return asked;
}

const tier = (quantity: number, value: number, percent: number) => ({
  __typename: 'TierPrice',
  quantity,
  final_price: { __typename: 'Money', value, currency: 'USD' },
  discount: { __typename: 'ProductDiscount', percent_off: percent },
});

describe('TierPrices', () => {
  it("says each tier the shopper's group gets: buy so many, for so much each, saving a percent", async () => {
    const asked = renderTiers([tier(5, 15, 25), tier(10, 14, 30)]);
    expect((await screen.findByText(/Buy 5 for/)).textContent).toBe('Buy 5 for $15.00 each and save 25%');
    expect(screen.getByText(/Buy 10 for/).textContent).toBe('Buy 10 for $14.00 each and save 30%');
    expect(asked).toEqual(['TEE']);
  });

  it('shows nothing without tiers', async () => {
    const asked = renderTiers([]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked).toEqual(['TEE']);
    expect(screen.queryByRole('list')).toBeNull();
  });
});
