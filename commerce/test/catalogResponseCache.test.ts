import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/connection';
import { rebuildCatalogIndex } from '../src/db/catalogIndex';
import { startTestCommerce } from './catalogTestServer';
import type { TestCommerce } from './catalogTestServer';
import { inWriteTransaction } from '../src/kernel/transaction';

let api: TestCommerce;

beforeAll(async () => {
  api = await startTestCommerce();
});
afterAll(async () => {
  await api?.close();
});

const uid = (id: number) => Buffer.from(String(id)).toString('base64');

const CATEGORY_PAGE = `query($c: String, $size: Int) {
  products(filter: { category_uid: { eq: $c } }, pageSize: $size, currentPage: 1, sort: { position: ASC }) {
    total_count
    aggregations(filter: { category: { includeDirectChildrenOnly: true } }) { attribute_code options { value count } }
    items {
      __typename uid sku name url_key stock_status small_image { url label }
      price_range { minimum_price { final_price { value currency } } }
      categories { uid name }
      ... on ConfigurableProduct { configurable_options { attribute_code values { uid label } } variants { product { sku } attributes { code } } }
    }
  } }`;

describe('X-Query-Count', () => {
  it('a category page runs the same small number of statements whatever its page size', async () => {
    const counts: number[] = [];
    // The first listing also loads what facets are labelled with, kept until the catalog changes.
    await api.post(CATEGORY_PAGE, { c: uid(3), size: 1 });
    for (const size of [6, 24, 48]) {
      // POST: never served from the response cache.
      const { status, headers, body } = await api.post(CATEGORY_PAGE, { c: uid(3), size });
      expect(status).toBe(200);
      expect(body.errors).toBeUndefined();
      expect(body.data.products.items).toHaveLength(size);
      counts.push(Number(headers.get('x-query-count')));
    }
    expect(counts[0]).toBeGreaterThan(0);
    expect(counts[0]).toBeLessThanOrEqual(15);
    expect(new Set(counts).size).toBe(1);
  });
});

