import type { Migration } from 'kysely';
import type { UntypedDb } from './untyped';

// An owner resets a staff member's password: a one-time link, kept only as the digest of its
// token, valid for an hour, gone once used (issue 36, point 11).
export function staffPasswordResetMigration(): Migration {
  return {
    async up(db: UntypedDb) {
      await db.schema
        .createTable('staff_password_reset')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('staff_id', 'integer', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('staff_password_reset_staff_idx')
        .on('staff_password_reset')
        .column('staff_id')
        .execute();
    },
  };
}
