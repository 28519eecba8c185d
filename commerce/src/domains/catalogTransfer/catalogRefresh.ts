import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import { shopDb, transferDb, type TransferDatabase } from './transferTables';
import type { UnitOfWork } from '../../kernel/transaction';
import { rebuildCatalogIndex } from '../../db/catalogIndex';
import type { SearchDocument, SearchIndex } from '../../db/searchIndex';
import { STATUS_ENABLED } from './magentoCsvColumns';

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
 * The search documents of every product shown on its own, a page at a time: names in every store
 * view, sku, and as body the descriptions, attribute labels (its variants' too) and category names.
 */
async function* searchDocuments(db: Kysely<TransferDatabase>): AsyncGenerator<SearchDocument> {
  let after = 0;
  for (;;) {
    const products = await db
      .selectFrom('product')
      .select(['id', 'name', 'sku', 'description', 'short_description'])
      .where('visibility', '=', 4)
      .where('status', '=', STATUS_ENABLED)
      .where('id', '>', after)
      .orderBy('id')
      .limit(PAGE)
      .execute();
    if (products.length === 0) break;
    after = Number(products[products.length - 1]?.id);
    const ids = products.map((p) => Number(p.id));
    const [names, labels, categories] = await Promise.all([
      db.selectFrom('product_store').select(['product_id', 'name']).where('product_id', 'in', ids).execute(),
      db
        .selectFrom('product_attribute_value as v')
        .innerJoin('attribute_option as o', 'o.id', 'v.option_id')
        .select(['v.product_id', 'o.label'])
        .where('v.product_id', 'in', ids)
        .execute(),
      db
        .selectFrom('category_product as l')
        .innerJoin('category as c', 'c.id', 'l.category_id')
        .select(['l.product_id', 'c.name'])
        .where('l.product_id', 'in', ids)
        .where('c.level', '>=', 2)
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
        name: [p.name, ...new Set(e?.names ?? [])].join(' '),
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
 * For other domains' catalog writes (the category tree): the search index and the listing index
 * rebuilt, and the catalog version bumped, inside the caller's transaction, as after an import.
 */
export function refreshSearchAndListings(uow: UnitOfWork, searchIndex: SearchIndex): Promise<void> {
  return refreshCatalogAfterImport(uow, searchIndex, []);
}
