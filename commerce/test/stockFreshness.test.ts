import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCommerce, type Commerce } from '../src/commerce';
import { createResponseCache } from '../src/graphqlRuntime/responseCache';
import { PUBLIC_CACHE_CONTROL } from '../src/graphqlRuntime/cacheControlPlugin';
import { addToCart, newCart, openShop, PLACE_ORDER, prepareCheckout, simpleProduct } from './cartHarness';
import type { Fixture, Shop } from './cartHarness';

// Issue 9, defect 1: a product with stock 2 answered IN_STOCK, "only 2 left" by GET with
// X-Cache: HIT minutes after both units were sold, because only catalog writes emptied the
// response cache, and entries never expired although the answer said max-age=60.

let shop: Shop;
let clockMs = Date.parse('2026-11-24T12:00:00Z');
const now = () => new Date(clockMs);

beforeAll(async () => {
  shop = await openShop({ now });
}, 60_000);
afterAll(async () => shop?.close());

const PRODUCT =
  'query($sku: String!) { products(filter: { sku: { eq: $sku } }) { items { sku stock_status only_x_left_in_stock } } }';

async function get(commerce: Commerce, sku: string) {
  const url = new URL('http://localhost/graphql');
  url.searchParams.set('query', PRODUCT);
  url.searchParams.set('variables', JSON.stringify({ sku }));
  const response = await commerce.fetch(new Request(url, { headers: { accept: 'application/json' } }));
  const body = (await response.json()) as {
    data: { products: { items: { stock_status: string; only_x_left_in_stock: number | null }[] } };
  };
  return {
    cache: response.headers.get('x-cache'),
    age: response.headers.get('age'),
    item: body.data.products.items[0]!,
  };
}

async function buy(product: Fixture, quantity: number): Promise<void> {
  const cartId = await newCart(shop);
  const added = await addToCart(shop, cartId, [{ sku: product.sku, quantity }]);
  expect(added.data.addProductsToCart.user_errors).toEqual([]);
  await prepareCheckout(shop, cartId);
  const placed = await shop.gql(PLACE_ORDER, { id: cartId });
  expect(placed.data.placeOrder.orderV2.number).toEqual(expect.any(String));
}

describe('stock in the public GET cache', () => {
  it('a sale that sells out a product is seen at once by this process and by another one on the same database', async () => {
    const product = simpleProduct(shop, { price: 1500, stock: 2, offset: 3 });
    const other = await createCommerce({ ...shop.database, seedDemo: false, now });
    try {
      for (const commerce of [shop.commerce, other]) {
        expect(await get(commerce, product.sku)).toMatchObject({
          cache: 'MISS',
          item: { stock_status: 'IN_STOCK', only_x_left_in_stock: 2 },
        });
        expect((await get(commerce, product.sku)).cache).toBe('HIT');
      }

      await buy(product, 2);

      for (const commerce of [shop.commerce, other]) {
        expect(await get(commerce, product.sku)).toMatchObject({
          cache: 'MISS',
          item: { stock_status: 'OUT_OF_STOCK', only_x_left_in_stock: null },
        });
      }
    } finally {
      await other.close();
    }
  });

  it('"only N left" follows each sale at or below the threshold', async () => {
    const product = simpleProduct(shop, { price: 1500, stock: 5, offset: 4 });
    expect((await get(shop.commerce, product.sku)).item.only_x_left_in_stock).toBe(5);
    await buy(product, 1);
    expect(await get(shop.commerce, product.sku)).toMatchObject({ cache: 'MISS', item: { only_x_left_in_stock: 4 } });
  });

  it('a sale that changes nothing a shopper sees keeps the cached answers', async () => {
    const product = simpleProduct(shop, { price: 1500, stock: 500, offset: 5 });
    const bystander = simpleProduct(shop, { price: 900, stock: 3, offset: 6 });
    await get(shop.commerce, bystander.sku);
    expect((await get(shop.commerce, bystander.sku)).cache).toBe('HIT');
    await buy(product, 1);
    expect((await get(shop.commerce, bystander.sku)).cache).toBe('HIT');
  });

  it('no answer is served past its max-age, and a hit says how old it is', async () => {
    const product = simpleProduct(shop, { price: 1500, stock: 50, offset: 7 });
    expect((await get(shop.commerce, product.sku)).cache).toBe('MISS');
    clockMs += 30_000;
    expect(await get(shop.commerce, product.sku)).toMatchObject({ cache: 'HIT', age: '30' });
    clockMs += 30_000;
    expect((await get(shop.commerce, product.sku)).cache).toBe('MISS');
    expect((await get(shop.commerce, product.sku)).cache).toBe('HIT');
  });

  it('reports hits, misses, expiries and invalidations', async () => {
    const before = shop.commerce.gauges().responseCache!;
    const product = simpleProduct(shop, { price: 1500, stock: 1, offset: 8 });
    await get(shop.commerce, product.sku);
    await get(shop.commerce, product.sku);
    await buy(product, 1);
    await get(shop.commerce, product.sku);
    const after = shop.commerce.gauges().responseCache!;
    expect(after.hits - before.hits).toBe(1);
    expect(after.misses - before.misses).toBe(2);
    expect(after.invalidations - before.invalidations).toBe(1);
    expect(after.entries).toBeGreaterThan(0);
    expect(after.bytes).toBeGreaterThan(0);
    expect(after.maxBytes).toBe(64 * 1024 * 1024);
  });
});

describe('the response cache budget', () => {
  it('evicts the least recently used answers to stay under its byte budget', async () => {
    const cache = createResponseCache({ catalogVersion: async () => 1, maxBytes: 4000 });
    const next = async (request: Request) =>
      new Response(`{"data":"${'x'.repeat(900)}${new URL(request.url).search}"}`, {
        headers: { 'content-type': 'application/json', 'cache-control': PUBLIC_CACHE_CONTROL },
      });
    const fetchKey = async (key: string) =>
      (await cache.handle(new Request(`http://localhost/graphql?query=${key}`), next)).headers.get('x-cache');
    for (const key of ['a', 'b', 'c', 'd']) expect(await fetchKey(key)).toBe('MISS');
    // Touch "a": "b" is now the least recently used.
    expect(await fetchKey('a')).toBe('HIT');
    expect(await fetchKey('e')).toBe('MISS');
    expect(cache.stats()).toMatchObject({ entries: 4, evictions: 1 });
    expect(cache.stats().bytes).toBeLessThanOrEqual(4000);
    expect(await fetchKey('a')).toBe('HIT');
    expect(await fetchKey('b')).toBe('MISS');
  });
});
