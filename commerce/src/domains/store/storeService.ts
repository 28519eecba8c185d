import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import { readStoreConfig } from '../../kernel/storeConfig';

export function loadStoreConfig(db: Kysely<Database>): Promise<Record<string, string>> {
  return readStoreConfig(db);
}
