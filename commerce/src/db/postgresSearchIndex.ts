import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from './tables';
import { parseSearchExpression, searchScopeOf } from './searchIndex';
import type { SearchAlternative, SearchDocument, SearchIndex } from './searchIndex';
import type { UntypedDb } from './untyped';

const BATCH = 1000;

/**
 * ts_rank weights in the order {D, C, B, A}: name (A) counts twice sku (B) and ten times the
 * descriptions (D) — the same proportions as the FTS5 bm25 weights of the SQLite index.
 */
const WEIGHTS = '{0.1, 0, 0.5, 1.0}';

/** What FTS5's remove_diacritics does for the SQLite index: 'Café' is found by 'cafe'. */
function foldDiacritics(text: string): string {
  return text.normalize('NFD').replace(/\p{M}+/gu, '');
}

async function insert(
  db: Kysely<Database>,
  documents: Iterable<SearchDocument> | AsyncIterable<SearchDocument>,
): Promise<void> {
  const anyDb = db as UntypedDb;
  let batch: SearchDocument[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    await anyDb
      .insertInto('product_search')
      .values(
        batch.map((doc) => ({
          product_id: doc.productId,
          name: foldDiacritics(doc.name),
          sku: doc.sku,
          body: foldDiacritics(doc.body),
          names: foldDiacritics(doc.storeNames),
          store_body: foldDiacritics(doc.storeBody),
        })),
      )
      .execute();
    batch = [];
  };
  for await (const doc of documents) {
    batch.push(doc);
    if (batch.length >= BATCH) await flush();
  }
  await flush();
}

/**
 * A tsvector column kept by PostgreSQL itself (a stored generated column) with a GIN index. The
 * 'simple' configuration neither stems nor drops stop words, like FTS5's unicode61 tokenizer,
 * and the catalog's query rewriting says which terms are prefixes (the word being typed).
 */
export function createPostgresSearchIndex(): SearchIndex {
  return {
    async createStructure(db) {
      await sql`
        CREATE TABLE product_search (
          product_id integer PRIMARY KEY,
          name text NOT NULL,
          sku text NOT NULL,
          body text NOT NULL,
          names text NOT NULL DEFAULT '',
          store_body text NOT NULL DEFAULT '',
          document tsvector GENERATED ALWAYS AS (
            setweight(to_tsvector('simple', name), 'A') ||
            setweight(to_tsvector('simple', sku), 'B') ||
            setweight(to_tsvector('simple', body), 'D')
          ) STORED,
          store_document tsvector GENERATED ALWAYS AS (
            setweight(to_tsvector('simple', names), 'A') ||
            setweight(to_tsvector('simple', sku), 'B') ||
            setweight(to_tsvector('simple', store_body), 'D')
          ) STORED
        )
      `.execute(db);
      await sql`CREATE INDEX product_search_document_idx ON product_search USING gin (document)`.execute(db);
      await sql`CREATE INDEX product_search_store_document_idx ON product_search USING gin (store_document)`.execute(
        db,
      );
    },
    async hasStoreNames(db) {
      const rows = await sql<{ n: number }>`
        SELECT count(*) AS n FROM information_schema.columns
        WHERE table_schema = current_schema() AND table_name = 'product_search' AND column_name = 'names'
      `.execute(db);
      return Number(rows.rows[0]?.n ?? 0) > 0;
    },
    async hasStoreBody(db) {
      const rows = await sql<{ n: number }>`
        SELECT count(*) AS n FROM information_schema.columns
        WHERE table_schema = current_schema() AND table_name = 'product_search' AND column_name = 'store_body'
      `.execute(db);
      return Number(rows.rows[0]?.n ?? 0) > 0;
    },
    async renameAside(db) {
      await sql`ALTER TABLE product_search RENAME TO product_search_old`.execute(db);
      await sql`ALTER INDEX product_search_document_idx RENAME TO product_search_old_document_idx`.execute(db);
      await sql`ALTER INDEX product_search_pkey RENAME TO product_search_old_pkey`.execute(db);
      // An index made since migration 0044 has the store views' vector too.
      await sql`ALTER INDEX IF EXISTS product_search_store_document_idx RENAME TO product_search_old_store_document_idx`.execute(
        db,
      );
    },
    async replaceAll(db, documents) {
      await (db as UntypedDb).deleteFrom('product_search').execute();
      await insert(db, documents);
    },
    async replaceProducts(db, productIds, documents) {
      for (let at = 0; at < productIds.length; at += BATCH)
        await (db as UntypedDb)
          .deleteFrom('product_search')
          .where('product_id', 'in', productIds.slice(at, at + BATCH))
          .execute();
      await insert(db, documents);
    },
    matches(db: Kysely<Database>, text) {
      // Terms hold letters and digits only: nothing in them is tsquery syntax.
      const { scope, expression } = searchScopeOf(text);
      const groups = parseSearchExpression(foldDiacritics(expression));
      // The store view's own texts (searchIndex.ts SearchScope).
      const vector = sql.ref(scope === 'default' ? 'document' : 'store_document');
      if (groups.length === 0) return null;
      // One group of alternatives, all of them (weight) or only in the name (A).
      const alternatives = (group: SearchAlternative[], weight: '' | 'A') =>
        `(${group.map(({ term, prefix }) => `${term}${prefix || weight ? ':' : ''}${prefix ? '*' : ''}${weight}`).join(' | ')})`;
      const query = sql`to_tsquery('simple', ${groups.map((group) => alternatives(group, '')).join(' & ')})`;
      // What was named comes before what merely mentions it: each word found in the name adds a
      // whole point, more than ts_rank gives for mentions in the descriptions.
      const named = groups.map((group) => sql`(${vector} @@ to_tsquery('simple', ${alternatives(group, 'A')}))::int`);
      return (db as UntypedDb)
        .selectFrom('product_search')
        .select([
          'product_id',
          sql<number>`${sql.join(named, sql` + `)} + ts_rank(${sql.lit(WEIGHTS)}::float4[], ${vector}, ${query})`.as(
            'score',
          ),
        ])
        .where(sql<boolean>`${vector} @@ ${query}`);
    },
  };
}
