import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { gql } from '@apollo/client';
import { buildSchema, getNamedType, isInterfaceType, Kind, OperationTypeNode, print, type DocumentNode } from 'graphql';
import { describe, expect, it, vi } from 'vitest';
import { createCache } from './cache';
import { MAGENTO_POSSIBLE_TYPES } from './possibleTypes';
import { typePolicies } from './typePolicies';

// The repository's copy of the Magento 2.4.7 schema (names and types), made by scripts/reduce-magento-schema.mjs.
const REFERENCE_SCHEMA = resolve(
  import.meta.dirname,
  '../../../commerce/test/reference/magento-2.4.7-oss.names.graphql',
);
const OWN_SCHEMA = resolve(import.meta.dirname, '../../../commerce/src/schema');

describe('possibleTypes', () => {
  it('lists the interfaces the storefront queries with their concrete Magento types', () => {
    expect(MAGENTO_POSSIBLE_TYPES.ProductInterface).toEqual(
      expect.arrayContaining([
        'SimpleProduct',
        'ConfigurableProduct',
        'VirtualProduct',
        'BundleProduct',
        'GroupedProduct',
        'DownloadableProduct',
      ]),
    );
    expect(MAGENTO_POSSIBLE_TYPES.RoutableInterface).toEqual(
      expect.arrayContaining(['CategoryTree', 'SimpleProduct', 'ConfigurableProduct', 'CmsPage', 'RoutableUrl']),
    );
    expect(MAGENTO_POSSIBLE_TYPES.CategoryInterface).toEqual(['CategoryTree']);
    expect(MAGENTO_POSSIBLE_TYPES.MediaGalleryInterface).toEqual(['ProductImage', 'ProductVideo']);
    expect(MAGENTO_POSSIBLE_TYPES.AggregationOptionInterface).toEqual(['AggregationOption']);
    expect(MAGENTO_POSSIBLE_TYPES.SwatchDataInterface).toEqual([
      'ColorSwatchData',
      'ImageSwatchData',
      'TextSwatchData',
    ]);
    expect(MAGENTO_POSSIBLE_TYPES.CartItemInterface).toEqual(
      expect.arrayContaining(['SimpleCartItem', 'ConfigurableCartItem', 'VirtualCartItem']),
    );
  });

  it('matches every interface of the Magento 2.4.7 reference schema', () => {
    const schema = buildSchema(readFileSync(REFERENCE_SCHEMA, 'utf8'), { assumeValid: true });
    const fromSchema: Record<string, string[]> = {};
    for (const type of Object.values(schema.getTypeMap())) {
      if (isInterfaceType(type))
        fromSchema[type.name] = schema
          .getPossibleTypes(type)
          .map((t) => t.name)
          .sort();
    }
    const ours = Object.fromEntries(
      Object.entries(MAGENTO_POSSIBLE_TYPES).map(([name, types]) => [name, [...types].sort()]),
    );
    expect(ours).toEqual(fromSchema);
  });

  it('lets a fragment on an interface match a concrete product type', () => {
    const cache = createCache();
    const query = gql`
      query Product {
        route(url: "bag.html") {
          ... on ProductInterface {
            uid
            name
          }
          ... on CategoryInterface {
            uid
            children_count
          }
        }
      }
    `;
    cache.writeQuery({ query, data: { route: { __typename: 'ConfigurableProduct', uid: 'Mg==', name: 'Bag' } } });
    expect(cache.readQuery({ query })).toEqual({
      route: { __typename: 'ConfigurableProduct', uid: 'Mg==', name: 'Bag' },
    });
  });
});

