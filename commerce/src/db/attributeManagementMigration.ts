import { sql, type Migration } from 'kysely';
import type { UntypedDb } from './untyped';

// Attributes become the merchant's to manage in the back office: whether an attribute's values
// count in searches and whether the product page lists it (Magento's is_searchable and
// is_visible_on_front; every attribute so far did both), and id counters for attributes and
// options so that two people adding options at once never pick the same id.
export function attributeManagementMigration(): Migration {
  return {
    async up(db: UntypedDb) {
      await db.schema
        .alterTable('attribute')
        .addColumn('is_searchable', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      await db.schema
        .alterTable('attribute')
        .addColumn('is_visible_on_front', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      for (const table of ['attribute', 'attribute_option'] as const) {
        await sql`INSERT INTO id_sequence (name, value)
          SELECT ${table}, COALESCE(MAX(id), 0) FROM ${sql.table(table)}`.execute(db);
      }
    },
  };
}
