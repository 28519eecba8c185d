import type { Migration } from 'kysely';
import type { UntypedDb } from './untyped';

// The network address a back-office request came from, on every audit entry written since:
// failed sign-ins and refusals are only worth recording with where they came from.
export function auditClientMigration(): Migration {
  return {
    async up(db: UntypedDb) {
      await db.schema.alterTable('audit_log').addColumn('client_address', 'text').execute();
    },
  };
}
