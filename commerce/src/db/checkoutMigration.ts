import type { Migration } from 'kysely';
import type { UntypedDb } from './untyped';

// Carts, cart price rules, carriers, tax rates and orders. Addresses and per-order snapshots are
// JSON text: they are always read and written whole, and an order must keep what the shopper saw
// even after the catalog or the rules change.

export function checkoutMigration(): Migration {
  return {
    async up(db: UntypedDb) {
      await db.schema
        .createTable('cart')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('email', 'text')
        .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('coupon_code', 'text')
        .addColumn('shipping_address', 'text')
        .addColumn('billing_address', 'text')
        .addColumn('shipping_carrier_code', 'text')
        .addColumn('shipping_method_code', 'text')
        .addColumn('payment_method', 'text')
        .addColumn('purchase_order_number', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('cart_item')
        .addColumn('cart_id', 'text', (c) => c.notNull())
        .addColumn('id', 'integer', (c) => c.notNull())
        .addColumn('product_id', 'integer', (c) => c.notNull())
        .addColumn('variant_id', 'integer')
        .addColumn('quantity', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('cart_item_pk', ['cart_id', 'id'])
        .execute();

      await db.schema
        .createTable('sales_rule')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('label', 'text', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('amount', 'integer', (c) => c.notNull())
        .addColumn('min_subtotal', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('from_date', 'text')
        .addColumn('to_date', 'text')
        .addColumn('uses_limit', 'integer')
        .addColumn('times_used', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();

      await db.schema
        .createTable('sales_coupon')
        .addColumn('code', 'text', (c) => c.primaryKey())
        .addColumn('rule_id', 'integer', (c) => c.notNull())
        .addColumn('usage_limit', 'integer')
        .addColumn('times_used', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('sales_coupon_rule_idx').on('sales_coupon').column('rule_id').execute();

      await db.schema
        .createTable('shipping_carrier')
        .addColumn('code', 'text', (c) => c.primaryKey())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('method_code', 'text', (c) => c.notNull())
        .addColumn('method_title', 'text', (c) => c.notNull())
        .addColumn('price', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('price_type', 'text', (c) => c.notNull().defaultTo('per_order'))
        .addColumn('free_threshold', 'integer')
        .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();

      await db.schema
        .createTable('shipping_table_rate')
        .addColumn('carrier_code', 'text', (c) => c.notNull())
        .addColumn('country_id', 'text', (c) => c.notNull())
        .addColumn('price', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('shipping_table_rate_pk', ['carrier_code', 'country_id'])
        .execute();

      await db.schema
        .createTable('tax_rate')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('country_id', 'text', (c) => c.notNull())
        .addColumn('region_id', 'integer')
        .addColumn('rate_ppm', 'integer', (c) => c.notNull())
        .addColumn('label', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('tax_rate_country_idx').on('tax_rate').columns(['country_id', 'region_id']).execute();

      await db.schema
        .createTable('sales_order')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('number', 'text', (c) => c.notNull().unique())
        .addColumn('token', 'text', (c) => c.notNull())
        .addColumn('cart_id', 'text', (c) => c.notNull().unique())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('subtotal', 'integer', (c) => c.notNull())
        .addColumn('discount', 'integer', (c) => c.notNull())
        .addColumn('shipping', 'integer', (c) => c.notNull())
        .addColumn('tax', 'integer', (c) => c.notNull())
        .addColumn('grand_total', 'integer', (c) => c.notNull())
        .addColumn('coupon_code', 'text')
        .addColumn('shipping_carrier_title', 'text', (c) => c.notNull())
        .addColumn('shipping_method_title', 'text', (c) => c.notNull())
        .addColumn('payment_method', 'text', (c) => c.notNull())
        .addColumn('payment_title', 'text', (c) => c.notNull())
        .addColumn('shipping_address', 'text', (c) => c.notNull())
        .addColumn('billing_address', 'text', (c) => c.notNull())
        .addColumn('discounts', 'text', (c) => c.notNull())
        .addColumn('taxes', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('sales_order_item')
        .addColumn('order_id', 'integer', (c) => c.notNull())
        .addColumn('line', 'integer', (c) => c.notNull())
        .addColumn('product_id', 'integer', (c) => c.notNull())
        .addColumn('product_type', 'text', (c) => c.notNull())
        .addColumn('sku', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('url_key', 'text', (c) => c.notNull())
        .addColumn('options', 'text', (c) => c.notNull())
        .addColumn('quantity', 'integer', (c) => c.notNull())
        .addColumn('price', 'integer', (c) => c.notNull())
        .addColumn('row_total', 'integer', (c) => c.notNull())
        .addColumn('discount', 'integer', (c) => c.notNull())
        .addColumn('tax', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('sales_order_item_pk', ['order_id', 'line'])
        .execute();
    },
  };
}
