import { sql, type Kysely } from 'kysely';
import type { Database } from './tables';

// An arbitrary constant naming Vela's start-up lock among the server's advisory locks.
const STARTUP_LOCK_KEY = 741_023_331;

/**
 * Runs migrations and first-start seeding one process at a time. Several server processes that
 * start together on an empty PostgreSQL database would otherwise each try to seed the catalog.
 * SQLite shops run one process per file, so there the work runs as it is.
 */
export async function withStartupLock<T>(
  db: Kysely<Database>,
  engine: 'sqlite' | 'postgres',
  work: (db: Kysely<Database>) => Promise<T>,
): Promise<T> {
  if (engine !== 'postgres') return work(db);
  return db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${STARTUP_LOCK_KEY})`.execute(connection);
    try {
      return await work(connection);
    } finally {
      await sql`select pg_advisory_unlock(${STARTUP_LOCK_KEY})`.execute(connection);
    }
  });
}
