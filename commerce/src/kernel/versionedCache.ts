import type { Kysely } from 'kysely';
import { catalogVersionOfRequest } from '../db/catalogIndex';
import type { Database } from '../db/tables';

/**
 * Values worked out from the catalog, kept until the catalog version changes, the least recently
 * used let go first. `weight` bounds the memory (a value's share of `capacity`, its key's included
 * where keys can be long; 1 each when left out). Values are shared by every request: nobody may change them.
 */
export function createVersionedCache<V>(
  db: Kysely<Database>,
  capacity: number,
  weight: (value: V, key: string) => number = () => 1,
) {
  let version = -1;
  let used = 0;
  const entries = new Map<string, { value: Promise<V>; weight: number }>();
  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    used -= entry.weight;
  };
  return async (key: string, load: () => Promise<V>): Promise<V> => {
    const current = await catalogVersionOfRequest(db);
    if (current !== version) {
      entries.clear();
      used = 0;
      version = current;
    }
    const cached = entries.get(key);
    if (cached) {
      entries.delete(key);
      entries.set(key, cached);
      return cached.value;
    }
    const value = load();
    // Counted at 1 until it is known; a failed load is forgotten so the next request tries again.
    const entry = { value, weight: 1 };
    entries.set(key, entry);
    used += 1;
    value.then(
      (loaded) => {
        if (entries.get(key) !== entry) return;
        const loadedWeight = weight(loaded, key);
        used += loadedWeight - entry.weight;
        entry.weight = loadedWeight;
        while (used > capacity && entries.size > 1) drop(entries.keys().next().value as string);
      },
      () => {
        if (entries.get(key) === entry) drop(key);
      },
    );
    while (used > capacity && entries.size > 1) drop(entries.keys().next().value as string);
    return value;
  };
}
