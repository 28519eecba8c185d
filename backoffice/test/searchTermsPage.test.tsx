// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SearchTermsPage } from '../src/pages/SearchTermsPage';
import { fakeApi, renderPage } from './renderPage';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const terms = [
  { id: '1', queryText: 'hoodie', uses: 42, results: 33, redirect: null },
  { id: '2', queryText: 'jumper', uses: 7, results: 0, redirect: '/knitwear.html' },
];
const stores = [
  { code: 'default', name: 'Vela' },
  { code: 'fr', name: 'Vela France' },
];
const list = (v: Record<string, unknown>) => {
  const items = v.noResultsOnly ? terms.filter((t) => t.results === 0) : terms;
  return { data: { searchTerms: { totalCount: items.length, items }, storeViews: { stores } } };
};

describe('the search terms page', () => {
  it('lists a store view’s terms with their searches and results, most searched first, and filters those that found nothing', async () => {
    const api = fakeApi({ AdminSearchTerms: list }, 'VIEWER');
    renderPage(<SearchTermsPage />);
    const table = await screen.findByRole('table', { name: 'Search terms' });
    const row = within(table).getByRole('rowheader', { name: 'hoodie' }).closest('tr')!;
    expect(within(row).getByRole('cell', { name: '42' })).toBeTruthy();
    expect(within(row).getByRole('cell', { name: 'None' })).toBeTruthy();
    expect(api.sent.at(-1)?.variables).toMatchObject({ storeCode: 'default', sort: 'POPULAR', noResultsOnly: false });
    // Viewers read only.
    expect(screen.queryByRole('button', { name: /Redirect|Delete/ })).toBeNull();

    fireEvent.click(screen.getByRole('checkbox', { name: 'Only terms that found nothing' }));
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: 'hoodie' })).toBeNull());
    expect(screen.getByRole('rowheader', { name: 'jumper' })).toBeTruthy();
    expect(api.sent.at(-1)?.variables).toMatchObject({ noResultsOnly: true });

    fireEvent.change(screen.getByRole('combobox', { name: 'Store view' }), { target: { value: 'fr' } });
    await waitFor(() => expect(api.sent.at(-1)?.variables).toMatchObject({ storeCode: 'fr', noResultsOnly: true }));
    fireEvent.change(screen.getByRole('combobox', { name: 'Sort by' }), { target: { value: 'RECENT' } });
    await waitFor(() => expect(api.sent.at(-1)?.variables).toMatchObject({ sort: 'RECENT' }));
  });

  it('lets staff set a redirect, shows the server’s refusal, and clears one', async () => {
    const api = fakeApi(
      {
        AdminSearchTerms: list,
        UpdateSearchTermRedirect: (v) =>
          v.redirect === '//evil.example'
            ? {
                errors: [
                  { message: '"//evil.example" is not a path on the shop.', extensions: { category: 'graphql-input' } },
                ],
              }
            : { data: { updateSearchTerm: { id: v.id, redirect: v.redirect } } },
      },
      'STAFF',
    );
    renderPage(<SearchTermsPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Redirect “hoodie”' }));
    const address = screen.getByRole('textbox', { name: /Page address/ });
    expect(document.activeElement).toBe(address);
    fireEvent.change(address, { target: { value: '//evil.example' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the redirect' }));
    expect(await screen.findByText('"//evil.example" is not a path on the shop.')).toBeTruthy();
    fireEvent.change(address, { target: { value: ' /hoodies.html ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the redirect' }));
    expect(await screen.findByText('Searches for “hoodie” now go to /hoodies.html.')).toBeTruthy();
    expect(api.mutations().at(-1)?.variables).toEqual({ id: '1', redirect: '/hoodies.html' });

    fireEvent.click(screen.getByRole('button', { name: 'Redirect “jumper”' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Remove the redirect' }));
    await waitFor(() => expect(api.mutations().at(-1)?.variables).toEqual({ id: '2', redirect: null }));
  });

  it('deletes a term after confirming', async () => {
    const api = fakeApi(
      { AdminSearchTerms: list, DeleteSearchTerm: (v) => ({ data: { deleteSearchTerm: v.id } }) },
      'STAFF',
    );
    renderPage(<SearchTermsPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete “jumper”' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the term “jumper”?' });
    expect(api.mutations()).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, delete it' }));
    await waitFor(() => expect(api.mutations()).toHaveLength(1));
    expect(api.mutations()[0]?.variables).toEqual({ id: '2' });
    expect(await screen.findByText('The term “jumper” is deleted.')).toBeTruthy();
  });
});
