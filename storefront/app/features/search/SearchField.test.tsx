import { ApolloClient } from '@apollo/client';
import { ApolloLink } from '@apollo/client/link';
import { ApolloProvider } from '@apollo/client/react';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { RouterProvider, createMemoryRouter, useLocation } from 'react-router';
import { Observable } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import { createCache } from '../../data/cache';
import { SearchField } from './SearchField';

// Keyboard behaviour of the combobox. The GraphQL answer is a fixed fixture served by a link
// in this test: it stands in for any backend and is not a test of our server.
function product(uid: string, name: string, urlKey: string, price: number) {
  return {
    __typename: 'SimpleProduct',
    uid,
    name,
    url_key: urlKey,
    url_suffix: '.html',
    thumbnail: { __typename: 'ProductImage', url: `/media/catalog/product/${urlKey}.png`, label: name },
    price_range: {
      __typename: 'PriceRange',
      minimum_price: {
        __typename: 'ProductPrice',
        final_price: { __typename: 'Money', value: price, currency: 'EUR' },
      },
    },
  };
}

function setup(suggestions: string[] = []) {
  const searches: string[] = [];
  const link = new ApolloLink(
    (operation) =>
      new Observable((observer) => {
        const search = String(operation.variables.search);
        searches.push(search);
        const found =
          search === 'zzzz'
            ? []
            : [product('MQ==', 'Crew Tee', 'crew-tee', 25), product('Mg==', 'Pocket Tee', 'pocket-tee', 29)];
        observer.next({
          data: {
            products: {
              __typename: 'Products',
              total_count: found.length === 0 ? 0 : 12,
              suggestions: suggestions.map((search) => ({ __typename: 'SearchSuggestion', search })),
              items: found,
            },
          },
        });
        observer.complete();
      }),
  );
  const client = new ApolloClient({ link, cache: createCache() });
  function Where() {
    const location = useLocation();
    return <output data-testid="location">{location.pathname + location.search}</output>;
  }
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            <SearchField />
            <Where />
          </>
        ),
      },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <ApolloProvider client={client}>
      <IntlProvider locale="en-US" defaultLocale="en-US">
        <RouterProvider router={router} />
      </IntlProvider>
    </ApolloProvider>,
  );
  const input = screen.getByRole('combobox');
  return { input, searches };
}

async function typeAndWait(input: HTMLElement, text: string) {
  fireEvent.change(input, { target: { value: text } });
  await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(3));
}

function activeOption(input: HTMLElement): HTMLElement | null {
  const id = input.getAttribute('aria-activedescendant');
  return id ? document.getElementById(id) : null;
}

afterEach(cleanup);

describe('SearchField', () => {
  it('suggests products from three characters on, after typing pauses', async () => {
    const { input, searches } = setup();
    fireEvent.change(input, { target: { value: 'te' } });
    expect(input.getAttribute('aria-expanded')).toBe('false');
    fireEvent.change(input, { target: { value: 'tee' } });
    fireEvent.change(input, { target: { value: 'teee' } });
    fireEvent.change(input, { target: { value: 'tee' } });
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(3));
    expect(input.getAttribute('aria-expanded')).toBe('true');
    // Only the text typing paused on was looked up.
    expect(searches).toEqual(['tee']);
    expect(screen.getByRole('option', { name: /See all 12 results for “tee”/ })).toBeTruthy();
  });

  it('offers the corrected search of a mistyped word between the products and "see all"', async () => {
    const { input } = setup(['tee']);
    fireEvent.change(input, { target: { value: 'tea' } });
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(4));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      expect.stringContaining('Crew Tee'),
      expect.stringContaining('Pocket Tee'),
      'Did you mean “tee”?',
      expect.stringContaining('See all 12 results for “tea”'),
    ]);
    expect(screen.getByText('2 products suggested. Did you mean “tee”?').getAttribute('role')).toBe('status');
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    await act(async () => {
      fireEvent.keyDown(input, { key: 'Enter' });
    });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/search?q=tee'));
  });

  it('offers no "See all results" above "No products found" (issue 35 point 16)', async () => {
    const { input } = setup();
    fireEvent.change(input, { target: { value: 'zzzz' } });
    await screen.findByText('No products found for “zzzz”.');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(screen.queryByText(/See all/)).toBeNull();
  });

  it('moves the highlight with the arrow keys, wrapping at both ends', async () => {
    const { input } = setup();
    await typeAndWait(input, 'tee');
    expect(input.getAttribute('aria-activedescendant')).toBeNull();
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(activeOption(input)?.textContent).toContain('Crew Tee');
    expect(activeOption(input)?.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(activeOption(input)?.textContent).toContain('See all');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(activeOption(input)?.textContent).toContain('Crew Tee');
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    expect(activeOption(input)?.textContent).toContain('See all');
  });

  it('follows the highlighted product on Enter', async () => {
    const { input } = setup();
    await typeAndWait(input, 'tee');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    await act(async () => {
      fireEvent.keyDown(input, { key: 'Enter' });
    });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/pocket-tee.html'));
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });

  it('opens all results from the last option', async () => {
    const { input } = setup();
    await typeAndWait(input, 'tee');
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    await act(async () => {
      fireEvent.keyDown(input, { key: 'Enter' });
    });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/search?q=tee'));
  });

  it('closes on Escape and clears the text on a second Escape', async () => {
    const { input } = setup();
    await typeAndWait(input, 'tee');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(input.getAttribute('aria-activedescendant')).toBeNull();
    expect((input as HTMLInputElement).value).toBe('tee');
    fireEvent.keyDown(input, { key: 'Escape' });
    expect((input as HTMLInputElement).value).toBe('');
  });

  it('is a GET form to /search with the text as q', () => {
    const { input } = setup();
    const form = input.closest('form');
    expect(form?.getAttribute('action')).toBe('/search');
    expect(form?.getAttribute('method')).toBe('get');
    expect(input.getAttribute('name')).toBe('q');
  });
});
