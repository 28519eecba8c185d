import type { SelectQueryBuilder } from 'kysely';
import { PostgresAdapter } from 'kysely';

import type { UntypedDb } from './untyped';

/**
 * Adds FOR UPDATE on PostgreSQL inside a transaction: the row stays locked until commit, so a
 * concurrent writer of the same row (another request, another process) waits and then reads what
 * this one wrote. SQLite needs no row locks — a write transaction there already excludes every
 * other writer — and does not know the syntax.
 */
export function lockedForWrite<DB, TB extends keyof DB, O>(
  db: UntypedDb,
  query: SelectQueryBuilder<DB, TB, O>,
): SelectQueryBuilder<DB, TB, O> {
  return db.isTransaction && db.getExecutor().adapter instanceof PostgresAdapter ? query.forUpdate() : query;
}
