import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../db/tables';

// The category tree is the catalog's (domains/tableOwners.ts). The catalog import creates the
// categories its CSV names through this, with ids and positions it allocated itself.

/** Adds one category row in the caller's transaction. */
export async function insertCategory(db: Kysely<Database>, row: Insertable<Database['category']>): Promise<void> {
  await db.insertInto('category').values(row).execute();
}
