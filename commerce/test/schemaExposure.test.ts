import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCommerce, type Commerce } from '../src/commerce';
import { startTestCommerce, type TestCommerce } from './catalogTestServer';

// A production shop does not hand its schema to whoever asks (issue 9, defect 10).
let api: TestCommerce;
let exposed: Commerce;
beforeAll(async () => {
  api = await startTestCommerce();
  exposed = await createCommerce({ ...api.database, seedDemo: false, exposeSchema: true });
});
afterAll(async () => {
  await exposed?.close();
  await api?.close();
});

const INTROSPECTION = '{ __schema { queryType { name } types { name } } }';
const TYPE_LOOKUP = '{ __type(name: "ProductInterface") { fields { name } } }';
const MISSPELLED_FIELD = '{ storeConfig { store_cod } }';
const SORT_QUERY = 'query($d: SortEnum) { products(search: "a", sort: { name: $d }) { total_count } }';

async function post(commerce: Commerce, query: string, variables: Record<string, unknown> = {}) {
  const response = await commerce.fetch(
    new Request('http://localhost/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ query, variables }),
    }),
  );
  return (await response.json()) as { data?: unknown; errors?: { message: string }[] };
}

describe('schema exposure, by default (production)', () => {
  it('refuses introspection by POST and by GET, and runs none of it', async () => {
    for (const query of [INTROSPECTION, TYPE_LOOKUP]) {
      const byPost = await api.post(query);
      expect(byPost.body.data).toBeUndefined();
      expect(byPost.body.errors[0].message).toMatch(/introspection/i);
      const byGet = await api.get(query);
      expect(byGet.body.data).toBeUndefined();
      expect(byGet.body.errors[0].message).toMatch(/introspection/i);
      expect(JSON.stringify(byGet.body)).not.toContain('ProductInterface"');
    }
  });

  // Magento generates ProductAttributeFilterInput from the catalog's filterable attributes, so
  // Venia asks what it holds (__type) before it builds a category's or a search's filters.
  it('answers what the product filter input holds, as Venia asks it, and no other type', async () => {
    const filters = await api.post(
      '{ __type(name: "ProductAttributeFilterInput") { inputFields { name type { name } } } }',
    );
    expect(filters.body.errors).toBeUndefined();
    const fields = filters.body.data.__type.inputFields as Array<{ name: string; type: { name: string } }>;
    expect(fields).toEqual(expect.arrayContaining([{ name: 'category_uid', type: { name: 'FilterEqualTypeInput' } }]));
    for (const query of [
      '{ __type(name: "Customer") { fields { name } } }',
      'query($n: String!) { __type(name: $n) { name } }',
      '{ __type(name: "ProductAttributeFilterInput") { name } other: __type(name: "Mutation") { fields { name } } }',
    ]) {
      const refused = await api.post(query, { n: 'ProductAttributeFilterInput' });
      expect(refused.body.data, query).toBeUndefined();
      expect(refused.body.errors[0].message).toMatch(/introspection/i);
    }
  });

  it('still answers __typename, which clients need for their caches', async () => {
    const { body } = await api.post('{ storeConfig { __typename store_code } }');
    expect(body.errors).toBeUndefined();
    expect(body.data.storeConfig.__typename).toBe('StoreConfig');
  });

  it('gives no "Did you mean" hints for fields or enum values', async () => {
    const field = await api.post(MISSPELLED_FIELD);
    expect(field.body.errors[0].message).toMatch(/Cannot query field "store_cod"/);
    expect(field.body.errors[0].message).not.toMatch(/did you mean/i);
    const value = await api.post(SORT_QUERY, { d: 'ASCC' });
    expect(value.body.errors[0].message).toMatch(/ASCC/);
    expect(value.body.errors[0].message).not.toMatch(/did you mean/i);
  });

  it('serves no GraphiQL page (it would load its code from a public CDN)', async () => {
    const response = await api.commerce.fetch(
      new Request('http://localhost/graphql', { headers: { accept: 'text/html' } }),
    );
    const text = await response.text();
    expect(response.headers.get('content-type') ?? '').not.toMatch(/text\/html/);
    expect(text).not.toMatch(/unpkg|jsdelivr|<script/i);
  });
});

describe('schema exposure, when the host enables it', () => {
  it('answers introspection and keeps the hints', async () => {
    const schema = await post(exposed, INTROSPECTION);
    expect(schema.errors).toBeUndefined();
    expect(JSON.stringify(schema.data)).toContain('ProductInterface');
    const field = await post(exposed, MISSPELLED_FIELD);
    expect(field.errors?.[0]?.message).toMatch(/did you mean "store_code"/i);
  });

  it('still serves no GraphiQL page', async () => {
    const response = await exposed.fetch(new Request('http://localhost/graphql', { headers: { accept: 'text/html' } }));
    expect(await response.text()).not.toMatch(/unpkg|jsdelivr|<script/i);
  });
});
