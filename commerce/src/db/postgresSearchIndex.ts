import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from './tables';
import { searchTerms } from './searchIndex';
import type { SearchDocument, SearchIndex } from './searchIndex';

const BATCH = 500;

/**
 * A plain table searched with ILIKE per term: correct results, simple ranking (a name hit beats a
 * body hit). Good enough until a shop needs tsvector ranking.
 */
export function createPostgresSearchIndex(): SearchIndex {
  return {
    async createStructure(db) {
      await db.schema
        .createTable('product_search')
        .addColumn('product_id', 'integer', (col) => col.primaryKey())
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('sku', 'text', (col) => col.notNull())
        .addColumn('body', 'text', (col) => col.notNull())
        .execute();
    },
    async replaceAll(db, documents) {
      const anyDb = db as Kysely<any>;
      await anyDb.deleteFrom('product_search').execute();
      let batch: SearchDocument[] = [];
      const flush = async () => {
        if (batch.length === 0) return;
        await anyDb
          .insertInto('product_search')
          .values(batch.map((doc) => ({ product_id: doc.productId, name: doc.name.toLowerCase(), sku: doc.sku.toLowerCase(), body: doc.body.toLowerCase() })))
          .execute();
        batch = [];
      };
      for (const doc of documents) {
        batch.push(doc);
        if (batch.length >= BATCH) await flush();
      }
      await flush();
    },
    matches(db: Kysely<Database>, text) {
      const terms = searchTerms(text);
      if (terms.length === 0) return null;
      const anyDb = db as Kysely<any>;
      let query = anyDb.selectFrom('product_search').select([
        'product_id',
        sql<number>`${sql.join(terms.map((t) => sql`(CASE WHEN name LIKE ${`%${t}%`} THEN 10 ELSE 0 END + CASE WHEN sku LIKE ${`%${t}%`} THEN 5 ELSE 0 END + 1)`), sql` + `)}`.as('score'),
      ]);
      for (const term of terms) {
        const pattern = `%${term}%`;
        query = query.where((eb) => eb.or([eb('name', 'like', pattern), eb('sku', 'like', pattern), eb('body', 'like', pattern)]));
      }
      return query as any;
    },
  };
}