describe('keyFields', () => {
  const productQuery = gql`
    query Products($search: String) {
      products(search: $search) {
        items {
          uid
          sku
          name
        }
      }
    }
  `;

  it('normalises every product type by uid', () => {
    const cache = createCache();
    cache.writeQuery({
      query: productQuery,
      variables: { search: 'bag' },
      data: {
        products: {
          __typename: 'Products',
          items: [
            { __typename: 'SimpleProduct', uid: 'MQ==', sku: 'VT01', name: 'Tote' },
            { __typename: 'ConfigurableProduct', uid: 'Mg==', sku: 'VT02', name: 'Bag' },
          ],
        },
      },
    });
    const state = cache.extract();
    expect(state['SimpleProduct:{"uid":"MQ=="}']).toMatchObject({ sku: 'VT01' });
    expect(state['ConfigurableProduct:{"uid":"Mg=="}']).toMatchObject({ sku: 'VT02' });
  });

  it('keeps products stored inline, without failing, when a query does not select uid', () => {
    const cache = createCache();
    const withoutUid = gql`
      query Names {
        products(search: "bag") {
          items {
            sku
          }
        }
      }
    `;
    const warn = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    cache.writeQuery({
      query: withoutUid,
      data: { products: { __typename: 'Products', items: [{ __typename: 'SimpleProduct', sku: 'VT01' }] } },
    });
    expect(warn).not.toHaveBeenCalled();
    warn.mockRestore();
    expect(cache.readQuery({ query: withoutUid })).toEqual({
      products: { __typename: 'Products', items: [{ __typename: 'SimpleProduct', sku: 'VT01' }] },
    });
    expect(Object.keys(cache.extract()).some((id) => id.startsWith('SimpleProduct:'))).toBe(false);
  });

  it('keys Products results by their arguments', () => {
    const cache = createCache();
    for (const search of ['bag', 'shoe']) {
      cache.writeQuery({
        query: productQuery,
        variables: { search },
        data: {
          products: {
            __typename: 'Products',
            items: [{ __typename: 'SimpleProduct', uid: search, sku: search, name: search }],
          },
        },
      });
    }
    const root = cache.extract().ROOT_QUERY ?? {};
    expect(Object.keys(root)).toEqual(
      expect.arrayContaining(['products({"search":"bag"})', 'products({"search":"shoe"})']),
    );
  });

  it('normalises CategoryTree by uid and CmsPage by identifier', () => {
    const cache = createCache();
    cache.writeQuery({
      query: gql`
        query Pages {
          categoryList {
            uid
            name
          }
          cmsPage(identifier: "home") {
            identifier
            title
          }
        }
      `,
      data: {
        categoryList: [{ __typename: 'CategoryTree', uid: 'Mw==', name: 'Bags' }],
        cmsPage: { __typename: 'CmsPage', identifier: 'home', title: 'Home' },
      },
    });
    const state = cache.extract();
    expect(state['CategoryTree:{"uid":"Mw=="}']).toMatchObject({ name: 'Bags' });
    expect(state['CmsPage:{"identifier":"home"}']).toMatchObject({ title: 'Home' });
  });

  it('keeps storeConfig one object that different queries fill in together, and each store of availableStores apart', () => {
    const cache = createCache();
    cache.writeQuery({
      query: gql`
        query StoreCode {
          storeConfig {
            store_code
          }
        }
      `,
      data: { storeConfig: { __typename: 'StoreConfig', store_code: 'default' } },
    });
    cache.writeQuery({
      query: gql`
        query StoreName {
          storeConfig {
            store_name
          }
        }
      `,
      data: { storeConfig: { __typename: 'StoreConfig', store_name: 'Vela' } },
    });
    const both = gql`
      query Both {
        storeConfig {
          store_code
          store_name
        }
      }
    `;
    expect(cache.readQuery({ query: both })).toEqual({
      storeConfig: { __typename: 'StoreConfig', store_code: 'default', store_name: 'Vela' },
    });
    const stores = gql`
      query Stores {
        availableStores {
          store_code
          locale
        }
      }
    `;
    cache.writeQuery({
      query: stores,
      data: {
        availableStores: [
          { __typename: 'StoreConfig', store_code: 'default', locale: 'en_US' },
          { __typename: 'StoreConfig', store_code: 'fr', locale: 'fr_FR' },
        ],
      },
    });
    expect(
      cache
        .readQuery<{ availableStores: Array<{ locale: string }> }>({ query: stores })
        ?.availableStores.map((s) => s.locale),
    ).toEqual(['en_US', 'fr_FR']);
    // The store's own configuration is untouched by the list.
    expect(cache.readQuery({ query: both })).toEqual({
      storeConfig: { __typename: 'StoreConfig', store_code: 'default', store_name: 'Vela' },
    });
  });

  it('merges price objects selected by different queries instead of replacing them', () => {
    const cache = createCache();
    const listing = gql`
      query Listing {
        products(search: "bag") {
          items {
            uid
            price_range {
              minimum_price {
                final_price {
                  value
                  currency
                }
              }
            }
          }
        }
      }
    `;
    const detail = gql`
      query Detail {
        products(filter: { sku: { eq: "VT01" } }) {
          items {
            uid
            price_range {
              minimum_price {
                regular_price {
                  value
                  currency
                }
              }
            }
          }
        }
      }
    `;
    const money = { __typename: 'Money', value: 10, currency: 'EUR' };
    cache.writeQuery({
      query: listing,
      data: {
        products: {
          __typename: 'Products',
          items: [
            {
              __typename: 'SimpleProduct',
              uid: 'MQ==',
              price_range: {
                __typename: 'PriceRange',
                minimum_price: { __typename: 'ProductPrice', final_price: money },
              },
            },
          ],
        },
      },
    });
    cache.writeQuery({
      query: detail,
      data: {
        products: {
          __typename: 'Products',
          items: [
            {
              __typename: 'SimpleProduct',
              uid: 'MQ==',
              price_range: {
                __typename: 'PriceRange',
                minimum_price: { __typename: 'ProductPrice', regular_price: money },
              },
            },
          ],
        },
      },
    });
    expect(cache.readQuery({ query: listing })).toEqual({
      products: {
        __typename: 'Products',
        items: [
          {
            __typename: 'SimpleProduct',
            uid: 'MQ==',
            price_range: {
              __typename: 'PriceRange',
              minimum_price: { __typename: 'ProductPrice', final_price: money },
            },
          },
        ],
      },
    });
  });
});

