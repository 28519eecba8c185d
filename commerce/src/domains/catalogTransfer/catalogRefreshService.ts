import type { SearchIndex } from '../../db/searchIndex';
import type { UnitOfWork } from '../../kernel/transaction';
import { refreshCatalogAfterImport } from './catalogRefresh';

/**
 * For other domains' catalog writes (the category tree): the search index and the listing index
 * rebuilt, and the catalog version bumped, inside the caller's transaction, as after an import.
 */
export function refreshSearchAndListings(uow: UnitOfWork, searchIndex: SearchIndex): Promise<void> {
  return refreshCatalogAfterImport(uow, searchIndex, []);
}