describe('response cache', () => {
  const query =
    '{ products(filter: { category_uid: { eq: "Mw==" } }, pageSize: 2) { total_count items { sku name } } }';

  it('serves a repeated public GET from memory, with an ETag that answers 304', async () => {
    const first = await api.get(query, {}, { store: 'default' });
    expect(first.status).toBe(200);
    expect(first.headers.get('x-cache')).toBe('MISS');
    expect(first.headers.get('cache-control')).toBe('public, max-age=60, s-maxage=300');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^".+"$/);

    const second = await api.get(query, {}, { store: 'default' });
    expect(second.headers.get('x-cache')).toBe('HIT');
    expect(second.body).toEqual(first.body);
    expect(second.headers.get('etag')).toBe(etag);
    expect(Number(second.headers.get('x-query-count'))).toBeLessThanOrEqual(1);

    const url = new URL('http://localhost/graphql');
    url.searchParams.set('query', query);
    url.searchParams.set('variables', '{}');
    const notModified = await api.commerce.fetch(
      new Request(url, { headers: { accept: 'application/json', store: 'default', 'if-none-match': etag! } }),
    );
    expect(notModified.status).toBe(304);
    expect(await notModified.text()).toBe('');
    expect(notModified.headers.get('etag')).toBe(etag);
  });

  it('keys on variables and store headers', async () => {
    const q =
      'query($size: Int) { products(filter: { category_uid: { eq: "Mw==" } }, pageSize: $size) { items { sku } } }';
    expect((await api.get(q, { size: 3 })).headers.get('x-cache')).toBe('MISS');
    const other = await api.get(q, { size: 4 });
    expect(other.headers.get('x-cache')).toBe('MISS');
    expect(other.body.data.products.items).toHaveLength(4);
    expect((await api.get(q, { size: 3 }, { store: 'fr' })).headers.get('x-cache')).toBe('MISS');
    expect((await api.get(q, { size: 3 })).headers.get('x-cache')).toBe('HIT');
  });

  it("lets shared caches keep a store's or currency's answer only when its URL names them (issue 33)", async () => {
    const q = '{ products(filter: { category_uid: { eq: "Mw==" } }, pageSize: 1) { items { sku } } }';
    const get = async (params: Record<string, string>, headers: Record<string, string>) => {
      const url = new URL('http://localhost/graphql');
      url.searchParams.set('query', q);
      for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
      const response = await api.commerce.fetch(
        new Request(url, { headers: { accept: 'application/json', ...headers } }),
      );
      return response.headers.get('cache-control');
    };
    const shared = 'public, max-age=60, s-maxage=300';
    const browserOnly = 'private, max-age=60';
    expect(await get({}, {})).toBe(shared);
    expect(await get({}, { store: 'default' })).toBe(shared);
    // A CDN keyed on the URL would give these French or euro answers to the default store.
    expect(await get({}, { store: 'fr' })).toBe(browserOnly);
    expect(await get({}, { 'content-currency': 'EUR' })).toBe(browserOnly);
    expect(await get({ store: 'fr' }, { store: 'fr', 'content-currency': 'USD' })).toBe(browserOnly);
    // ...and this default-store answer to the French store.
    expect(await get({ store: 'fr' }, {})).toBe(browserOnly);
    expect(await get({ currency: 'EUR' }, {})).toBe(browserOnly);
    // Named in the URL as in the headers (the storefront sends both): any cache may keep it.
    expect(await get({ store: 'fr' }, { store: 'fr' })).toBe(shared);
    expect(await get({ store: 'fr', currency: 'USD' }, { store: 'fr', 'content-currency': 'USD' })).toBe(shared);
    expect(await get({ currency: 'EUR' }, { 'content-currency': 'EUR' })).toBe(shared);
  });

  it('never caches requests with Authorization, POSTs, errors or cart queries', async () => {
    const withToken = { authorization: 'Bearer whatever' };
    await api.get(query, {}, withToken);
    const again = await api.get(query, {}, withToken);
    expect(again.headers.get('x-cache')).toBeNull();
    expect(again.headers.get('cache-control')).toBe('no-store');

    const post = await api.post(query);
    expect(post.headers.get('x-cache')).toBeNull();

    const broken =
      '{ products(filter: { category_uid: { eq: "Mw==" } }, pageSize: 2, currentPage: 999) { items { sku } } }';
    await api.get(broken);
    const brokenAgain = await api.get(broken);
    expect(brokenAgain.body.errors?.length).toBeGreaterThan(0);
    expect(brokenAgain.headers.get('x-cache')).toBeNull();

    const cartId = (await api.post('mutation { createEmptyCart }')).body.data.createEmptyCart as string;
    const cartQuery = `{ storeConfig { store_code } cart(cart_id: "${cartId}") { id total_quantity } }`;
    const firstCart = await api.get(cartQuery);
    expect(firstCart.body.data.cart.id).toBe(cartId);
    const secondCart = await api.get(cartQuery);
    expect(secondCart.headers.get('x-cache')).toBeNull();
    expect(secondCart.headers.get('cache-control')).toBe('no-store');
    expect(secondCart.headers.get('etag')).toBeNull();
  });

  it('drops cached answers when another process changes the catalog', async () => {
    const before = await api.get(query);
    expect((await api.get(query)).headers.get('x-cache')).toBe('HIT');
    const sku = before.body.data.products.items[0].sku as string;

    // A second connection to the same file stands in for the CLI, an import or another server process.
    const other = openDatabase(api.database);
    try {
      await inWriteTransaction(other.db, async (uow) => {
        const trx = uow.db;
        await trx.updateTable('product').set({ name: 'Renamed by another process' }).where('sku', '=', sku).execute();
        await rebuildCatalogIndex(uow);
      });
    } finally {
      await other.close();
    }

    const after = await api.get(query);
    expect(after.headers.get('x-cache')).toBe('MISS');
    expect(after.body.data.products.items[0].name).toBe('Renamed by another process');
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
    expect((await api.get(query)).headers.get('x-cache')).toBe('HIT');
  });
});

describe('response cache and per-caller headers', () => {
  it('never stores or replays Access-Control-* headers', async () => {
    const { createResponseCache } = await import('../src/graphqlRuntime/responseCache');
    const { PUBLIC_CACHE_CONTROL } = await import('../src/graphqlRuntime/cacheControlPlugin');
    const cache = createResponseCache({ catalogVersion: async () => 1 });
    const next = async (request: Request) =>
      new Response('{"data":{}}', {
        headers: {
          'content-type': 'application/json',
          'cache-control': PUBLIC_CACHE_CONTROL,
          ...(request.headers.get('origin')
            ? {
                'access-control-allow-origin': request.headers.get('origin')!,
                'access-control-allow-credentials': 'true',
              }
            : {}),
        },
      });
    const first = await cache.handle(
      new Request('http://localhost/graphql?query=%7Ba%7D', { headers: { origin: 'https://evil.example.com' } }),
      next,
    );
    expect(first.headers.get('x-cache')).toBe('MISS');
    const second = await cache.handle(new Request('http://localhost/graphql?query=%7Ba%7D'), next);
    expect(second.headers.get('x-cache')).toBe('HIT');
    expect(second.headers.get('access-control-allow-origin')).toBeNull();
    expect(second.headers.get('access-control-allow-credentials')).toBeNull();
  });
});
