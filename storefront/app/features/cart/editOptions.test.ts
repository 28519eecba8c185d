import { describe, expect, it } from 'vitest';
import { editableProduct, initialSelection, selectedValueUids, selectionState } from './editOptions';

const value = (uid: string, label: string) => ({ __typename: 'ConfigurableProductOptionsValues' as const, uid, label });
const variant = (colour: string, size: string, stock: 'IN_STOCK' | 'OUT_OF_STOCK') => ({
  __typename: 'ConfigurableVariant' as const,
  attributes: [
    { __typename: 'ConfigurableAttributeOption' as const, uid: colour, code: 'color' },
    { __typename: 'ConfigurableAttributeOption' as const, uid: size, code: 'size' },
  ],
  product: {
    __typename: 'SimpleProduct' as const,
    uid: `${colour}-${size}`,
    sku: `TEE-${colour}-${size}`,
    stock_status: stock,
  },
});

// Sizes come first in the API's list but have the higher position.
const tee = {
  __typename: 'ConfigurableProduct' as const,
  uid: 'tee',
  sku: 'TEE',
  configurable_options: [
    {
      __typename: 'ConfigurableProductOptions' as const,
      uid: 'o-size',
      attribute_code: 'size',
      label: 'Size',
      position: 1,
      values: [value('s', 'S'), value('m', 'M')],
    },
    {
      __typename: 'ConfigurableProductOptions' as const,
      uid: 'o-color',
      attribute_code: 'color',
      label: 'Color',
      position: 0,
      values: [value('navy', 'Navy'), value('black', 'Black')],
    },
  ],
  variants: [variant('navy', 's', 'IN_STOCK'), variant('navy', 'm', 'OUT_OF_STOCK'), variant('black', 'm', 'IN_STOCK')],
};

describe('editing a configurable cart line', () => {
  const product = editableProduct(tee)!;

  it('orders options by position and starts from the line’s chosen values', () => {
    expect(product.options.map((o) => o.code)).toEqual(['color', 'size']);
    expect(initialSelection(product, ['m', 'black'])).toEqual({ color: 'black', size: 'm' });
  });

  it('tells an available choice from an out-of-stock, a non-existent and an incomplete one', () => {
    expect(selectionState(product, { color: 'black', size: 'm' })).toBe('available');
    expect(selectionState(product, { color: 'navy', size: 'm' })).toBe('outOfStock');
    expect(selectionState(product, { color: 'black', size: 's' })).toBe('unavailable');
    expect(selectionState(product, { color: 'black' })).toBe('incomplete');
  });

  it('gives the value uids in option order for selected_options', () => {
    expect(selectedValueUids(product, { size: 's', color: 'navy' })).toEqual(['navy', 's']);
  });

  it('has nothing to edit for a simple product', () => {
    expect(editableProduct({ __typename: 'SimpleProduct', uid: 'mug', sku: 'MUG' })).toBeNull();
  });
});
