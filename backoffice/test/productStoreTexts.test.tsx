// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProductStoreTexts } from '../src/pages/products/ProductStoreTexts';
import { fakeApi, renderPage } from './renderPage';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const stores = [
  { id: '1', name: 'Vela', active: true, isDefault: true },
  { id: '2', name: 'Vela France', active: true, isDefault: false },
];
const none: Record<string, string | null> = {
  name: null,
  urlKey: null,
  description: null,
  shortDescription: null,
  metaTitle: null,
  metaDescription: null,
};
const defaults = { ...none, name: 'Blue shirt', urlKey: 'blue-shirt', description: '<p>Soft</p>' };

function api(role: 'OWNER' | 'STAFF' | 'VIEWER', own = none) {
  return fakeApi(
    {
      StoreViewChoices: () => ({ data: { storeViews: { stores } } }),
      ProductStoreTexts: () => ({ data: { productStoreTexts: { defaults, own } } }),
      SaveProductStoreTexts: (v) => ({ data: { saveProductStoreTexts: { own: v.texts } } }),
    },
    role,
  );
}

async function chooseFrance() {
  const scope = await screen.findByRole('combobox', { name: 'Store view' });
  fireEvent.change(scope, { target: { value: '2' } });
  return screen.findByRole('form', { name: 'Save texts for Vela France' });
}

describe('texts per store view on the product page', () => {
  it('starts on the default values, then shows the store view’s texts inheriting them', async () => {
    const sent = api('STAFF');
    renderPage(<ProductStoreTexts sku="SHIRT" />);
    expect(await screen.findByText(/The default values are the texts edited above/)).toBeTruthy();
    const form = await chooseFrance();
    const name = within(form).getByRole('textbox', { name: 'Name' }) as HTMLInputElement;
    expect(name.value).toBe('Blue shirt');
    expect(name.readOnly).toBe(true);
    expect((within(form).getByRole('checkbox', { name: 'Name: use default value' }) as HTMLInputElement).checked).toBe(
      true,
    );
    expect(sent.sent.find((s) => s.operationName === 'ProductStoreTexts')?.variables).toEqual({
      sku: 'SHIRT',
      storeId: '2',
    });
  });

  it('sends only the texts unticked, the others as null (use the default value)', async () => {
    const sent = api('STAFF');
    renderPage(<ProductStoreTexts sku="SHIRT" />);
    const form = await chooseFrance();
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Name: use default value' }));
    const name = within(form).getByRole('textbox', { name: 'Name' }) as HTMLInputElement;
    expect(name.readOnly).toBe(false);
    fireEvent.change(name, { target: { value: 'Chemise bleue' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save texts for Vela France' }));
    expect(await screen.findByText('The texts for Vela France are saved.')).toBeTruthy();
    await waitFor(() => expect(sent.mutations()).toHaveLength(1));
    expect(sent.mutations()[0]?.variables).toEqual({
      sku: 'SHIRT',
      storeId: '2',
      texts: { ...none, name: 'Chemise bleue' },
    });
  });

  it('shows a viewer the store’s own texts without a way to change them', async () => {
    api('VIEWER', { ...none, name: 'Chemise bleue' });
    renderPage(<ProductStoreTexts sku="SHIRT" />);
    const form = await chooseFrance();
    expect((within(form).getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe('Chemise bleue');
    expect(within(form).queryByRole('button')).toBeNull();
    expect((within(form).getByRole('checkbox', { name: 'Name: use default value' }) as HTMLInputElement).disabled).toBe(
      true,
    );
  });
});
