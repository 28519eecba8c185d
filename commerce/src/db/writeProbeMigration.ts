import type { Migration } from 'kysely';
import type { UntypedDb } from './untyped';

// One row that readiness rewrites (readiness.ts): a database that answers reads but cannot store
// a change (a full disk, a read-only server) must not be reported ready.
export function writeProbeMigration(): Migration {
  return {
    async up(db: UntypedDb) {
      await db.schema
        .createTable('write_probe')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        // Milliseconds since the epoch: bigint, since PostgreSQL's integer stops in 1970.
        .addColumn('probed_at', 'bigint', (c) => c.notNull())
        .execute();
    },
  };
}
