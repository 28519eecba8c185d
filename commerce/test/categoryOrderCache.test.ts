// A category listing's products in each sort order are kept in memory per catalog version, and a
// page is a slice of them (domains/catalog/productService.ts). Its pages must be the ones the
// SQL listing gives, and a change by another connection must show on the next listing.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase } from '../src/db/connection';
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

const LISTING = `query Listing($filter: ProductAttributeFilterInput!, $sort: ProductAttributeSortInput, $size: Int!, $page: Int!) {
  products(filter: $filter, sort: $sort, pageSize: $size, currentPage: $page) { total_count items { sku } }
}`;

async function skus(filter: object, sort: object, size: number, page: number): Promise<string[]> {
  // POST: never answered by the response cache, so this reads the service itself.
  const { body } = await api.post(LISTING, { filter, sort, size, page });
  expect(body.errors).toBeUndefined();
  return body.data.products.items.map((i: { sku: string }) => i.sku);
}

const UID = 'Mw==';

it('gives every page in every sort as the SQL listing orders it', async () => {
  for (const sort of [{ position: 'ASC' }, { name: 'ASC' }, { name: 'DESC' }, { price: 'ASC' }, { price: 'DESC' }]) {
    // A price filter that keeps every product takes the listing through SQL: the reference.
    const reference = await skus({ category_uid: { eq: UID }, price: { from: '0' } }, sort, 100, 1);
    expect(reference.length, JSON.stringify(sort)).toBeGreaterThan(10);
    const paged: string[] = [];
    for (let page = 1; page <= Math.ceil(reference.length / 7); page++)
      paged.push(...(await skus({ category_uid: { eq: UID } }, sort, 7, page)));
    expect(paged, JSON.stringify(sort)).toEqual(reference);
  }
});

it('follows a new position made by another connection', async () => {
  const before = await skus({ category_uid: { eq: UID } }, { position: 'ASC' }, 5, 1);
  const other = openDatabase(api.database);
  try {
    await other.db.transaction().execute(async (trx) => {
      const last = await trx.selectFrom('product').select('id').where('sku', '=', before[4]!).executeTakeFirstOrThrow();
      await trx.updateTable('category_product').set({ position: -1 }).where('product_id', '=', last.id).execute();
      await rebuildCatalogIndex(trx);
    });
  } finally {
    await other.close();
  }
  const after = await skus({ category_uid: { eq: UID } }, { position: 'ASC' }, 5, 1);
  expect(after[0]).toBe(before[4]);
  expect(after.slice(1)).toEqual(before.slice(0, 4));
});
