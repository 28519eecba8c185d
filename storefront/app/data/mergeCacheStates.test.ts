import { describe, expect, it } from 'vitest';
import { mergeCacheStates } from './mergeCacheStates';

describe('mergeCacheStates', () => {
  it('keeps persisted-only entries, lets SSR win per field, and merges ROOT_QUERY field by field', () => {
    const merged = mergeCacheStates(
      {
        ROOT_QUERY: { __typename: 'Query', cart: { __ref: 'Cart:c1' }, storeConfig: { __ref: 'StoreConfig:{}' } },
        'Cart:c1': { __typename: 'Cart', id: 'c1', total_quantity: 2 },
        'StoreConfig:{}': { __typename: 'StoreConfig', store_name: 'Old name', locale: 'en_US' },
        __META: { extraRootIds: ['Cart:c1'] },
      },
      {
        ROOT_QUERY: {
          __typename: 'Query',
          'products({"search":"bag"})': { __typename: 'Products', items: [] },
          storeConfig: { __ref: 'StoreConfig:{}' },
        },
        'StoreConfig:{}': { __typename: 'StoreConfig', store_name: 'New name' },
        __META: { extraRootIds: ['StoreConfig:{}'] },
      },
    );
    expect(merged.ROOT_QUERY).toEqual({
      __typename: 'Query',
      cart: { __ref: 'Cart:c1' },
      storeConfig: { __ref: 'StoreConfig:{}' },
      'products({"search":"bag"})': { __typename: 'Products', items: [] },
    });
    expect(merged['Cart:c1']).toEqual({ __typename: 'Cart', id: 'c1', total_quantity: 2 });
    expect(merged['StoreConfig:{}']).toEqual({ __typename: 'StoreConfig', store_name: 'New name', locale: 'en_US' });
    expect(merged.__META?.extraRootIds.sort()).toEqual(['Cart:c1', 'StoreConfig:{}']);
  });

  it("merges objects embedded in an entity, so a listing does not cut down a product page's data", () => {
    const money = (value: number) => ({ __typename: 'Money', value, currency: 'USD' });
    const merged = mergeCacheStates(
      {
        'SimpleProduct:{"uid":"MQ=="}': {
          __typename: 'SimpleProduct',
          uid: 'MQ==',
          name: 'Tee',
          price_range: {
            __typename: 'PriceRange',
            maximum_price: {
              __typename: 'ProductPrice',
              final_price: money(20),
              regular_price: money(25),
              discount: { __typename: 'ProductDiscount', amount_off: 5 },
            },
          },
          media_gallery: [
            { __typename: 'ProductImage', url: '/a.png', label: 'Front', position: 1 },
            { __typename: 'ProductImage', url: '/b.png', label: 'Back', position: 2 },
          ],
          categories: [{ __ref: 'CategoryTree:{"uid":"NA=="}' }],
        },
      },
      {
        'SimpleProduct:{"uid":"MQ=="}': {
          __typename: 'SimpleProduct',
          uid: 'MQ==',
          name: 'Tee (renamed)',
          price_range: {
            __typename: 'PriceRange',
            maximum_price: { __typename: 'ProductPrice', final_price: money(19) },
          },
          media_gallery: [{ __typename: 'ProductImage', url: '/c.png' }],
          categories: [{ __ref: 'CategoryTree:{"uid":"NQ=="}' }],
        },
      },
    );
    expect(merged['SimpleProduct:{"uid":"MQ=="}']).toEqual({
      __typename: 'SimpleProduct',
      uid: 'MQ==',
      name: 'Tee (renamed)',
      price_range: {
        __typename: 'PriceRange',
        maximum_price: {
          __typename: 'ProductPrice',
          final_price: money(19),
          regular_price: money(25),
          discount: { __typename: 'ProductDiscount', amount_off: 5 },
        },
      },
      // A list of another length is the newer list: it wins whole.
      media_gallery: [{ __typename: 'ProductImage', url: '/c.png' }],
      // References are values: the SSR one wins.
      categories: [{ __ref: 'CategoryTree:{"uid":"NQ=="}' }],
    });
  });

  it('does not mix list items or objects of different identity', () => {
    const merged = mergeCacheStates(
      {
        'Cart:c1': {
          __typename: 'Cart',
          id: 'c1',
          items: [{ __typename: 'SimpleCartItem', uid: 'i1', quantity: 1, note: 'x' }],
          prices: { __typename: 'CartPrices', a: 1 },
        },
      },
      {
        'Cart:c1': {
          __typename: 'Cart',
          id: 'c1',
          items: [{ __typename: 'SimpleCartItem', uid: 'i2', quantity: 3 }],
          prices: { __typename: 'Other', b: 2 },
        },
      },
    );
    expect(merged['Cart:c1']).toEqual({
      __typename: 'Cart',
      id: 'c1',
      items: [{ __typename: 'SimpleCartItem', uid: 'i2', quantity: 3 }],
      prices: { __typename: 'Other', b: 2 },
    });
  });

  it('works with either side missing', () => {
    expect(mergeCacheStates(undefined, undefined)).toEqual({});
    expect(mergeCacheStates({ ROOT_QUERY: { __typename: 'Query', a: 1 } }, undefined)).toEqual({
      ROOT_QUERY: { __typename: 'Query', a: 1 },
    });
    expect(mergeCacheStates(undefined, { ROOT_QUERY: { __typename: 'Query', b: 2 } })).toEqual({
      ROOT_QUERY: { __typename: 'Query', b: 2 },
    });
  });
});
