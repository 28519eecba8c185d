import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import { shopDb, transferDb, type TransferDatabase } from './transferTables';
import type { UnitOfWork } from '../../kernel/transaction';
import { rebuildCatalogIndex, reindexCatalogProducts } from '../../db/catalogIndex';
import type { SearchDocument, SearchIndex } from '../../db/searchIndex';
import { STATUS_ENABLED } from './magentoCsvColumns';
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

function stripHtml(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The search documents of every product shown on its own, a page at a time: its name, the other
 * store views' names, sku, and as body the descriptions, attribute labels (its variants' too) and
 * category names.
 */
async function* searchDocuments(
  db: Kysely<TransferDatabase>,
  only: readonly number[] | null = null,
): AsyncGenerator<SearchDocument> {
  let after = 0;
  for (let at = 0; ; at += PAGE) {
    if (only && at >= only.length) break;
    const products = await db
      .selectFrom('product')
      .select(['id', 'name', 'sku', 'description', 'short_description'])
      .where('visibility', '=', 4)
      .where('status', '=', STATUS_ENABLED)
      .$if(only !== null, (q) => q.where('id', 'in', only!.slice(at, at + PAGE)))
      .$if(only === null, (q) => q.where('id', '>', after).orderBy('id').limit(PAGE))
      .execute();
    if (only && products.length === 0) continue;
    if (products.length === 0) break;
    after = Number(products[products.length - 1]?.id);
    const ids = products.map((p) => Number(p.id));
    const [names, labels, categories] = await Promise.all([
      db.selectFrom('product_store').select(['product_id', 'name']).where('product_id', 'in', ids).execute(),
      db
        .selectFrom('product_attribute_value as v')
        .innerJoin('attribute_option as o', 'o.id', 'v.option_id')
        .innerJoin('attribute as a', 'a.code', 'v.attribute_code')
        .select(['v.product_id', 'o.label'])
        .where('v.product_id', 'in', ids)
        .where('a.is_searchable', '=', 1)
        // A fixed order, so a product's document is the same text whichever way it is made.
        .orderBy('v.product_id')
        .orderBy('v.attribute_code')
        .orderBy('v.option_id')
        .execute(),
      db
        .selectFrom('category_product as l')
        .innerJoin('category as c', 'c.id', 'l.category_id')
        .select(['l.product_id', 'c.name'])
        .where('l.product_id', 'in', ids)
        .where('c.level', '>=', 2)
        .orderBy('l.product_id')
        .orderBy('l.category_id')
        .execute(),
    ]);
    const extra = new Map<number, { names: string[]; words: string[] }>();
    const of = (id: number) => {
      let entry = extra.get(id);
      if (!entry) extra.set(id, (entry = { names: [], words: [] }));
      return entry;
    };
    for (const n of names) if (n.name) of(Number(n.product_id)).names.push(n.name);
    for (const l of labels) of(Number(l.product_id)).words.push(l.label);
    for (const c of categories) of(Number(c.product_id)).words.push(c.name);
    for (const p of products) {
      const e = extra.get(Number(p.id));
      yield {
        productId: Number(p.id),
        name: p.name,
        storeNames: [...new Set(e?.names ?? [])].join(' '),
        sku: p.sku,
        body: `${stripHtml(`${p.description} ${p.short_description}`)} ${[...new Set(e?.words ?? [])].join(' ')}`.trim(),
      };
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
  await searchIndex.replaceAll(shopDb(trx), searchDocuments(trx));
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
  await searchIndex.replaceProducts(shopDb(trx), ids, searchDocuments(trx, ids));
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
