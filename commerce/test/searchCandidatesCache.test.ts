// A search's candidates and their relevance are kept per catalog version: paging, sorting and
// filtering the same words reuse them, and a change by another process (a rename, here through a
// second connection as the CLI or an import would make it) shows on the next search.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase } from '../src/db/connection';
import { inWriteTransaction } from '../src/kernel/transaction';
import { refreshSearchAndListings } from '../src/domains/catalogTransfer/catalogRefresh';
import { rebuildCatalogIndex } from '../src/db/catalogIndex';
import { startTestCommerce } from './catalogTestServer';
import type { TestCommerce } from './catalogTestServer';

let api: TestCommerce;
beforeAll(async () => {
  api = await startTestCommerce();
});
afterAll(async () => {
  await api?.close();
});

const SEARCH = `query Search($q: String!, $page: Int!, $size: Int!, $sort: ProductAttributeSortInput) {
  products(search: $q, pageSize: $size, currentPage: $page, sort: $sort) {
    total_count
    items { sku name }
    aggregations { attribute_code options { value count } }
  }
}`;

async function search(q: string, page = 1, size = 12, sort?: Record<string, string>) {
  // POST: never answered by the response cache.
  const { body } = await api.post(SEARCH, { q, page, size, sort });
  expect(body.errors).toBeUndefined();
  return body.data.products as { total_count: number; items: { sku: string; name: string }[] };
}

it('pages and sorts the same words alike, and finds a product renamed by another process', async () => {
  const first = await search('jacket', 1, 6);
  expect(first.total_count).toBeGreaterThan(6);
  const second = await search('jacket', 2, 6);
  const both = await search('jacket', 1, 12);
  expect([...first.items, ...second.items]).toEqual(both.items);
  const byName = await search('jacket', 1, 12, { name: 'ASC' });
  expect(byName.total_count).toBe(first.total_count);

  expect((await search('zanzibarique')).total_count).toBe(0);
  const other = openDatabase(api.database);
  try {
    await inWriteTransaction(other.db, async (uow) => {
      const trx = uow.db;
      await trx
        .updateTable('product')
        .set({ name: 'Zanzibarique Jacket' })
        .where('sku', '=', first.items[0]!.sku)
        .execute();
      await refreshSearchAndListings(uow, other.searchIndex);
    });
  } finally {
    await other.close();
  }
  const renamed = await search('zanzibarique');
  expect(renamed.items).toEqual([{ sku: first.items[0]!.sku, name: 'Zanzibarique Jacket' }]);
  expect((await search('jacket')).total_count).toBe(first.total_count);
});

it("counts a search's facets once per catalog version, and again after another process changes an option", async () => {
  const countOf = (result: Awaited<ReturnType<typeof searchWithFacets>>, code: string, value: string) =>
    result.aggregations.find((a) => a.attribute_code === code)?.options.find((o) => o.value === value)?.count ?? 0;
  const before = await searchWithFacets('jacket');
  expect(await searchWithFacets('jacket', 2)).toMatchObject({ aggregations: before.aggregations });
  const other = openDatabase(api.database);
  let changed: { attribute_code: string; option_id: number };
  try {
    const product = await other.db
      .selectFrom('product')
      .select('id')
      .where('sku', '=', before.items[0]!.sku)
      .executeTakeFirstOrThrow();
    changed = await other.db
      .selectFrom('product_attribute_value')
      .select(['attribute_code', 'option_id'])
      .where('product_id', '=', product.id)
      .executeTakeFirstOrThrow();
    await inWriteTransaction(other.db, async (uow) => {
      const trx = uow.db;
      await trx
        .deleteFrom('product_attribute_value')
        .where('product_id', '=', product.id)
        .where('attribute_code', '=', changed.attribute_code)
        .where('option_id', '=', changed.option_id)
        .execute();
      await rebuildCatalogIndex(uow);
    });
  } finally {
    await other.close();
  }
  const after = await searchWithFacets('jacket');
  const value = String(changed.option_id);
  expect(countOf(after, changed.attribute_code, value)).toBe(countOf(before, changed.attribute_code, value) - 1);
});

async function searchWithFacets(q: string, page = 1) {
  const { body } = await api.post(SEARCH, { q, page, size: 6 });
  expect(body.errors).toBeUndefined();
  return body.data.products as {
    items: { sku: string }[];
    aggregations: { attribute_code: string; options: { value: string; count: number }[] }[];
  };
}
