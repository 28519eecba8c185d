import type { Migration } from 'kysely';
import type { UntypedDb } from './untyped';

// One row per limited subject (a client, an e-mail address, a cart): how many attempts it made
// in the current window. Kept in the database so every server process counts against the same row.
export function rateLimitMigration(): Migration {
  return {
    async up(db: UntypedDb) {
      await db.schema
        .createTable('rate_limit')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('window_start', 'integer', (c) => c.notNull())
        .addColumn('hits', 'integer', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('rate_limit_window_idx').on('rate_limit').column('window_start').execute();
    },
  };
}
