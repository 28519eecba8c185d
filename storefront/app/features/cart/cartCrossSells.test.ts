import { describe, expect, it } from 'vitest';
import type { CartCrossSellsQuery } from '../../__generated__/graphql';
import { crossSellsOf, MAX_CROSS_SELLS } from './cartCrossSells';

const card = (sku: string) => ({
  __typename: 'SimpleProduct' as const,
  uid: btoa(sku),
  sku,
  name: sku,
  url_key: sku.toLowerCase(),
  url_suffix: '.html',
  stock_status: null,
  small_image: null,
  price_range: {
    minimum_price: {
      regular_price: { value: 1, currency: 'USD' as const },
      final_price: { value: 1, currency: 'USD' as const },
      discount: null,
    },
    maximum_price: null,
  },
});

const cart = (items: Array<{ sku: string; crossSells: string[] }>) =>
  ({
    cart: {
      id: 'c',
      itemsV2: {
        items: items.map((item, i) => ({
          uid: String(i),
          product: { uid: btoa(item.sku), sku: item.sku, crosssell_products: item.crossSells.map(card) },
        })),
      },
    },
  }) as unknown as CartCrossSellsQuery;

describe('the cart’s cross-sells', () => {
  it('lists each once, in the cart’s order, without what is in the cart already, at most eight', () => {
    const data = cart([
      { sku: 'TEE', crossSells: ['CAP', 'TOTE', 'MUG'] },
      { sku: 'MUG', crossSells: ['TOTE', 'SCARF', 'TEE'] },
    ]);
    expect(crossSellsOf(data).map((p) => p.sku)).toEqual(['CAP', 'TOTE', 'SCARF']);
    const many = cart([{ sku: 'A', crossSells: Array.from({ length: 12 }, (_, i) => `X${i}`) }]);
    expect(crossSellsOf(many)).toHaveLength(MAX_CROSS_SELLS);
    expect(crossSellsOf(undefined)).toEqual([]);
  });
});
