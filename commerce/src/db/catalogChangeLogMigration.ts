import type { Migration } from 'kysely';
import type { UntypedDb } from './untyped';
import { rebuildProductWords } from './productWords';

/**
 * catalog_change_log: what each catalog version changed (db/catalogChangeLog.ts), so processes
 * patch their in-memory catalog structures instead of rebuilding them; product_search_word: the
 * words each product gives the search vocabularies (db/productWords.ts), filled here (issue 33).
 */
export function catalogChangeLogMigration(): Migration {
  return {
    async up(db: UntypedDb) {
      await db.schema
        .createTable('catalog_change_log')
        .addColumn('version', 'integer', (c) => c.primaryKey())
        .addColumn('products', 'text')
        .addColumn('words', 'text')
        .addColumn('changed_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('product_search_word')
        .addColumn('product_id', 'integer', (c) => c.notNull())
        .addColumn('kind', 'integer', (c) => c.notNull())
        .addColumn('words', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('product_search_word_pk', ['product_id', 'kind'])
        .execute();
      await db.schema.createIndex('product_search_word_kind').on('product_search_word').column('kind').execute();
      await rebuildProductWords(db);
    },
  };
}
