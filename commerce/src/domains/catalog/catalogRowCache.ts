import type { Kysely } from 'kysely';
import { catalogVersionOfRequest } from '../../db/catalogIndex';
import type { Database } from '../../db/tables';

/**
 * Catalog rows shared by every request of this process (a product, its images, variants,
 * options), valid for one catalog version. A listing reads the same few hundred rows again and
 * again, and reading them costs more than the rest of the answer: here they are read once per
 * change of the catalog.
 *
 * Correct because every change a shopper can see bumps the catalog version (the response cache
 * relies on the same rule), and because the version is read before the rows: rows read under
 * version V are at least as new as V, and a newer version empties the cache. Rows are in the
 * default store's words; the request's loaders put the store view's texts over them. Cached
 * rows are shared, so nobody may change them: callers copy before they adapt a row.
 */
export interface CatalogRowCache {
  /**
   * The rows of `relation` for `keys` (in the order asked), from memory when this version has
   * them; `load` reads the missing ones and answers a value for each key it knows.
   */
  rows<T>(
    relation: string,
    keys: readonly number[],
    load: (missing: number[]) => Promise<Map<number, T>>,
  ): Promise<Array<T | undefined>>;
}

export function createCatalogRowCache(db: Kysely<Database>, capacity = 4000): CatalogRowCache {
  let version = -1;
  // One map for every relation, most recently used last: the oldest entry goes first.
  const entries = new Map<string, unknown>();
  return {
    async rows<T>(
      relation: string,
      keys: readonly number[],
      load: (missing: number[]) => Promise<Map<number, T>>,
    ): Promise<Array<T | undefined>> {
      const current = await catalogVersionOfRequest(db);
      if (current !== version) {
        entries.clear();
        version = current;
      }
      const found = new Map<number, T>();
      const missing = new Set<number>();
      for (const key of keys) {
        const name = `${relation}:${key}`;
        if (entries.has(name)) {
          const value = entries.get(name) as T;
          entries.delete(name);
          entries.set(name, value);
          found.set(key, value);
        } else missing.add(key);
      }
      if (missing.size > 0) {
        const loaded = await load([...missing]);
        // A request that read an older version must not fill the cache of a newer one.
        const stillCurrent = version === current;
        for (const [key, value] of loaded) {
          found.set(key, value);
          if (stillCurrent) entries.set(`${relation}:${key}`, value);
        }
        while (entries.size > capacity) entries.delete(entries.keys().next().value as string);
      }
      return keys.map((key) => found.get(key));
    },
  };
}
