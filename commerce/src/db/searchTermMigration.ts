import type { Migration } from 'kysely';
import type { UntypedDb } from './untyped';
import type { SearchIndex } from './searchIndex';
import { separateSearchStoreNames } from './searchStoreNames';

// What shoppers type into the search box, per store view (Magento's search_query): how often a
// term was searched, how many products it found the last time, and an address the merchant may
// send it to instead of a result page. Terms are kept normalised (lower case, single spaces), so
// one row counts every spelling of the same words.
//
// Also here, for issue 34: the search index made again with each store view's texts apart
// (db/searchStoreNames.ts), and for the clean-up of abandoned guest compare lists: an index on when a list was
// last changed, so the sweep reads only the stale ones.
export function searchTermMigration(searchIndex: SearchIndex): Migration {
  return {
    async up(db: UntypedDb) {
      await db.schema
        .createTable('search_query')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('store_id', 'integer', (c) => c.notNull())
        .addColumn('query_text', 'text', (c) => c.notNull())
        .addColumn('popularity', 'integer', (c) => c.notNull())
        .addColumn('num_results', 'integer', (c) => c.notNull())
        .addColumn('redirect', 'text')
        .addColumn('display_in_terms', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('search_query_store_text_idx')
        .on('search_query')
        .columns(['store_id', 'query_text'])
        .unique()
        .execute();
      await db.schema
        .createIndex('search_query_store_popularity_idx')
        .on('search_query')
        .columns(['store_id', 'popularity'])
        .execute();
      await db.insertInto('id_sequence').values({ name: 'search_query', value: 0 }).execute();
      await db.schema
        .createIndex('compare_list_guest_updated_idx')
        .on('compare_list')
        .columns(['customer_id', 'updated_at'])
        .execute();
      await separateSearchStoreNames(db, searchIndex);
    },
  };
}
