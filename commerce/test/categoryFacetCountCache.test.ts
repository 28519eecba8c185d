// A category's unfiltered total and facets come from precomputed counts kept in memory per
// catalog version: a change by any process (here a second connection, as the CLI or another
// server would make it) shows on the next listing.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase } from '../src/db/connection';
import { inWriteTransaction } from '../src/kernel/transaction';
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

const listing = `query Listing($uid: String!) {
  products(filter: { category_uid: { eq: $uid } }, pageSize: 100) {
    total_count
    items { sku }
    aggregations { attribute_code options { value count } }
  }
}`;

interface Listed {
  total_count: number;
  items: { sku: string }[];
  aggregations: { attribute_code: string; options: { value: string; count: number }[] }[];
}

async function list(uid: string): Promise<Listed> {
  // POST: never answered by the response cache, so this reads the service itself.
  const { body } = await api.post(listing, { uid });
  expect(body.errors).toBeUndefined();
  return body.data.products as Listed;
}

/** Every product falls in one price bucket: the buckets add up to the products counted. */
const pricedProducts = (listed: Listed) =>
  (listed.aggregations.find((a) => a.attribute_code === 'price')?.options ?? []).reduce((n, o) => n + o.count, 0);

it('follows a change to the catalog made by another connection', async () => {
  const uid = 'Mw==';
  const before = await list(uid);
  expect(before.total_count).toBeGreaterThan(1);
  expect(await list(uid)).toEqual(before);
  expect(pricedProducts(before)).toBe(before.total_count);

  const other = openDatabase(api.database);
  try {
    await inWriteTransaction(other.db, async (uow) => {
      const trx = uow.db;
      await trx.updateTable('product').set({ status: 2 }).where('sku', '=', before.items[0]!.sku).execute();
      await rebuildCatalogIndex(uow);
    });
  } finally {
    await other.close();
  }

  const after = await list(uid);
  expect(after.total_count).toBe(before.total_count - 1);
  expect(pricedProducts(after)).toBe(before.total_count - 1);
  expect(after.items.map((i) => i.sku)).not.toContain(before.items[0]!.sku);
});
