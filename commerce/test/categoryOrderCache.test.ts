// Pages made in memory (domains/catalog/productService.ts) must be the pages the SQL listing
// gives: a category listing's products in each sort order, kept per catalog version, and a
// search's or a lookup's few matches sorted by position or price. A change by another connection
// must show on the next listing.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase } from '../src/db/connection';
import { inWriteTransaction } from '../src/kernel/transaction';
import { rebuildCatalogIndex } from '../src/db/catalogIndex';
import { resolveProductFilters } from '../src/domains/catalog/productFilters';
import { pageOfProductIds } from '../src/domains/catalog/productSearch';
import { createSearchVocabularies } from '../src/domains/catalog/searchVocabulary';
import { rewriteSearch } from '../src/domains/catalog/searchWords';
import { DEFAULT_STORE_ID } from '../src/kernel/storeScope';
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
    await inWriteTransaction(other.db, async (uow) => {
      const trx = uow.db;
      const last = await trx.selectFrom('product').select('id').where('sku', '=', before[4]!).executeTakeFirstOrThrow();
      await trx.updateTable('category_product').set({ position: -1 }).where('product_id', '=', last.id).execute();
      await rebuildCatalogIndex(uow);
    });
  } finally {
    await other.close();
  }
  const after = await skus({ category_uid: { eq: UID } }, { position: 'ASC' }, 5, 1);
  expect(after[0]).toBe(before[4]);
  expect(after.slice(1)).toEqual(before.slice(0, 4));
});

it('pages a search and a url-key lookup sorted by position or price as the SQL listing does', async () => {
  const other = openDatabase(api.database);
  try {
    const skuOf = new Map(
      (await other.db.selectFrom('product').select(['id', 'sku']).execute()).map((p) => [p.id, p.sku]),
    );
    const SEARCH = `query($search: String, $filter: ProductAttributeFilterInput, $sort: ProductAttributeSortInput, $size: Int!, $page: Int!) {
      products(search: $search, filter: $filter, sort: $sort, pageSize: $size, currentPage: $page) { items { sku } }
    }`;
    const urlKeys = (
      await other.db.selectFrom('product').select('url_key').where('visibility', '=', 4).limit(3).execute()
    ).map((p) => p.url_key!);
    const cases = [
      { search: 'tee', filter: {} },
      { search: 'bag', filter: {} },
      { search: null, filter: { url_key: { in: urlKeys } } },
    ];
    // The service searches the shopper's words rewritten into the store's catalog words (typos,
    // plurals, synonyms); the SQL listing is asked for the same expression.
    const vocabularyOf = createSearchVocabularies(other.db);
    const store = {
      id: DEFAULT_STORE_ID,
      code: 'default',
      locale: 'en_US',
      isDefault: true,
      baseCurrency: 'USD',
      currency: 'USD',
      rate: 1,
    };
    const expressionOf = async (search: string | null) =>
      search === null ? null : rewriteSearch(await vocabularyOf(store), search).expression;
    for (const { search, filter } of cases)
      for (const sort of [{ position: 'ASC' }, { position: 'DESC' }, { price: 'ASC' }, { price: 'DESC' }] as const)
        for (const page of [1, 2]) {
          const { body } = await api.post(SEARCH, { search, filter, sort, size: 2, page });
          expect(body.errors).toBeUndefined();
          const [field, direction] = Object.entries(sort)[0]!;
          const ids = await pageOfProductIds(
            other.db,
            other.searchIndex,
            await resolveProductFilters(other.db, filter),
            await expressionOf(search),
            { field: field as 'position' | 'price', direction: direction as 'ASC' | 'DESC' },
            { pageSize: 2, currentPage: page },
          );
          expect(
            body.data.products.items.map((i: { sku: string }) => i.sku),
            JSON.stringify({ search, sort, page }),
          ).toEqual(ids.map((id) => skuOf.get(id)));
        }
  } finally {
    await other.close();
  }
});