describe('a cart read by two queries', () => {
  // The cart page's server render reads the cart's lines and, beside them, the cross-sells of the
  // same lines; whichever answer is written last must not drop what the other selected of `itemsV2`
  // (the page then found no cart and rendered "Loading your cart…" without JavaScript).
  it('keeps the lines query whole after the cross-sells query writes the same itemsV2', () => {
    const cache = createCache();
    const lines = gql`
      query Lines($cartId: String!) {
        cart(cart_id: $cartId) {
          id
          itemsV2(pageSize: 100) {
            total_count
            items {
              __typename
              uid
              quantity
              product {
                __typename
                uid
                sku
                name
              }
            }
          }
        }
      }
    `;
    const crossSells = gql`
      query CrossSells($cartId: String!) {
        cart(cart_id: $cartId) {
          id
          itemsV2(pageSize: 100) {
            items {
              __typename
              uid
              product {
                __typename
                uid
                sku
                crosssell_products {
                  __typename
                  uid
                  sku
                }
              }
            }
          }
        }
      }
    `;
    const product = { __typename: 'SimpleProduct', uid: 'p1', sku: 'CHA1' };
    const variables = { cartId: 'c1' };
    cache.writeQuery({
      query: lines,
      variables,
      data: {
        cart: {
          __typename: 'Cart',
          id: 'c1',
          itemsV2: {
            __typename: 'CartItems',
            total_count: 1,
            items: [{ __typename: 'SimpleCartItem', uid: 'i1', quantity: 1, product: { ...product, name: 'Chair' } }],
          },
        },
      },
    });
    cache.writeQuery({
      query: crossSells,
      variables,
      data: {
        cart: {
          __typename: 'Cart',
          id: 'c1',
          itemsV2: {
            __typename: 'CartItems',
            items: [
              {
                __typename: 'SimpleCartItem',
                uid: 'i1',
                product: { ...product, crosssell_products: [{ __typename: 'SimpleProduct', uid: 'p2', sku: 'MUG1' }] },
              },
            ],
          },
        },
      },
    });
    const read = cache.readQuery<{ cart: { itemsV2: { total_count: number; items: { quantity: number }[] } } }>({
      query: lines,
      variables,
    });
    expect(read?.cart.itemsV2.total_count).toBe(1);
    expect(read?.cart.itemsV2.items[0]?.quantity).toBe(1);
  });
});

