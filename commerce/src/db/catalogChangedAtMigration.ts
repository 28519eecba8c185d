import { sql, type Migration } from 'kysely';
import type { UntypedDb } from './untyped';

// When the catalog last changed, for the sitemap's <lastmod>: kept beside the version that every
// catalog write already bumps, so no write path has to remember a second thing.
export function catalogChangedAtMigration(): Migration {
  return {
    async up(db: UntypedDb) {
      await db.schema.alterTable('catalog_version').addColumn('changed_at', 'text').execute();
      await sql`UPDATE catalog_version SET changed_at = ${new Date().toISOString()}`.execute(db);
    },
  };
}
