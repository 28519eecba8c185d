import type { Migration } from 'kysely';
import type { UntypedDb } from './untyped';

// Shoppers' compare lists (Magento's catalog_compare_list and catalog_compare_item): a guest's list
// is found by its secret uid alone; a customer has at most one (the unique index keeps two parallel
// first adds from making two).
export function compareListMigration(): Migration {
  return {
    async up(db: UntypedDb) {
      await db.schema
        .createTable('compare_list')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('uid', 'text', (c) => c.notNull().unique())
        .addColumn('customer_id', 'integer')
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('compare_list_customer_idx')
        .on('compare_list')
        .column('customer_id')
        .unique()
        .execute();
      await db.schema
        .createTable('compare_list_item')
        .addColumn('list_id', 'integer', (c) => c.notNull())
        .addColumn('product_id', 'integer', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('compare_list_item_pk', ['list_id', 'product_id'])
        .execute();
      await db.insertInto('id_sequence').values({ name: 'compare_list', value: 0 }).execute();
    },
  };
}
