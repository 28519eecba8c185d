import { SqliteAdapter, sql } from 'kysely';
import type { UntypedDb } from './untyped';
import { wordsOf } from '../kernel/catalogWords';

// The words each product gives the search vocabulary, as the vocabulary last counted them
// (product_search_word; issue 33). A product save compares its new words with these and logs the
// difference with the catalog version, so every process adds and removes exactly those words
// instead of reading every product's texts again; a word whose last product lost it leaves.
//
// Kinds: a product's sku words (every store view's vocabulary has them), its default-store name
// and description words, and the other store views' name and description words (each their own or
// the default store's: the texts of the index's store columns, db/searchDocuments.ts). Like the
// index: visible, enabled products only.

/** The sku words of visible, enabled products, in every store view's vocabulary. */
export const CODE_WORDS = 0;
/** Name and search body words of visible, enabled products, in the default store view's vocabulary. */
export const DEFAULT_STORE_WORDS = -1;

/**
 * Names and descriptions of visible, enabled products in the other store views' vocabularies: the
 * texts those store views search (with more than one of them, they share one set of columns).
 */
export const OTHER_STORE_WORDS = -2;

/** The kinds of words one store view's vocabulary counts. */
export function wordKindsOf(store: { isDefault: boolean }): [number, number] {
  return [CODE_WORDS, store.isDefault ? DEFAULT_STORE_WORDS : OTHER_STORE_WORDS];
}

/** Per kind, per word: how many more (or fewer) products hold it. */
export type WordDelta = Record<string, Record<string, number>>;

interface WordRow {
  product_id: number;
  kind: number;
  words: string;
}

const PAGE = 1000;
/** Rows per INSERT: three bound parameters each, well under SQLite's limit. */
const INSERT_BATCH = 300;

const VISIBLE_BOTH = 4;
const ENABLED = 1;

/** Unique words of some texts, sorted, as one space-separated string ('' when none). */
function wordSet(texts: readonly (string | null | undefined)[]): string {
  const words = new Set<string>();
  for (const text of texts) if (text) for (const word of wordsOf(text)) words.add(word);
  return [...words].sort().join(' ');
}

interface IndexedTexts {
  body: string;
  /** The other store views' names and descriptions. */
  storeTexts: string;
}

/** Indexed texts of `ids` (the search index keys its rows by rowid on SQLite, product_id on PostgreSQL). */
async function searchBodies(db: UntypedDb, ids: readonly number[]): Promise<Map<number, IndexedTexts>> {
  const key = db.getExecutor().adapter instanceof SqliteAdapter ? sql`rowid` : sql`product_id`;
  const rows = await sql<{ product_id: number; body: string; names: string | null; store_body: string | null }>`
    SELECT ${key} AS product_id, body, names, store_body FROM product_search WHERE ${key} IN (${sql.join(ids)})
  `.execute(db);
  return new Map(
    rows.rows.map((r) => [
      Number(r.product_id),
      { body: String(r.body), storeTexts: `${r.names ?? ''} ${r.store_body ?? ''}` },
    ]),
  );
}

/** The word rows of these products as their texts are now. */
async function wordRowsOf(db: UntypedDb, ids: readonly number[]): Promise<WordRow[]> {
  if (ids.length === 0) return [];
  const [products, bodies] = await Promise.all([
    db
      .selectFrom('product')
      .select(['id', 'sku', 'name', 'visibility', 'status'])
      .where('id', 'in', ids)
      .orderBy('id')
      .execute() as Promise<Array<{ id: number; sku: string; name: string; visibility: number; status: number }>>,
    searchBodies(db, ids),
  ]);
  const rows: WordRow[] = [];
  const add = (productId: number, kind: number, words: string) => {
    if (words !== '') rows.push({ product_id: productId, kind, words });
  };
  for (const p of products) {
    const id = Number(p.id);
    if (Number(p.visibility) !== VISIBLE_BOTH || Number(p.status) !== ENABLED) continue;
    add(id, CODE_WORDS, wordSet([p.sku]));
    const texts = bodies.get(id);
    add(id, DEFAULT_STORE_WORDS, wordSet([p.name, texts?.body]));
    add(id, OTHER_STORE_WORDS, wordSet([texts?.storeTexts]));
  }
  return rows;
}

async function insertWordRows(db: UntypedDb, rows: readonly WordRow[]): Promise<void> {
  for (let at = 0; at < rows.length; at += INSERT_BATCH)
    await db
      .insertInto('product_search_word')
      .values(rows.slice(at, at + INSERT_BATCH))
      .execute();
}

/** Every product's words counted again (a migration, an import): a page of products at a time. */
export async function rebuildProductWords(db: UntypedDb): Promise<void> {
  await db.deleteFrom('product_search_word').execute();
  let after = 0;
  for (;;) {
    const page = (await db
      .selectFrom('product')
      .select('id')
      .where('id', '>', after)
      .orderBy('id')
      .limit(PAGE)
      .execute()) as Array<{ id: number }>;
    if (page.length === 0) break;
    after = Number(page[page.length - 1]!.id);
    await insertWordRows(
      db,
      await wordRowsOf(
        db,
        page.map((p) => Number(p.id)),
      ),
    );
  }
}

/**
 * The words of `productIds` counted again, inside the caller's transaction (after their search
 * documents): answers what changed, per kind and word, in products holding it.
 */
export async function refreshProductWords(db: UntypedDb, productIds: readonly number[]): Promise<WordDelta> {
  const delta: WordDelta = {};
  const change = (kind: number, words: string, by: number) => {
    if (words === '') return;
    const ofKind = (delta[kind] ??= {});
    for (const word of words.split(' ')) ofKind[word] = (ofKind[word] ?? 0) + by;
  };
  for (let at = 0; at < productIds.length; at += PAGE) {
    const ids = productIds.slice(at, at + PAGE);
    const before = (await db
      .selectFrom('product_search_word')
      .select(['product_id', 'kind', 'words'])
      .where('product_id', 'in', ids)
      .execute()) as WordRow[];
    const after = await wordRowsOf(db, ids);
    for (const row of before) change(Number(row.kind), row.words, -1);
    for (const row of after) change(Number(row.kind), row.words, 1);
    await db.deleteFrom('product_search_word').where('product_id', 'in', ids).execute();
    await insertWordRows(db, after);
  }
  // Words a product lost and gained again cancel out.
  for (const [kind, words] of Object.entries(delta)) {
    for (const [word, by] of Object.entries(words)) if (by === 0) delete words[word];
    if (Object.keys(words).length === 0) delete delta[kind];
  }
  return delta;
}

/**
 * How many products hold each word of these kinds, with the catalog version they were counted
 * at, read in one statement so the counts are exactly those of that version (a change log's
 * differences then apply on top without counting anything twice).
 */
export async function readWordCounts(
  db: UntypedDb,
  kinds: readonly number[],
): Promise<{ version: number; counts: Map<string, number> }> {
  const rows = await sql<{ version: number; words: string | null }>`
    SELECT v.version, w.words
    FROM catalog_version v
    LEFT JOIN product_search_word w ON w.kind IN (${sql.join(kinds)})
    WHERE v.id = 1
  `.execute(db);
  const counts = new Map<string, number>();
  for (const row of rows.rows) {
    if (!row.words) continue;
    for (const word of row.words.split(' ')) counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  return { version: Number(rows.rows[0]?.version ?? 0), counts };
}
