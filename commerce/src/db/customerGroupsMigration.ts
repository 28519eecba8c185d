import type { Migration } from 'kysely';
import type { UntypedDb } from './untyped';

// Customer groups with their customer tax class (Magento's customer_group and tax_class), a
// customer's group and the store view the account was made in, and tier prices (Magento's
// catalog_product_entity_tier_price: a group or all groups, a least quantity, a fixed price or a
// percent off the price).
export function customerGroupsMigration(): Migration {
  return {
    async up(db: UntypedDb) {
      await db.schema
        .createTable('tax_class')
        .addColumn('class_id', 'integer', (c) => c.primaryKey())
        .addColumn('class_name', 'text', (c) => c.notNull())
        // 'CUSTOMER' or 'PRODUCT', as Magento's class_type.
        .addColumn('class_type', 'text', (c) => c.notNull())
        // Whether the shop's tax rates apply to customers of this class (Magento's tax rule naming
        // the class); a class they do not apply to pays no tax (e.g. resellers).
        .addColumn('taxed', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      await db
        .insertInto('tax_class')
        .values([
          { class_id: 2, class_name: 'Taxable Goods', class_type: 'PRODUCT', taxed: 1 },
          { class_id: 3, class_name: 'Retail Customer', class_type: 'CUSTOMER', taxed: 1 },
        ])
        .execute();

      await db.schema
        .createTable('customer_group')
        .addColumn('customer_group_id', 'integer', (c) => c.primaryKey())
        .addColumn('customer_group_code', 'text', (c) => c.notNull().unique())
        .addColumn('tax_class_id', 'integer', (c) => c.notNull())
        .execute();
      await db
        .insertInto('customer_group')
        .values([
          { customer_group_id: 0, customer_group_code: 'NOT LOGGED IN', tax_class_id: 3 },
          { customer_group_id: 1, customer_group_code: 'General', tax_class_id: 3 },
          { customer_group_id: 2, customer_group_code: 'Wholesale', tax_class_id: 3 },
          { customer_group_id: 3, customer_group_code: 'Retailer', tax_class_id: 3 },
        ])
        .execute();
      await db.insertInto('id_sequence').values({ name: 'customer_group', value: 3 }).execute();
      await db.insertInto('id_sequence').values({ name: 'tax_class', value: 3 }).execute();

      await db.schema
        .alterTable('customer')
        .addColumn('group_id', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      // The store view the account was made in (Magento's store_id / created_in).
      await db.schema.alterTable('customer').addColumn('store_id', 'integer').execute();
      await db.schema.createIndex('customer_group_idx').on('customer').column('group_id').execute();

      await db.schema
        .createTable('catalog_product_entity_tier_price')
        .addColumn('value_id', 'integer', (c) => c.primaryKey())
        .addColumn('entity_id', 'integer', (c) => c.notNull())
        .addColumn('all_groups', 'integer', (c) => c.notNull())
        // Ignored when all_groups is 1 (then 0, as Magento stores it).
        .addColumn('customer_group_id', 'integer', (c) => c.notNull())
        .addColumn('qty', 'real', (c) => c.notNull())
        // A fixed unit price in minor units of the product's currency, or null when percentage_value is set.
        .addColumn('value', 'integer')
        .addColumn('percentage_value', 'real')
        .execute();
      await db.schema
        .createIndex('tier_price_unique_idx')
        .on('catalog_product_entity_tier_price')
        .columns(['entity_id', 'all_groups', 'customer_group_id', 'qty'])
        .unique()
        .execute();
      await db.insertInto('id_sequence').values({ name: 'tier_price', value: 0 }).execute();
    },
  };
}
