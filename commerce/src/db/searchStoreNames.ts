import { SqliteAdapter, sql } from 'kysely';
import type { SearchDocument, SearchIndex } from './searchIndex';
import type { UntypedDb } from './untyped';

// Migration 0044 (issue 34, one index per store view): an index made before it holds every store
// view's names in its name column, so a word of one language matched in the other's store. The
// index is made again beside the old one, a page of products at a time, with the default store
// view's name and the others' names apart; sku and body are carried over as they were.

const PAGE = 1000;

export async function separateSearchStoreNames(db: UntypedDb, searchIndex: SearchIndex): Promise<void> {
  if (await searchIndex.hasStoreNames(db)) return;
  await searchIndex.renameAside(db);
  await searchIndex.createStructure(db);
  const key = db.getExecutor().adapter instanceof SqliteAdapter ? sql`rowid` : sql`product_id`;
  let after = 0;
  for (;;) {
    const page = await sql<{ product_id: number; sku: string; body: string }>`
      SELECT ${key} AS product_id, sku, body FROM product_search_old
      WHERE ${key} > ${after} ORDER BY ${key} LIMIT ${PAGE}
    `.execute(db);
    if (page.rows.length === 0) break;
    const ids = page.rows.map((row) => Number(row.product_id));
    after = ids[ids.length - 1]!;
    const [products, names] = await Promise.all([
      db.selectFrom('product').select(['id', 'name']).where('id', 'in', ids).execute() as Promise<
        Array<{ id: number; name: string }>
      >,
      db
        .selectFrom('product_store')
        .select(['product_id', 'name'])
        .where('product_id', 'in', ids)
        .where('name', 'is not', null)
        .orderBy('product_id')
        .orderBy('store_id')
        .execute() as Promise<Array<{ product_id: number; name: string }>>,
    ]);
    const nameOf = new Map(products.map((p) => [Number(p.id), p.name]));
    const storeNames = new Map<number, Set<string>>();
    for (const n of names) {
      const id = Number(n.product_id);
      storeNames.set(id, (storeNames.get(id) ?? new Set()).add(n.name));
    }
    const documents: SearchDocument[] = page.rows
      .filter((row) => nameOf.has(Number(row.product_id)))
      .map((row) => ({
        productId: Number(row.product_id),
        name: nameOf.get(Number(row.product_id))!,
        sku: row.sku,
        body: row.body,
        storeNames: [...(storeNames.get(Number(row.product_id)) ?? [])].join(' '),
        // Migration 0052 makes every document again with the store views' descriptions.
        storeBody: '',
      }));
    await searchIndex.replaceProducts(db, ids, documents);
  }
  await sql`DROP TABLE product_search_old`.execute(db);
}
