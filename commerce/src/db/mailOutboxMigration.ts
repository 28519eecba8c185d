import type { Migration } from 'kysely';
import type { UntypedDb } from './untyped';

// E-mails waiting to go out. A job is written in the same transaction as what it announces (an
// order, a reset link, a contact message), so a crash can lose neither without the other.
export function mailOutboxMigration(): Migration {
  return {
    async up(db: UntypedDb) {
      await db.schema
        .createTable('mail_outbox')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('file_stem', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull())
        // Milliseconds since the epoch: bigint, since PostgreSQL's integer stops in 1970.
        .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
        .addColumn('claimed_until', 'bigint')
        .addColumn('last_error', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('sent_at', 'text')
        .execute();
      await db.schema
        .createIndex('mail_outbox_due_idx')
        .on('mail_outbox')
        .columns(['status', 'next_attempt_at'])
        .execute();
    },
  };
}
