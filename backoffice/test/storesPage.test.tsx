// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StoresPage } from '../src/pages/StoresPage';
import { fakeApi, renderPage } from './renderPage';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const english = {
  id: '1',
  code: 'default',
  name: 'Vela',
  locale: 'en_US',
  defaultCurrency: 'USD',
  allowedCurrencies: ['USD', 'EUR'],
  active: true,
  isDefault: true,
  sortOrder: 0,
};
const french = {
  ...english,
  id: '2',
  code: 'fr',
  name: 'Vela France',
  locale: 'fr_FR',
  isDefault: false,
  sortOrder: 1,
};
const storeViews = {
  baseCurrency: 'USD',
  locales: ['de_DE', 'en_US', 'fr_FR'],
  rates: [
    { currency: 'EUR', rate: 0.92 },
    { currency: 'USD', rate: 1 },
  ],
  stores: [english, french],
};

function api(role: 'OWNER' | 'STAFF' | 'VIEWER' = 'OWNER', more = {}) {
  return fakeApi({ StoreViews: () => ({ data: { storeViews } }), ...more }, role);
}

describe('the stores page', () => {
  it('lists the store views and rates; a viewer gets no form', async () => {
    const sent = api('VIEWER');
    renderPage(<StoresPage />);
    const table = await screen.findByRole('table', { name: 'Store views, in the storefront’s order' });
    expect(within(table).getByRole('rowheader', { name: 'Vela France' })).toBeTruthy();
    expect(within(table).getAllByText('Default')).toHaveLength(1);
    expect(screen.getByText('Only owners change store views and rates; you can read them.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Edit|Add a store view|Save rate/ })).toBeNull();
    expect(sent.mutations()).toHaveLength(0);
  });

  it('checks a new store view’s code first, then adds it with the currencies chosen', async () => {
    const sent = api('OWNER', {
      SaveStoreView: (v: { input: Record<string, unknown> }) => ({
        data: { saveStoreView: { ...v.input, id: '3', isDefault: false } },
      }),
    });
    renderPage(<StoresPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add a store view' }));
    const form = await screen.findByRole('region', { name: 'New store view' });
    fireEvent.change(within(form).getByRole('textbox', { name: /Code/ }), { target: { value: '1de' } });
    fireEvent.change(within(form).getByRole('textbox', { name: /Name/ }), { target: { value: 'Vela Deutschland' } });
    fireEvent.change(within(form).getByRole('combobox', { name: /Locale/ }), { target: { value: 'de_DE' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save store view' }));
    expect(await within(form).findByText(/Start with a letter/)).toBeTruthy();
    expect(sent.mutations()).toHaveLength(0);
    fireEvent.change(within(form).getByRole('textbox', { name: /Code/ }), { target: { value: 'DE' } });
    fireEvent.change(within(form).getByRole('combobox', { name: /Default currency/ }), { target: { value: 'EUR' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save store view' }));
    expect(await screen.findByText('The store view Vela Deutschland is saved.')).toBeTruthy();
    expect(sent.mutations()[0]?.variables).toEqual({
      input: {
        id: null,
        code: 'de',
        name: 'Vela Deutschland',
        locale: 'de_DE',
        defaultCurrency: 'EUR',
        allowedCurrencies: ['EUR', 'USD'],
        active: true,
        sortOrder: 0,
      },
    });
    const table = screen.getByRole('table', { name: 'Store views, in the storefront’s order' });
    await waitFor(() => expect(within(table).getByRole('rowheader', { name: 'Vela Deutschland' })).toBeTruthy());
  });

  it('keeps the default store view active, and shows the server’s refusal beside its field', async () => {
    const sent = api('OWNER', {
      SaveStoreView: () => ({
        errors: [
          {
            message: 'Code: another store view is "fr" already.',
            extensions: { category: 'graphql-input', field: 'code' },
          },
        ],
      }),
    });
    renderPage(<StoresPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit the store view Vela' }));
    const form = await screen.findByRole('region', { name: 'Edit Vela' });
    const active = within(form).getByRole('checkbox', { name: /Active/ }) as HTMLInputElement;
    expect(active.checked).toBe(true);
    expect(active.disabled).toBe(true);
    fireEvent.change(within(form).getByRole('textbox', { name: /Code/ }), { target: { value: 'fr' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save store view' }));
    await waitFor(() =>
      expect(within(form).getByRole('textbox', { name: /Code/ }).getAttribute('aria-invalid')).toBe('true'),
    );
    expect(sent.mutations()[0]?.variables).toMatchObject({ input: { id: '1', active: true } });
  });

  it('refuses a rate that is not a plain decimal, then saves one', async () => {
    const sent = api('OWNER', {
      SaveCurrencyRate: (v: { currency: string; rate: string }) => ({
        data: { saveCurrencyRate: { currency: v.currency, rate: Number(v.rate) } },
      }),
    });
    renderPage(<StoresPage />);
    const rates = await screen.findByRole('region', { name: 'Currency rates' });
    fireEvent.change(within(rates).getByRole('textbox', { name: /Currency/ }), { target: { value: 'gbp' } });
    fireEvent.change(within(rates).getByRole('textbox', { name: /USD 1 buys/ }), { target: { value: '1e3' } });
    fireEvent.click(within(rates).getByRole('button', { name: 'Save rate' }));
    expect(await within(rates).findByText(/Enter a decimal above 0/)).toBeTruthy();
    expect(sent.mutations()).toHaveLength(0);
    fireEvent.change(within(rates).getByRole('textbox', { name: /USD 1 buys/ }), { target: { value: '0.79' } });
    fireEvent.click(within(rates).getByRole('button', { name: 'Save rate' }));
    expect(await screen.findByText('The rate of GBP is saved.')).toBeTruthy();
    expect(sent.mutations()[0]?.variables).toEqual({ currency: 'GBP', rate: '0.79' });
    expect(within(rates).getByRole('rowheader', { name: 'GBP' })).toBeTruthy();
  });

  it('speaks French', async () => {
    api('OWNER');
    renderPage(<StoresPage />, { french: true });
    expect(await screen.findByRole('heading', { name: 'Magasins' })).toBeTruthy();
    expect(await screen.findByRole('region', { name: 'Taux de change' })).toBeTruthy();
  });
});
