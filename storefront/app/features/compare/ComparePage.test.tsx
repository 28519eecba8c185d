import { ApolloClient } from '@apollo/client';
import { ApolloLink } from '@apollo/client/link';
import { ApolloProvider } from '@apollo/client/react';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router';
import { Observable } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ToastProvider } from '@vela/ui/Toast';
import { createCache } from '../../data/cache';
import { COMPARE_LIST_COOKIE, COMPARE_LIST_STORAGE_KEY } from '../../data/compareListId';
import { loadComparePage } from './loadComparePage';
import { priceOf } from '../../../test/fixtures/testCatalog';
import { ComparePage } from './ComparePage';
import { CompareToggle } from './CompareToggle';

// The compare page and toggle over a real Apollo cache; the GraphQL answers are fixtures served by
// a link in the test (they stand in for any Magento backend, not a test of our server).

function product(id: number, name: string, typename: 'SimpleProduct' | 'ConfigurableProduct') {
  return {
    __typename: typename,
    uid: btoa(String(id)),
    sku: `SKU-${id}`,
    name,
    url_key: name.toLowerCase().replace(/ /g, '-'),
    url_suffix: '.html',
    stock_status: 'IN_STOCK',
    small_image: { __typename: 'ProductImage', url: `/media/${id}.png`, label: name },
    price_range: { __typename: 'PriceRange', minimum_price: priceOf(40), maximum_price: priceOf(40) },
  };
}

const hoodie = product(7, 'Zip Hoodie', 'ConfigurableProduct');
const tee = product(9, 'Crew Tee', 'SimpleProduct');

function listOf(products: Array<ReturnType<typeof product>>) {
  return {
    __typename: 'CompareList',
    uid: 'list-1',
    item_count: products.length,
    attributes: [
      { __typename: 'ComparableAttribute', code: 'sku', label: 'SKU' },
      { __typename: 'ComparableAttribute', code: 'material', label: 'Material' },
    ],
    items: products.map((p) => ({
      __typename: 'ComparableItem',
      uid: atob(p.uid),
      attributes: [
        { __typename: 'ProductAttribute', code: 'sku', value: p.sku },
        { __typename: 'ProductAttribute', code: 'material', value: p === hoodie ? 'Cotton, Polyester' : '' },
      ],
      product: p,
    })),
  };
}

function setup(ui: React.ReactNode, answers: (operation: string, variables: Record<string, unknown>) => unknown) {
  const calls: Array<{ operation: string; variables: Record<string, unknown> }> = [];
  const link = new ApolloLink(
    (operation) =>
      new Observable((observer) => {
        calls.push({ operation: operation.operationName ?? '', variables: operation.variables });
        observer.next({ data: answers(operation.operationName ?? '', operation.variables) as Record<string, unknown> });
        observer.complete();
      }),
  );
  const client = new ApolloClient({ link, cache: createCache() });
  render(
    <ApolloProvider client={client}>
      <IntlProvider locale="en-US" defaultLocale="en-US">
        <ToastProvider>
          <MemoryRouter>{ui}</MemoryRouter>
        </ToastProvider>
      </IntlProvider>
    </ApolloProvider>,
  );
  return calls;
}

beforeEach(() => localStorage.clear());
afterEach(cleanup);

