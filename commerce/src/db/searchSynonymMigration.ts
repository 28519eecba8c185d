import type { Migration } from 'kysely';
import type { UntypedDb } from './untyped';

// Groups of words a shopper may use for the same thing (Magento's search_synonyms): the merchant
// edits them in the back office, for one store view or (store_id null) for all of them. Each
// group's words are kept as one lower-case, comma-separated text. The demo seed fills them.
export function searchSynonymMigration(): Migration {
  return {
    async up(db: UntypedDb) {
      await db.schema
        .createTable('search_synonym_group')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('store_id', 'integer')
        .addColumn('words', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('search_synonym_group_store_idx')
        .on('search_synonym_group')
        .column('store_id')
        .execute();
      await db.insertInto('id_sequence').values({ name: 'search_synonym_group', value: 0 }).execute();
    },
  };
}
