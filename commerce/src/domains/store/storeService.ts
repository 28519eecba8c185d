import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';

export async function loadStoreConfig(db: Kysely<Database>): Promise<Record<string, string>> {
  const rows = await db.selectFrom('store_config').selectAll().execute();
  return Object.fromEntries(rows.map((r) => [r.key, r.value]));
}