describe('ComparePage', () => {
  it('sets the products side by side: a column header per product, a row header per attribute', async () => {
    localStorage.setItem(COMPARE_LIST_STORAGE_KEY, 'list-1');
    setup(
      <ComparePage
        renderAddToCart={(p) => (p.__typename === 'SimpleProduct' ? <button>Add {p.name}</button> : null)}
      />,
      () => ({
        compareList: listOf([hoodie, tee]),
      }),
    );
    const table = await screen.findByRole('table', { name: 'Products compared, one per column' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual([expect.stringContaining('Zip Hoodie'), expect.stringContaining('Crew Tee')]);
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((th) => th.textContent),
    ).toEqual(['SKU', 'Material']);
    const material = within(table).getByRole('rowheader', { name: 'Material' }).closest('tr')!;
    expect(
      within(material)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual(['Cotton, Polyester', '—None']);
    // A simple product is added from here; a configurable one needs its options chosen on its page.
    expect(within(table).getByRole('button', { name: 'Add Crew Tee' })).toBeTruthy();
    expect(within(table).getByRole('link', { name: 'Choose options' }).getAttribute('href')).toBe('/zip-hoodie.html');
    expect(within(table).getByRole('button', { name: 'Remove Zip Hoodie from the compare list' })).toBeTruthy();
    // The table scrolls sideways on a phone: its region takes the keyboard's focus.
    expect(screen.getByRole('region', { name: 'Products compared, one per column' }).getAttribute('tabindex')).toBe(
      '0',
    );
  });

  it('removes a product with its button', async () => {
    localStorage.setItem(COMPARE_LIST_STORAGE_KEY, 'list-1');
    const calls = setup(<ComparePage />, (operation) =>
      operation === 'RemoveFromCompareList'
        ? { removeProductsFromCompareList: listOf([tee]) }
        : { compareList: listOf([hoodie, tee]) },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Zip Hoodie from the compare list' }));
    await waitFor(() => expect(screen.getAllByRole('columnheader')).toHaveLength(1));
    expect(calls.at(-1)).toEqual({ operation: 'RemoveFromCompareList', variables: { uid: 'list-1', products: ['7'] } });
    expect(screen.getByText('1 product')).toBeTruthy();
  });

  it('says so when the list is empty', async () => {
    setup(<ComparePage />, () => ({}));
    expect(await screen.findByText('Your compare list is empty.')).toBeTruthy();
  });
});

describe('the compare page on the server', () => {
  /** What the route's loader does with the request's cookies, then the server's render of the page. */
  async function serverRender(cookie: string | null) {
    const calls: Array<Record<string, unknown>> = [];
    const link = new ApolloLink(
      (operation) =>
        new Observable((observer) => {
          calls.push(operation.variables);
          observer.next({
            data: operation.variables.uid === 'list-1' ? { compareList: listOf([hoodie, tee]) } : { compareList: null },
          });
          observer.complete();
        }),
    );
    const client = new ApolloClient({ link, cache: createCache() });
    const request = new Request('http://shop.test/compare', { headers: cookie ? { cookie } : {} });
    const { uid } = await loadComparePage(client, request);
    const html = renderToString(
      <ApolloProvider client={client}>
        <IntlProvider locale="en-US" defaultLocale="en-US">
          <ToastProvider>
            <MemoryRouter>
              <ComparePage serverUid={uid} />
            </MemoryRouter>
          </ToastProvider>
        </IntlProvider>
      </ApolloProvider>,
    );
    return { uid, html, calls };
  }

  it("renders a guest's list from the compare cookie, with its products side by side", async () => {
    const { uid, html, calls } = await serverRender(`vela_cart=abc; ${COMPARE_LIST_COOKIE}=list-1`);
    expect(uid).toBe('list-1');
    expect(calls).toEqual([{ uid: 'list-1' }]);
    expect(html).toContain('Products compared, one per column');
    expect(html).toContain('Zip Hoodie');
    expect(html).toContain('Crew Tee');
    expect(html).not.toContain('Loading your compare list');
  });

  it('leaves the list to the browser without a cookie, with a damaged one, or for a list it cannot read', async () => {
    for (const cookie of [null, `${COMPARE_LIST_COOKIE}=<script>`, `${COMPARE_LIST_COOKIE}=someone-elses`]) {
      const { uid, html } = await serverRender(cookie);
      expect(uid).toBeNull();
      expect(html).toContain('Loading your compare list');
      expect(html).not.toContain('Zip Hoodie');
    }
  });
});

describe('CompareToggle', () => {
  it('opens a list with the first product and shows its state as pressed', async () => {
    const calls = setup(<CompareToggle uid={tee.uid} name="Crew Tee" />, (operation) =>
      operation === 'CreateCompareList' ? { createCompareList: listOf([tee]) } : { compareList: listOf([tee]) },
    );
    const toggle = screen.getByRole('button', { name: 'Compare Crew Tee' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(toggle);
    await waitFor(() => expect(toggle.getAttribute('aria-pressed')).toBe('true'));
    expect(calls[0]).toEqual({ operation: 'CreateCompareList', variables: { products: ['9'] } });
    expect(localStorage.getItem(COMPARE_LIST_STORAGE_KEY)).toBe('list-1');
    expect(await screen.findByText('Crew Tee is on your compare list.')).toBeTruthy();
  });
});
