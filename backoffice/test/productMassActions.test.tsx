// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProductsPage } from '../src/pages/ProductsPage';
import { fakeApi, renderPage } from './renderPage';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const item = (sku: string, name: string) => ({
  sku,
  name,
  type: 'SIMPLE',
  enabled: true,
  stockQty: 3,
  variantCount: 0,
  minPrice: { value: 10, currency: 'USD' },
  maxPrice: { value: 10, currency: 'USD' },
});
const products = {
  items: [item('MUG-1', 'Mug'), item('CUP-1', 'Cup')],
  totalCount: 45,
  page: 1,
  pageSize: 20,
  totalPages: 3,
};

function api(
  role: 'STAFF' | 'VIEWER',
  answer: () => { data?: unknown; errors?: { message: string; extensions?: Record<string, unknown> }[] } = () => ({
    data: { massUpdateProducts: { selected: 2, changed: 2 } },
  }),
) {
  return fakeApi({ AdminProducts: () => ({ data: { products } }), MassUpdateProducts: answer }, role);
}

describe('mass actions on the products list', () => {
  it('checks the percent, then changes the prices of the rows selected', async () => {
    const sent = api('STAFF');
    renderPage(<ProductsPage />, { path: '/products' });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select Mug' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Cup' }));
    const bar = screen.getByRole('region', { name: 'Actions on the selected products' });
    expect(within(bar).getByText('2 products selected')).toBeTruthy();
    fireEvent.change(within(bar).getByRole('combobox', { name: /Action/ }), { target: { value: 'CHANGE_PRICE' } });
    const percent = within(bar).getByRole('textbox', { name: /Percent/ });
    fireEvent.change(percent, { target: { value: '1e3' } });
    fireEvent.click(within(bar).getByRole('button', { name: 'Apply to the selection' }));
    expect(await within(bar).findByText(/Enter a number from -100 to 1000/)).toBeTruthy();
    expect(sent.mutations()).toHaveLength(0);
    fireEvent.change(percent, { target: { value: '10,5' } });
    fireEvent.click(within(bar).getByRole('button', { name: 'Apply to the selection' }));
    expect(await within(bar).findByText('Done: 2 products selected, 2 changes.')).toBeTruthy();
    expect(sent.mutations()[0]?.variables).toEqual({
      selection: { skus: ['MUG-1', 'CUP-1'] },
      action: { kind: 'CHANGE_PRICE', categoryId: null, percent: 10.5 },
    });
  });

  it('selects everything the filters match and sends the filter, not the rows', async () => {
    const sent = api('STAFF');
    renderPage(<ProductsPage />, { path: '/products?q=mug' });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select Mug' }));
    fireEvent.click(screen.getByRole('button', { name: 'Select all 45 products matching the filters' }));
    const bar = screen.getByRole('region', { name: 'Actions on the selected products' });
    expect(within(bar).getByText('All 45 products matching the filters are selected')).toBeTruthy();
    fireEvent.change(within(bar).getByRole('combobox', { name: /Action/ }), { target: { value: 'DISABLE' } });
    fireEvent.click(within(bar).getByRole('button', { name: 'Apply to the selection' }));
    await waitFor(() => expect(sent.mutations()).toHaveLength(1));
    expect(sent.mutations()[0]?.variables).toMatchObject({
      selection: { filter: { search: 'mug', type: null, stock: null, enabled: null } },
      action: { kind: 'DISABLE' },
    });
  });

  it('says that nothing changed when the server refuses', async () => {
    api('STAFF', () => ({
      errors: [{ message: 'No such product: MUG-1.', extensions: { category: 'graphql-input', field: 'selection' } }],
    }));
    renderPage(<ProductsPage />, { path: '/products' });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select Mug' }));
    const bar = screen.getByRole('region', { name: 'Actions on the selected products' });
    fireEvent.change(within(bar).getByRole('combobox', { name: /Action/ }), { target: { value: 'ENABLE' } });
    fireEvent.click(within(bar).getByRole('button', { name: 'Apply to the selection' }));
    expect((await within(bar).findByRole('alert')).textContent).toBe('Nothing was changed: No such product: MUG-1.');
  });

  it('offers viewers no selection', async () => {
    api('VIEWER');
    renderPage(<ProductsPage />, { path: '/products' });
    expect(await screen.findByRole('link', { name: 'Mug' })).toBeTruthy();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});
