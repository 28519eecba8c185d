import type { Migration } from 'kysely';
import type { UntypedDb } from './untyped';

// Two product fields of Magento's product CSV that the catalog had no place for, so an imported
// catalog exports back the same: the weight (shipping uses none yet, Magento's unit as given) and
// the status (Magento's product_online: 1 enabled, 2 disabled). Existing products are enabled.
export function catalogImportMigration(): Migration {
  return {
    async up(db: UntypedDb) {
      await db.schema.alterTable('product').addColumn('weight', 'double precision').execute();
      await db.schema
        .alterTable('product')
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
    },
  };
}
