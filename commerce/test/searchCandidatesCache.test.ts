// A search's candidates and their relevance are kept per catalog version: paging, sorting and
// filtering the same words reuse them, and a change by another process (a rename, here through a
// second connection as the CLI or an import would make it) shows on the next search.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase } from '../src/db/connection';
import { refreshSearchAndListings } from '../src/domains/catalogTransfer/catalogRefreshService';
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
    await other.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('product')
        .set({ name: 'Zanzibarique Jacket' })
        .where('sku', '=', first.items[0]!.sku)
        .execute();
      await refreshSearchAndListings(trx, other.searchIndex);
    });
  } finally {
    await other.close();
  }
  const renamed = await search('zanzibarique');
  expect(renamed.items).toEqual([{ sku: first.items[0]!.sku, name: 'Zanzibarique Jacket' }]);
  expect((await search('jacket')).total_count).toBe(first.total_count);
});
