import path from 'node:path';
import { Kind, parse } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_QUERY_COST, queryCost } from '../src/graphqlRuntime/queryCost';
import { startTestCommerce, type TestCommerce } from './catalogTestServer';
import { collectDocuments, findDocumentFiles, fragmentsReachedFrom } from './schemaDocuments';
import { buildOurSchema, repoRoot } from './schemaSources';

const schema = buildOurSchema();
const costOf = (query: string, variables: Record<string, unknown> = {}) =>
  queryCost({ schema, document: parse(query), variables }, Number.MAX_SAFE_INTEGER);

describe('query cost', () => {
  it('counts a field once per item of every page above it', () => {
    expect(costOf('{ storeConfig { store_code store_name } }')).toBe(3);
    // products + items + (uid, name) for each of the 10 items
    expect(costOf('{ products(search: "tee", pageSize: 10) { items { uid name } } }')).toBe(1 + 10 + 20);
    expect(costOf('query($n: Int) { products(search: "tee", pageSize: $n) { items { uid } } }', { n: 50 })).toBe(
      1 + 50 + 50,
    );
    // Magento's default page size (20) when none is given, also through a variable's default.
    expect(costOf('{ products(search: "tee") { items { uid } } }')).toBe(1 + 20 + 20);
    expect(costOf('query($n: Int = 5) { products(search: "tee", pageSize: $n) { items { uid } } }')).toBe(1 + 5 + 5);
  });

  it('multiplies nested pages, also through fragments', () => {
    const nested = `
      { products(search: "tee", pageSize: 300) { items { ...Card } } }
      fragment Card on ProductInterface { uid categories { products(pageSize: 300) { items { uid } } } }`;
    expect(costOf(nested)).toBeGreaterThan(300 * 300);
  });

  it('stops counting once past the limit, so a fragment bomb is cheap to refuse', () => {
    const levels = 25;
    let text = '{ storeConfig { ...F0 } }\n';
    for (let i = 0; i < levels; i++) text += `fragment F${i} on StoreConfig { store_code ...F${i + 1} ...F${i + 1} }\n`;
    text += `fragment F${levels} on StoreConfig { store_code }`;
    const started = performance.now();
    const cost = queryCost({ schema, document: parse(text) });
    expect(cost).toBeGreaterThan(MAX_QUERY_COST);
    expect(cost).toBeLessThan(MAX_QUERY_COST * 2);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('leaves room for every document the storefront sends, at its largest page sizes', () => {
    const collected = collectDocuments(findDocumentFiles(path.join(repoRoot, 'storefront/app')));
    const operations = collected.units.filter((u) => u.kind !== 'fragment');
    expect(operations.length).toBeGreaterThan(10);
    // The largest page sizes the storefront asks for: a 48-product grid, 200 orders, 100 cart lines.
    const variables = { pageSize: 200 };
    for (const unit of operations) {
      const document = {
        kind: Kind.DOCUMENT,
        definitions: [unit.node, ...fragmentsReachedFrom(unit, collected).filter((f) => f !== unit.node)],
      } as const;
      const cost = queryCost({ schema, document, variables }, Number.MAX_SAFE_INTEGER);
      expect(cost, `${unit.name} in ${path.relative(repoRoot, unit.file)}`).toBeLessThan(MAX_QUERY_COST);
      // Every optional part switched on (a filtered grid asks for its cards' variants), at the
      // largest product grid the storefront shows (48).
      const switches = Object.fromEntries(
        (unit.node.kind === Kind.OPERATION_DEFINITION ? (unit.node.variableDefinitions ?? []) : [])
          .filter((d) => d.type.kind !== Kind.LIST_TYPE && 'name' in d.type && d.type.name.value === 'Boolean')
          .map((d) => [d.variable.name.value, true]),
      );
      const withEverything = queryCost(
        { schema, document, variables: { pageSize: 48, ...switches } },
        Number.MAX_SAFE_INTEGER,
      );
      expect(withEverything, `${unit.name} with ${JSON.stringify(switches)}`).toBeLessThan(MAX_QUERY_COST);
    }
  });

  it('leaves out what @skip and @include leave out, as execution does', () => {
    const query = `query($more: Boolean = false) { products(search: "tee", pageSize: 10) { items { uid name @include(if: $more) sku @skip(if: true) } } }`;
    expect(costOf(query)).toBe(1 + 10 + 10);
    expect(costOf(query, { more: true })).toBe(1 + 10 + 20);
  });
});

describe('the API', () => {
  let api: TestCommerce;
  beforeAll(async () => {
    api = await startTestCommerce();
  });
  afterAll(() => api.close());

  it('answers a full page of 300 products with the fields a listing needs', async () => {
    const { body } = await api.post(
      '{ products(search: "", pageSize: 300) { total_count items { uid sku name url_key small_image { url label } price_range { minimum_price { final_price { value currency } } } } } }',
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.products.items.length).toBeGreaterThan(0);
  });

  it('refuses pages within pages before running them, by POST and by GET', async () => {
    const query =
      'query($n: Int) { products(search: "", pageSize: $n) { items { uid categories { products(pageSize: 300) { items { uid name } } } } } }';
    for (const send of [
      (q: string, v: Record<string, unknown>) => api.post(q, v),
      (q: string, v: Record<string, unknown>) => api.get(q, v),
    ]) {
      const { status, body } = await send(query, { n: 300 });
      expect(status).toBe(200);
      expect(body.data).toBeUndefined();
      expect(body.errors).toHaveLength(1);
      expect(body.errors[0].message).toBe(
        `The query asks for too much at once (cost over ${MAX_QUERY_COST}): ask for fewer items per page or fewer fields.`,
      );
      expect(body.errors[0].extensions.category).toBe('graphql-input');
    }
    // The same document with small pages runs; the cost is kept per page size, so big pages are
    // still refused after it.
    const small = await api.post(query, { n: 2 });
    expect(small.body.errors).toBeUndefined();
    expect((await api.post(query, { n: 300 })).body.errors?.[0].extensions.category).toBe('graphql-input');
    expect((await api.post(query, { n: 2 })).body.errors).toBeUndefined();
  });

  it('answers GET or form variables or extensions that are not JSON with 400, not an unexpected 500', async () => {
    for (const name of ['variables', 'extensions']) {
      const response = await api.commerce.fetch(
        new Request(`http://localhost/graphql?query=%7BstoreConfig%7Bstore_code%7D%7D&${name}=%7B`, {
          headers: { accept: 'application/json' },
        }),
      );
      expect(response.status).toBe(400);
      expect((await response.json()).errors[0].message).toBe(`The "${name}" parameter must be JSON.`);
    }
    const form = await api.commerce.fetch(
      new Request('http://localhost/graphql', {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
        body: 'query=%7BstoreConfig%7Bstore_code%7D%7D&variables=%7B',
      }),
    );
    expect(form.status).toBe(400);
    expect((await form.json()).errors[0]).toMatchObject({
      message: 'The "variables" and "extensions" parameters must be JSON.',
      extensions: { code: 'BAD_REQUEST' },
    });
  });

  it('refuses a batch of operations without running any of them', async () => {
    const before = await api.commerce.mailOutboxDepth();
    const contact = {
      query: 'mutation { contactUs(input: { name: "Ada", email: "ada@example.com", comment: "hello" }) { status } }',
    };
    const response = await api.commerce.fetch(
      new Request('http://localhost/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify([contact, contact]),
      }),
    );
    expect(response.status).toBe(400);
    expect((await response.json()).errors[0].message).toBe('Batching is not supported.');
    expect(await api.commerce.mailOutboxDepth()).toEqual(before);
  });
});
