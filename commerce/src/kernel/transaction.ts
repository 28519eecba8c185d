import { setTimeout as sleep } from 'node:timers/promises';
import { SqliteAdapter, sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import { SQLITE_BUSY_TIMEOUT_MS } from '../db/connection';

const LOCK_WAIT_MS = 15_000;

const POSTGRES_ATTEMPTS = 5;
/** serialization_failure, deadlock_detected, unique_violation: another transaction got there first. */
const RETRYABLE_POSTGRES_CODES = new Set(['40001', '40P01', '23505']);

function isRetryablePostgresError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && RETRYABLE_POSTGRES_CODES.has(code);
}

function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('SQLITE_BUSY');
}

/**
 * Runs `work` as one write transaction that no other writer can interleave with.
 *
 * SQLite: `BEGIN IMMEDIATE` takes the write lock before the first read, so what we check is
 * still true when we write (a deferred BEGIN would upgrade its lock late and could fail or act
 * on stale reads). better-sqlite3 waits for a busy lock synchronously, which would freeze the
 * event loop — and with it another connection in the same process that holds the lock and
 * needs the loop to finish. So the wait happens here, asynchronously, with busy_timeout at 0.
 * Within one process Kysely already hands the single connection to one caller at a time.
 *
 * PostgreSQL: a READ COMMITTED transaction; writers of one cart take turns on its row lock
 * (db/rowLocks.ts), stock and coupon use are conditional UPDATEs that PostgreSQL re-checks under
 * the row lock, ids come from locked counter rows (db/idSequence.ts). What can still collide —
 * two inserts of one unique key (the same e-mail, a customer's first wish list), or a deadlock —
 * rolls back and runs `work` again, which then sees the other writer's committed row.
 */
export async function inWriteTransaction<T>(
  db: Kysely<Database>,
  work: (trx: Kysely<Database>) => Promise<T>,
): Promise<T> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) {
    for (let attempt = 1; ; attempt++) {
      try {
        return await db.transaction().execute((trx) => work(trx));
      } catch (error) {
        if (attempt >= POSTGRES_ATTEMPTS || !isRetryablePostgresError(error)) throw error;
        await sleep(attempt * 5 * (0.5 + Math.random()));
      }
    }
  }
  return db.connection().execute(async (conn) => {
    // Every SQLite connection is opened with the same timeout (db/connection.ts): no need to ask.
    const timeout = SQLITE_BUSY_TIMEOUT_MS;
    await sql`pragma busy_timeout = 0`.execute(conn);
    try {
      const deadline = Date.now() + Math.max(LOCK_WAIT_MS, timeout);
      for (let attempt = 0; ; attempt++) {
        try {
          await sql`begin immediate`.execute(conn);
          break;
        } catch (error) {
          if (!isBusy(error) || Date.now() > deadline) throw error;
          await sleep(Math.min(50, 2 + attempt * 2) * (0.5 + Math.random()));
        }
      }
    } finally {
      await sql.raw(`pragma busy_timeout = ${timeout}`).execute(conn);
    }
    try {
      const result = await work(conn);
      await sql`commit`.execute(conn);
      return result;
    } catch (error) {
      await sql`rollback`.execute(conn).catch(() => {});
      throw error;
    }
  });
}
