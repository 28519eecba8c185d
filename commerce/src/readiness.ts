import { Migrator } from 'kysely';
import { createMigrationProvider } from './db/migrations';
import type { SearchIndex } from './db/searchIndex';
import type { UntypedDb } from './db/untyped';

export interface Readiness {
  ready: boolean;
  /** What is missing, for the operator; says nothing a visitor could use. */
  detail: string;
}

/** A process can serve when its database answers and every migration it knows has been applied. */
export async function checkReadiness(db: UntypedDb, searchIndex: SearchIndex): Promise<Readiness> {
  try {
    const migrations = await new Migrator({ db, provider: createMigrationProvider(searchIndex) }).getMigrations();
    const pending = migrations
      .filter((migration) => migration.executedAt === undefined)
      .map((migration) => migration.name);
    if (pending.length > 0) return { ready: false, detail: `migrations not applied: ${pending.join(', ')}` };
    return { ready: true, detail: 'database answers; migrations applied' };
  } catch {
    return { ready: false, detail: 'the database does not answer' };
  }
}