describe('the shop-wide currency read by two queries', () => {
  // The cart page's server render reads the free-delivery settings (the base currency and its
  // rates) and, in the footer, the store switcher's currencies; whichever answer came last replaced
  // the other's `currency`, so a render whose answers came in that order (every render after the
  // first in a process, once the response cache answered fast) drew no free-delivery line while the
  // browser's cache had it: React #418 in cart.spec.ts.
  const freeDelivery = gql`
    query FreeDelivery {
      currency {
        base_currency_code
        exchange_rates {
          currency_to
          rate
        }
      }
    }
  `;
  const switcher = gql`
    query StoreSwitcher {
      currency {
        available_currency_codes
        default_display_currency_code
      }
    }
  `;
  const rates = {
    currency: {
      __typename: 'Currency',
      base_currency_code: 'USD',
      exchange_rates: [{ __typename: 'ExchangeRate', currency_to: 'EUR', rate: 0.92 }],
    },
  };
  const codes = {
    currency: {
      __typename: 'Currency',
      available_currency_codes: ['USD', 'EUR'],
      default_display_currency_code: 'USD',
    },
  };

  it.each([
    ['the switcher answers last', [freeDelivery, switcher] as const],
    ['the free-delivery settings answer last', [switcher, freeDelivery] as const],
  ])('keeps both selections when %s', (_, order) => {
    const cache = createCache();
    for (const query of order) cache.writeQuery({ query, data: query === freeDelivery ? rates : codes });
    expect(cache.readQuery({ query: freeDelivery })).toEqual(rates);
    expect(cache.readQuery({ query: switcher })).toEqual(codes);
  });
});

describe('objects without identity that several storefront queries select', () => {
  // Any root field two documents select with different fields, on a type the cache does not
  // normalise, loses one document's fields when the other's answer is written after it.
  it('are merged, not replaced, for every root field the documents share', async () => {
    const generated = await import('../__generated__/graphql');
    // Our own SDL (what the storefront's types are generated from): it has Stripe's and Braintree's fields too.
    const sdl = readdirSync(OWN_SCHEMA)
      .filter((file) => file.endsWith('.graphql'))
      .map((file) => readFileSync(resolve(OWN_SCHEMA, file), 'utf8'))
      .join('\n');
    const queryType = buildSchema(sdl, { assumeValid: true, assumeValidSDL: true }).getQueryType()!;
    const selections = new Map<string, Set<string>>();
    for (const value of Object.values(generated)) {
      if (typeof value !== 'object' || value === null || (value as { kind?: unknown }).kind !== 'Document') continue;
      for (const definition of (value as DocumentNode).definitions) {
        if (definition.kind !== Kind.OPERATION_DEFINITION || definition.operation !== OperationTypeNode.QUERY) continue;
        for (const selection of definition.selectionSet.selections) {
          if (selection.kind !== Kind.FIELD || !selection.selectionSet || selection.arguments?.length) continue;
          const name = selection.name.value;
          selections.set(name, (selections.get(name) ?? new Set()).add(print(selection.selectionSet)));
        }
      }
    }
    const shared = [...selections].filter(([, prints]) => prints.size > 1).map(([name]) => name);
    expect(shared).toEqual(expect.arrayContaining(['currency', 'storeConfig']));
    for (const name of shared) {
      const typeName = getNamedType(queryType.getFields()[name]!.type).name;
      const policy = typePolicies[typeName];
      const normalised = typeof policy?.keyFields === 'function' || Array.isArray(policy?.keyFields);
      expect(policy?.merge === true || normalised, `${name}: ${typeName}`).toBe(true);
    }
  });
});
