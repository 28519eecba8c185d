import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import { shopDb, transferDb, type TransferDatabase } from './transferTables';
import type { UnitOfWork } from '../../kernel/transaction';
import { rebuildCatalogIndex, reindexCatalogProducts } from '../../db/catalogIndex';
import type { SearchIndex } from '../../db/searchIndex';
import { searchDocuments } from '../../db/searchDocuments';
import { refreshProductWords } from '../../db/productWords';

// Once per import, after the last batch, in one transaction: configurable prices follow their
// variants, the search index and the listing index are rebuilt, and the catalog version goes up
// (rebuildCatalogIndex bumps it), so every server process drops its cached answers at once.

const PAGE = 1000;

/** A configurable costs what its in-stock variants cost (all variants when none is in stock). */
async function refreshConfigurablePrices(trx: Kysely<TransferDatabase>, ids: readonly number[]): Promise<void> {
  for (let i = 0; i < ids.length; i += 400) {
    const chunk = ids.slice(i, i + 400);
    const variants = await trx
      .selectFrom('product')
      .select(['parent_id', 'min_price', 'min_regular_price', 'in_stock'])
      .where('parent_id', 'in', chunk)
      .execute();
    const byParent = new Map<number, typeof variants>();
    for (const v of variants) {
      const list = byParent.get(Number(v.parent_id)) ?? [];
      list.push(v);
      byParent.set(Number(v.parent_id), list);
    }
    for (const [parentId, list] of byParent) {
      const inStock = list.filter((v) => Number(v.in_stock) === 1);
      const pool = inStock.length > 0 ? inStock : list;
      const finals = pool.map((v) => Number(v.min_price));
      const regulars = pool.map((v) => Number(v.min_regular_price));
      await trx
        .updateTable('product')
        .set({
          min_price: Math.min(...finals),
          max_price: Math.max(...finals),
          min_regular_price: Math.min(...regulars),
          max_regular_price: Math.max(...regulars),
        })
        .where('id', '=', parentId)
        .execute();
    }
  }
}

export async function refreshCatalogAfterImport(
  uow: UnitOfWork,
  searchIndex: SearchIndex,
  touchedConfigurables: readonly number[],
): Promise<void> {
  const trx = transferDb(uow.db);
  await refreshConfigurablePrices(trx, touchedConfigurables);
  // Page by page: the documents of a large catalog are never all in memory at once.
  await searchIndex.replaceAll(shopDb(trx), searchDocuments(shopDb(trx)));
  await rebuildCatalogIndex(uow);
}

/** Fresh planner statistics after a large change (as after seeding the demo catalog). */
export async function analyze(db: Kysely<Database>): Promise<void> {
  await sql`ANALYZE`.execute(db);
}

/**
 * After a back-office edit of some products (issue 33): configurable prices follow their variants,
 * and only these products' search documents, listing rows and facet counts are made again — with
 * their configurables and variants, since a variant's price and stock make its configurable's —
 * then the catalog version goes up with the commit. Nothing here reads the whole catalog, so a
 * save costs the same at 1,000 or 1,000,000 products and the write lock is held for milliseconds.
 */
export async function refreshProductsAfterEdit(
  uow: UnitOfWork,
  searchIndex: SearchIndex,
  productIds: Iterable<number>,
): Promise<void> {
  const trx = transferDb(uow.db);
  const given = [...new Set(productIds)];
  const related = new Set(given);
  for (let at = 0; at < given.length; at += PAGE) {
    const chunk = given.slice(at, at + PAGE);
    const rows = await trx
      .selectFrom('product')
      .select(['id', 'parent_id'])
      .where((eb) => eb.or([eb('id', 'in', chunk), eb('parent_id', 'in', chunk)]))
      .execute();
    for (const row of rows) {
      related.add(Number(row.id));
      if (row.parent_id !== null) related.add(Number(row.parent_id));
    }
  }
  const configurables = await configurablesAmong(trx, [...related]);
  await refreshConfigurablePrices(trx, configurables);
  const ids = [...related].sort((a, b) => a - b);
  await searchIndex.replaceProducts(shopDb(trx), ids, searchDocuments(shopDb(trx), ids));
  await reindexCatalogProducts(shopDb(trx), ids);
  // After the search documents: the vocabulary's words include their bodies.
  const words = await refreshProductWords(shopDb(trx), ids);
  uow.catalogChanged({ products: ids, words });
}

async function configurablesAmong(trx: Kysely<TransferDatabase>, ids: readonly number[]): Promise<number[]> {
  const found: number[] = [];
  for (let at = 0; at < ids.length; at += PAGE) {
    const rows = await trx
      .selectFrom('product')
      .select('id')
      .where('id', 'in', ids.slice(at, at + PAGE))
      .where('type', '=', 'configurable')
      .execute();
    for (const row of rows) found.push(Number(row.id));
  }
  return found;
}

/**
 * For other domains' catalog writes (the category tree), inside the caller's transaction, with the
 * catalog version bumped: `productIds`' search documents and listing rows made again (a category
 * moved, renamed or switched on or off changes its products' alone), or without them both indexes
 * rebuilt whole, as after an import.
 */
export function refreshSearchAndListings(
  uow: UnitOfWork,
  searchIndex: SearchIndex,
  productIds?: readonly number[],
): Promise<void> {
  if (productIds) return refreshProductsAfterEdit(uow, searchIndex, productIds);
  return refreshCatalogAfterImport(uow, searchIndex, []);
}
