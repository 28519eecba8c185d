// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NewProductForm } from '../src/pages/ProductPage';
import { fakeApi, renderPage } from './renderPage';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const choices = { productCategoryChoices: [{ id: '3', path: 'Default Category / Mugs' }] };
const field = (name: RegExp) => screen.getByRole('textbox', { name });

describe('the product form', () => {
  it('marks what is missing or wrong and sends nothing', async () => {
    const api = fakeApi({ AdminProductCategoryChoices: () => ({ data: choices }) });
    renderPage(<NewProductForm />);
    const create = await screen.findByRole('button', { name: 'Create product' });
    fireEvent.change(field(/^Price/), { target: { value: '10' } });
    fireEvent.change(field(/^Special price/), { target: { value: '12' } });
    fireEvent.change(field(/^Quantity in stock/), { target: { value: '1.5' } });
    fireEvent.click(create);
    expect(await screen.findByText('The special price must be below the price.')).toBeTruthy();
    expect(screen.getByText('Enter a whole number, 0 or more.')).toBeTruthy();
    expect(field(/^SKU/).getAttribute('aria-invalid')).toBe('true');
    expect(field(/^Name/).getAttribute('aria-invalid')).toBe('true');
    expect(api.mutations()).toHaveLength(0);
  });

  it('creates a simple product with what was typed, and shows a refusal beside its field', async () => {
    const api = fakeApi({
      AdminProductCategoryChoices: () => ({ data: choices }),
      CreateProduct: () => ({
        errors: [{ message: 'The SKU MUG-1 is taken.', extensions: { category: 'graphql-input' } }],
      }),
    });
    renderPage(<NewProductForm />);
    const create = await screen.findByRole('button', { name: 'Create product' });
    fireEvent.change(field(/^SKU/), { target: { value: ' MUG-1 ' } });
    fireEvent.change(field(/^Name/), { target: { value: 'Mug' } });
    fireEvent.change(field(/^Price/), { target: { value: '12,50' } });
    fireEvent.change(field(/^Quantity in stock/), { target: { value: '4' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Default Category / Mugs' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Short description (HTML)' }), {
      target: { value: '<p>Big</p>' },
    });
    fireEvent.click(create);
    await waitFor(() => expect(field(/^SKU/).getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('The SKU MUG-1 is taken.')).toBeTruthy();
    expect(api.mutations()[0]?.variables).toEqual({
      input: {
        name: 'Mug',
        description: '',
        shortDescription: '<p>Big</p>',
        enabled: true,
        categoryIds: ['3'],
        price: 12.5,
        specialPrice: null,
        stockQty: 4,
        sku: 'MUG-1',
        urlKey: null,
      },
    });
  });
});
