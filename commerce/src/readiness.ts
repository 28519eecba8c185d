import { Migrator, type Kysely } from 'kysely';
import { createMigrationProvider } from './db/migrations';
import type { SearchIndex } from './db/searchIndex';
import type { Database } from './db/tables';
import { storageFailureCode } from './kernel/storageFailure';
import { inWriteTransaction } from './kernel/transaction';

export interface Readiness {
  ready: boolean;
  /** What is missing, for the operator; says nothing a visitor could use. */
  detail: string;
}

/**
 * A process can serve when its database answers, every migration it knows has been applied, and
 * a change can be stored: one row is rewritten and committed, so a full disk or a read-only
 * database shows here (a read alone, or a rolled-back write, never reaches the disk).
 */
export async function checkReadiness(
  db: Kysely<Database>,
  searchIndex: SearchIndex,
  now: () => number = Date.now,
): Promise<Readiness> {
  try {
    const migrations = await new Migrator({ db, provider: createMigrationProvider(searchIndex) }).getMigrations();
    const pending = migrations
      .filter((migration) => migration.executedAt === undefined)
      .map((migration) => migration.name);
    if (pending.length > 0) return { ready: false, detail: `migrations not applied: ${pending.join(', ')}` };
  } catch {
    return { ready: false, detail: 'the database does not answer' };
  }
  try {
    await inWriteTransaction(db, ({ db: trx }) =>
      trx
        .insertInto('write_probe')
        .values({ id: 1, probed_at: now() })
        .onConflict((conflict) => conflict.column('id').doUpdateSet({ probed_at: now() }))
        .execute(),
    );
  } catch (error) {
    const code = storageFailureCode(error);
    return { ready: false, detail: code ? `the database refuses writes (${code})` : 'a test write failed' };
  }
  return { ready: true, detail: 'database answers and stores changes; migrations applied' };
}
