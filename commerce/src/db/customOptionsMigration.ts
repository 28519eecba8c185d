import type { Migration } from 'kysely';
import type { UntypedDb } from './untyped';

/**
 * Custom options of products (Magento's catalog_product_option and catalog_product_option_type_value):
 * what a shopper types or picks beside a product (an engraving, a gift box), each with its own
 * price. Titles per store view in their own tables (Magento's *_title tables). A cart line keeps
 * the choices it was added with, and an order line what was bought.
 */
export function customOptionsMigration(): Migration {
  return {
    async up(db: UntypedDb) {
      await db.schema
        .createTable('product_option')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('product_id', 'integer', (c) => c.notNull())
        // field, area, drop_down, radio, checkbox, multiple, date, date_time, time
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('is_required', 'integer', (c) => c.notNull())
        .addColumn('sort_order', 'integer', (c) => c.notNull())
        // Of text and date options (select options price each value): minor units when fixed,
        // hundredths of a percent of the product's final price when percent.
        .addColumn('price', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('price_type', 'text', (c) => c.notNull().defaultTo('fixed'))
        .addColumn('sku', 'text')
        .addColumn('max_characters', 'integer')
        .execute();
      await db.schema.createIndex('product_option_product_idx').on('product_option').column('product_id').execute();
      await db.schema
        .createTable('product_option_value')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('option_id', 'integer', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('sort_order', 'integer', (c) => c.notNull())
        .addColumn('price', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('price_type', 'text', (c) => c.notNull().defaultTo('fixed'))
        .addColumn('sku', 'text')
        .execute();
      await db.schema
        .createIndex('product_option_value_option_idx')
        .on('product_option_value')
        .column('option_id')
        .execute();
      await db.schema
        .createTable('product_option_store')
        .addColumn('option_id', 'integer', (c) => c.notNull())
        .addColumn('store_id', 'integer', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('product_option_store_pk', ['option_id', 'store_id'])
        .execute();
      await db.schema
        .createTable('product_option_value_store')
        .addColumn('value_id', 'integer', (c) => c.notNull())
        .addColumn('store_id', 'integer', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('product_option_value_store_pk', ['value_id', 'store_id'])
        .execute();
      // JSON of the line's choices, keyed by option id (cart/customOptionChoices.ts); null without any.
      await db.schema.alterTable('cart_item').addColumn('custom_options', 'text').execute();
      // JSON of what the shopper chose, as it was when ordered (titles, values, prices).
      await db.schema.alterTable('sales_order_item').addColumn('custom_options', 'text').execute();
      for (const name of ['product_option', 'product_option_value'])
        await db.insertInto('id_sequence').values({ name, value: 0 }).execute();
    },
  };
}
