import type { UntypedDb } from '../db/untyped';
import type { WordDelta } from '../db/productWords';

// What each catalog version changed (issue 33): written by the unit of work in the transaction
// that bumps the version, read by every process that sees a newer version than its in-memory
// structures (facet snapshot, search vocabularies), which then patch exactly those products.

/** Versions kept: a process further behind than this rebuilds its structures whole. */
export const CHANGE_LOG_KEPT_VERSIONS = 1000;

/** What a unit of work changed, as it tells the log. */
export interface LoggedChange {
  /** The products changed; null: anything may have changed (an import, a setting). */
  products: readonly number[] | null;
  /** Differences in the product words the search vocabularies count (db/productWords.ts). */
  words: WordDelta | null;
}

/** Records what `version` changed and forgets versions no process needs any more. */
export async function logCatalogChange(db: UntypedDb, version: number, change: LoggedChange): Promise<void> {
  await db
    .insertInto('catalog_change_log')
    .values({
      version,
      products: change.products === null ? null : JSON.stringify(change.products),
      words: change.words === null ? null : JSON.stringify(change.words),
      changed_at: new Date().toISOString(),
    })
    .execute();
  await db
    .deleteFrom('catalog_change_log')
    .where('version', '<=', version - CHANGE_LOG_KEPT_VERSIONS)
    .execute();
}

/** What changed between two versions: exactly these products (and words), or anything. */
export type CatalogChanges =
  | { everything: true }
  | { everything: false; products: ReadonlySet<number>; words: ReadonlyMap<number, ReadonlyMap<string, number>> };

/**
 * The changes after version `after` up to and including `upTo`. Anything, when one of them could
 * not be described or the log no longer holds every version in between (pruned, or written
 * before the log existed).
 */
export async function readCatalogChanges(db: UntypedDb, after: number, upTo: number): Promise<CatalogChanges> {
  if (upTo - after > CHANGE_LOG_KEPT_VERSIONS || upTo < after) return { everything: true };
  const rows = (await db
    .selectFrom('catalog_change_log')
    .select(['version', 'products', 'words'])
    .where('version', '>', after)
    .where('version', '<=', upTo)
    .orderBy('version')
    .execute()) as Array<{ version: number; products: string | null; words: string | null }>;
  if (rows.length !== upTo - after) return { everything: true };
  const products = new Set<number>();
  const words = new Map<number, Map<string, number>>();
  for (const row of rows) {
    if (row.products === null) return { everything: true };
    for (const id of JSON.parse(row.products) as number[]) products.add(id);
    if (row.words === null) continue;
    for (const [kind, delta] of Object.entries(JSON.parse(row.words) as WordDelta)) {
      let ofKind = words.get(Number(kind));
      if (!ofKind) words.set(Number(kind), (ofKind = new Map<string, number>()));
      for (const [word, by] of Object.entries(delta)) ofKind.set(word, (ofKind.get(word) ?? 0) + by);
    }
  }
  return { everything: false, products, words };
}
