import type { Migration } from 'kysely';
import type { UntypedDb } from './untyped';

/**
 * Bundle and grouped products (Magento's catalog_product_bundle_* and the grouped product links).
 * A bundle keeps its settings (dynamic or fixed price, sku and weight; how the price is shown; how
 * it ships), its options and each option's selections (a simple product with its default
 * quantity and, for fixed-price bundles, its own price). A grouped product lists its members.
 * A cart line of a bundle keeps the selections chosen; an order line what was bought.
 */
export function bundleGroupedMigration(): Migration {
  return {
    async up(db: UntypedDb) {
      await db.schema
        .createTable('bundle_product')
        .addColumn('product_id', 'integer', (c) => c.primaryKey())
        .addColumn('dynamic_price', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('dynamic_sku', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('dynamic_weight', 'integer', (c) => c.notNull().defaultTo(1))
        // PRICE_RANGE or AS_LOW_AS (Magento's PriceViewEnum)
        .addColumn('price_view', 'text', (c) => c.notNull().defaultTo('PRICE_RANGE'))
        // TOGETHER or SEPARATELY (Magento's ShipBundleItemsEnum)
        .addColumn('ship_bundle_items', 'text', (c) => c.notNull().defaultTo('TOGETHER'))
        .execute();
      await db.schema
        .createTable('bundle_option')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('product_id', 'integer', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        // select, radio, checkbox, multi
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('required', 'integer', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('bundle_option_product_idx').on('bundle_option').column('product_id').execute();
      await db.schema
        .createTable('bundle_selection')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('option_id', 'integer', (c) => c.notNull())
        .addColumn('product_id', 'integer', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('qty', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('can_change_qty', 'integer', (c) => c.notNull().defaultTo(0))
        // Of fixed-price bundles only: minor units when fixed, hundredths of a percent of the
        // bundle's price when percent. A dynamic bundle sells each selection at its own price.
        .addColumn('price', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('price_type', 'text', (c) => c.notNull().defaultTo('fixed'))
        .execute();
      await db.schema.createIndex('bundle_selection_option_idx').on('bundle_selection').column('option_id').execute();
      await db.schema
        .createTable('grouped_item')
        .addColumn('product_id', 'integer', (c) => c.notNull())
        .addColumn('child_id', 'integer', (c) => c.notNull())
        .addColumn('qty', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('position', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('grouped_item_pk', ['product_id', 'child_id'])
        .execute();
      // JSON of the line's bundle selections (cart/bundleChoices.ts); null for other types.
      await db.schema.alterTable('cart_item').addColumn('bundle_options', 'text').execute();
      // JSON of the bundle's items as bought (titles, products, quantities, prices).
      await db.schema.alterTable('sales_order_item').addColumn('bundle_options', 'text').execute();
      for (const name of ['bundle_option', 'bundle_selection'])
        await db.insertInto('id_sequence').values({ name, value: 0 }).execute();
    },
  };
}
