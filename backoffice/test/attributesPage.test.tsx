// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AttributePage } from '../src/pages/AttributePage';
import { AttributesPage } from '../src/pages/AttributesPage';
import { fakeApi, renderPage } from './renderPage';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const stores = [
  { code: 'default', name: 'Vela', isDefault: true },
  { code: 'fr', name: 'Vela France', isDefault: false },
];
const rows = [
  { code: 'color', label: 'Color', input: 'swatch_color', filterable: true, visibleOnFront: true, productCount: 40 },
  { code: 'care_note', label: 'Care note', input: 'text', filterable: false, visibleOnFront: false, productCount: 3 },
];
const material = {
  code: 'material',
  label: 'Material',
  input: 'select',
  filterable: true,
  searchable: true,
  visibleOnFront: true,
  position: 30,
  productCount: 5,
  configurableCount: 0,
  storeLabels: [{ storeCode: 'fr', label: 'Matière' }],
  options: [
    {
      id: '11',
      label: 'Cotton',
      swatch: null,
      position: 1,
      productCount: 5,
      storeLabels: [{ storeCode: 'fr', label: 'Coton' }],
    },
    { id: '12', label: 'Wool', swatch: null, position: 2, productCount: 0, storeLabels: [] },
  ],
};
const list = () => ({ data: { productAttributes: rows, storeViews: { stores } } });
const detail = () => ({ data: { productAttribute: material, storeViews: { stores } } });

describe('the attributes list', () => {
  it('shows each attribute with its type, filter, product page and products; viewers get no add form', async () => {
    fakeApi({ ProductAttributes: list }, 'VIEWER');
    renderPage(<AttributesPage />);
    const table = await screen.findByRole('table', { name: 'Attributes' });
    const care = within(table).getByRole('row', { name: /Open Care note/ });
    expect(
      within(care)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Care note', 'Text field', 'No', 'No', '3']);
    expect(within(table).getByRole('link', { name: 'Open Color' }).getAttribute('href')).toBe('/attributes/color');
    expect(screen.getByText("Only the shop's owner can add, change or delete attributes.")).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add the attribute' })).toBeNull();
  });

  it('an owner adds one: a bad code is refused without asking the server; the French label is sent', async () => {
    const api = fakeApi({
      ProductAttributes: list,
      CreateProductAttribute: (v) => ({
        data: { createProductAttribute: { ...material, code: v.code, label: (v.input as { label: string }).label } },
      }),
    });
    renderPage(<AttributesPage />);
    const code = await screen.findByRole('textbox', { name: /Attribute code/ });
    fireEvent.change(code, { target: { value: 'Fabric Type' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Default label/ }), { target: { value: 'Fabric' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add the attribute' }));
    expect(await screen.findByText(/Use lower-case letters, digits and underscores/)).toBeTruthy();
    expect(api.mutations()).toHaveLength(0);

    fireEvent.change(code, { target: { value: 'fabric' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Label in Vela France/ }), { target: { value: 'Tissu' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Show it on the product page' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add the attribute' }));
    await waitFor(() => expect(api.mutations()).toHaveLength(1));
    expect(api.mutations()[0]?.variables).toEqual({
      code: 'fabric',
      input: {
        label: 'Fabric',
        input: 'select',
        filterable: true,
        searchable: true,
        visibleOnFront: false,
        position: 0,
        storeLabels: [{ storeCode: 'fr', label: 'Tissu' }],
      },
    });
  });
});

describe('one attribute', () => {
  const page = () => renderPage(<AttributePage />, { path: '/attributes/material', route: '/attributes/:code' });

  it('reorders and removes options; removing a used one asks to confirm with the server’s count, then sends the confirmation', async () => {
    let confirmed = false;
    const api = fakeApi({
      ProductAttribute: detail,
      SetProductAttributeOptions: (v) => {
        if (!v.confirmRemoval)
          return {
            errors: [
              {
                message: 'Cotton is used by 5 products. Confirm to take it from those products.',
                extensions: { category: 'graphql-input', field: 'confirmRemoval' },
              },
            ],
          };
        confirmed = true;
        return { data: { setProductAttributeOptions: { ...material, options: [material.options[1]] } } };
      },
    });
    page();
    expect(await screen.findByText('5 products use it.')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Option 1 in Vela France' }) as HTMLInputElement).value).toBe('Coton');
    fireEvent.click(screen.getByRole('button', { name: 'Move option 1 down' }));
    expect((screen.getByRole('textbox', { name: 'Option 1' }) as HTMLInputElement).value).toBe('Wool');
    fireEvent.click(screen.getByRole('button', { name: 'Remove option 2' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save the options' }));
    const dialog = await screen.findByRole('dialog', { name: 'Take these values from products?' });
    expect(
      within(dialog).getByText('Cotton is used by 5 products. Confirm to take it from those products.'),
    ).toBeTruthy();
    expect(api.mutations()[0]?.variables).toEqual({
      code: 'material',
      confirmRemoval: false,
      options: [{ id: '12', label: 'Wool', swatch: null, storeLabels: [{ storeCode: 'fr', label: '' }] }],
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, remove them' }));
    await waitFor(() => expect(confirmed).toBe(true));
    expect(await screen.findByText('The options are saved.')).toBeTruthy();
  });

  it('viewers read it: no save, no option buttons, no delete', async () => {
    fakeApi({ ProductAttribute: detail }, 'VIEWER');
    page();
    expect(await screen.findByRole('heading', { name: 'Material (material)' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save the attribute' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save the options' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete this attribute' })).toBeNull();
  });

  it('an owner deletes it after a confirmation that says how many products lose their value', async () => {
    const api = fakeApi({
      ProductAttribute: detail,
      DeleteProductAttribute: (v) => ({ data: { deleteProductAttribute: v.code } }),
    });
    page();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete this attribute' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Material?' });
    expect(within(dialog).getByText(/5 products lose their values\./)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, delete it' }));
    await waitFor(() => expect(api.mutations()).toHaveLength(1));
    expect(api.mutations()[0]?.variables).toEqual({ code: 'material' });
  });

  it('speaks French', async () => {
    fakeApi({ ProductAttribute: detail });
    renderPage(<AttributePage />, { path: '/attributes/material', route: '/attributes/:code', french: true });
    expect(await screen.findByRole('button', { name: 'Enregistrer les options' })).toBeTruthy();
    expect(screen.getByText('5 produits l’utilisent.')).toBeTruthy();
  });
});
