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
        ROOT_QUERY: { __typename: 'Query', 'products({"search":"bag"})': { __typename: 'Products', items: [] }, storeConfig: { __ref: 'StoreConfig:{}' } },
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

  it('works with either side missing', () => {
    expect(mergeCacheStates(undefined, undefined)).toEqual({});
    expect(mergeCacheStates({ ROOT_QUERY: { __typename: 'Query', a: 1 } }, undefined)).toEqual({ ROOT_QUERY: { __typename: 'Query', a: 1 } });
    expect(mergeCacheStates(undefined, { ROOT_QUERY: { __typename: 'Query', b: 2 } })).toEqual({ ROOT_QUERY: { __typename: 'Query', b: 2 } });
  });
});
