import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import type { SearchIndex } from '../../db/searchIndex';
import { refreshCatalogAfterImport } from './catalogRefresh';
import { transferDb } from './transferTables';

/**
 * For other domains' catalog writes (the category tree): the search index and the listing index
 * rebuilt, and the catalog version bumped, inside the caller's transaction, as after an import.
 */
export function refreshSearchAndListings(trx: Kysely<Database>, searchIndex: SearchIndex): Promise<void> {
  return refreshCatalogAfterImport(transferDb(trx), searchIndex, []);
}
