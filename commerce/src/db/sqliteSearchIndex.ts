import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from './tables';
import { parseSearchExpression, searchScopeOf } from './searchIndex';
import type { SearchDocument, SearchIndex } from './searchIndex';
import type { UntypedDb } from './untyped';

const BATCH = 500;

async function insert(
  db: Kysely<Database>,
  documents: Iterable<SearchDocument> | AsyncIterable<SearchDocument>,
): Promise<void> {
  let batch: SearchDocument[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const rows = batch.map(
      (doc) => sql`(${doc.productId}, ${doc.name}, ${doc.sku}, ${doc.body}, ${doc.storeNames}, ${doc.storeBody})`,
    );
    await sql`INSERT INTO product_search (rowid, name, sku, body, names, store_body) VALUES ${sql.join(rows)}`.execute(
      db,
    );
    batch = [];
  };
  for await (const doc of documents) {
    batch.push(doc);
    if (batch.length >= BATCH) await flush();
  }
  await flush();
}

/**
 * FTS5 index with bm25 ranking. Name (and another store view's names) weighs 10× description (and
 * another store view's descriptions), sku 5×; a column filter keeps a search to its store view's texts (searchIndex.ts SearchScope); the
 * catalog's query rewriting says which terms are prefixes (the word being typed).
 */
export function createSqliteSearchIndex(): SearchIndex {
  return {
    async createStructure(db) {
      await sql`CREATE VIRTUAL TABLE product_search USING fts5(name, sku, body, names, store_body, tokenize = 'unicode61 remove_diacritics 2')`.execute(
        db,
      );
    },
    async hasStoreNames(db) {
      const row = await sql<{ sql: string }>`SELECT sql FROM sqlite_master WHERE name = 'product_search'`.execute(db);
      return /\bnames\b/.test(row.rows[0]?.sql ?? '');
    },
    async hasStoreBody(db) {
      const row = await sql<{ sql: string }>`SELECT sql FROM sqlite_master WHERE name = 'product_search'`.execute(db);
      return /\bstore_body\b/.test(row.rows[0]?.sql ?? '');
    },
    async renameAside(db) {
      await sql`ALTER TABLE product_search RENAME TO product_search_old`.execute(db);
    },
    async replaceAll(db, documents) {
      await sql`DELETE FROM product_search`.execute(db);
      await insert(db, documents);
    },
    async replaceProducts(db, productIds, documents) {
      for (let at = 0; at < productIds.length; at += BATCH)
        await sql`DELETE FROM product_search WHERE rowid IN (${sql.join(productIds.slice(at, at + BATCH))})`.execute(
          db,
        );
      await insert(db, documents);
    },
    matches(db: Kysely<Database>, text) {
      const { scope, expression: words } = searchScopeOf(text);
      const groups = parseSearchExpression(words);
      if (groups.length === 0) return null;
      const expression = groups
        .map((group) => `(${group.map(({ term, prefix }) => `"${term}"${prefix ? '*' : ''}`).join(' OR ')})`)
        .join(' AND ');
      const columns = scope === 'default' ? '{name sku body}' : '{names sku store_body}';
      return (db as UntypedDb)
        .selectFrom('product_search')
        .select([
          sql<number>`rowid`.as('product_id'),
          sql<number>`-bm25(product_search, 10.0, 5.0, 1.0, 10.0, 1.0)`.as('score'),
        ])
        .where(sql<boolean>`product_search MATCH ${`${columns} : (${expression})`}`);
    },
  };
}
