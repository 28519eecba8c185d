import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import { readStoreConfig } from '../../kernel/storeConfig';

export function createStoreService(db: Kysely<Database>) {
  return {
    /** Every setting as stored; the resolvers type them by the schema. */
    config: () => readStoreConfig(db),
  };
}

export type StoreService = ReturnType<typeof createStoreService>;
