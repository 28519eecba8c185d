import { ApolloClient } from '@apollo/client';
import { ApolloLink } from '@apollo/client/link';
import { ApolloProvider } from '@apollo/client/react';
import { cleanup, render, screen } from '@testing-library/react';
import { Observable } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCache } from '../../data/cache';
import { priceOf } from '../../../test/fixtures/testCatalog';
import { RecentlyViewed } from './RecentlyViewed';
import { RecordRecentlyViewed } from './RecordRecentlyViewed';
import { RECENTLY_VIEWED_STORAGE_KEY } from './recentlyViewedStore';

function product(sku: string) {
  return {
    __typename: 'SimpleProduct',
    uid: btoa(sku),
    sku,
    name: `Product ${sku}`,
    url_key: sku.toLowerCase(),
    url_suffix: '.html',
    stock_status: 'IN_STOCK',
    small_image: { __typename: 'ProductImage', url: `/media/${sku}.png`, label: sku },
    price_range: { __typename: 'PriceRange', minimum_price: priceOf(10), maximum_price: priceOf(10) },
  };
}

function setup(ui: React.ReactNode) {
  const asked: unknown[] = [];
  const link = new ApolloLink(
    (operation) =>
      new Observable((observer) => {
        asked.push(operation.variables);
        const skus = operation.variables.skus as string[];
        // The server answers in its own order, not the shopper's.
        observer.next({ data: { products: { __typename: 'Products', items: [...skus].reverse().map(product) } } });
        observer.complete();
      }),
  );
  render(<ApolloProvider client={new ApolloClient({ link, cache: createCache() })}>{ui}</ApolloProvider>);
  return asked;
}

const strip = (products: Array<{ sku?: string | null }>) => (
  <ol aria-label="Recently viewed">
    {products.map((p) => (
      <li key={p.sku}>{p.sku}</li>
    ))}
  </ol>
);

beforeEach(() => localStorage.clear());
afterEach(cleanup);

describe('RecentlyViewed', () => {
  it('shows the products last opened, newest first, without the current one', async () => {
    localStorage.setItem(RECENTLY_VIEWED_STORAGE_KEY, JSON.stringify(['C', 'A', 'B']));
    const asked = setup(<RecentlyViewed currentSku="A" render={strip} />);
    const list = await screen.findByRole('list', { name: 'Recently viewed' });
    expect([...list.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['C', 'B']);
    expect(asked).toEqual([{ skus: ['B', 'C'], pageSize: 8 }]);
  });

  it('renders nothing and asks nothing before the shopper has opened a product', () => {
    const asked = setup(<RecentlyViewed render={strip} />);
    expect(screen.queryByRole('list')).toBeNull();
    expect(asked).toEqual([]);
  });

  it('records the product of the page', () => {
    setup(<RecordRecentlyViewed sku="Z" />);
    expect(JSON.parse(localStorage.getItem(RECENTLY_VIEWED_STORAGE_KEY) ?? '[]')).toEqual(['Z']);
  });
});
