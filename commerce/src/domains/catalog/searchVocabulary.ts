import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import type { UntypedDb } from '../../db/untyped';
import type { StoreScope } from '../../kernel/storeScope';
import { createVersionedCache } from '../../kernel/versionedCache';
import { buildVocabulary } from './searchWords';
import type { StoreVocabulary } from './searchWords';
import { synonymGroupsOf } from './searchSynonyms';

const PAGE = 2000;

/**
 * The words of each store view's catalog texts, loaded once per catalog version: the default
 * store's names, skus and descriptions (the search index's body), another store's translated
 * names and skus, with the store's search synonym groups (a write to them bumps the version).
 */
export function createSearchVocabularies(db: Kysely<Database>) {
  const cache = createVersionedCache<StoreVocabulary>(db, 64);
  async function texts(store: StoreScope): Promise<string[]> {
    const found: string[] = [];
    const visible = db
      .selectFrom('product')
      .select(['id', 'name', 'sku'])
      .where('visibility', '=', 4)
      .where('status', '=', 1);
    let after = 0;
    for (;;) {
      const rows = await visible.where('id', '>', after).orderBy('id').limit(PAGE).execute();
      if (rows.length === 0) break;
      after = Number(rows[rows.length - 1]!.id);
      for (const row of rows) {
        found.push(row.sku);
        if (store.isDefault) found.push(row.name);
      }
    }
    if (store.isDefault) {
      const bodies = await (db as unknown as UntypedDb).selectFrom('product_search').select('body').execute();
      for (const row of bodies as Array<{ body: unknown }>) found.push(String(row.body));
    } else {
      const names = await db
        .selectFrom('product_store')
        .select('name')
        .where('store_id', '=', store.id)
        .where('name', 'is not', null)
        .execute();
      for (const row of names) if (row.name) found.push(row.name);
    }
    return found;
  }
  return (store: StoreScope): Promise<StoreVocabulary> =>
    cache(String(store.id), async () =>
      buildVocabulary(store.locale, await texts(store), await synonymGroupsOf(db, store.id)),
    );
}
