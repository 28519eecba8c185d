import { sql } from 'kysely';
import type { Migration } from 'kysely';
import type { UntypedDb } from './untyped';
import type { SearchIndex } from './searchIndex';
import { searchDocuments } from './searchDocuments';
import { rebuildProductWords } from './productWords';

// Issue 34: a store view other than the default one searches its own names and descriptions, each
// falling back to the default store's where it has none (Magento's store-view scope). An index
// made before holds the other store views' translated names only: it is made again whole, with a
// column for their descriptions, and the store views' vocabularies are counted again from it.
// The documents are made by today's document builder: a migration that ran before it changed has
// nothing to redo, and one that runs now fills the index the way every later save does.

export function searchStoreFallbackMigration(searchIndex: SearchIndex): Migration {
  return {
    async up(db: UntypedDb) {
      if (!(await searchIndex.hasStoreBody(db))) {
        await searchIndex.renameAside(db);
        await searchIndex.createStructure(db);
        await sql`DROP TABLE product_search_old`.execute(db);
      }
      // eslint-disable-next-line @typescript-eslint/no-unsafe-argument -- today's document builder, on purpose (see above)
      await searchIndex.replaceAll(db, searchDocuments(db));
      await rebuildProductWords(db);
    },
  };
}
