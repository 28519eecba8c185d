import type { Migration } from 'kysely';
import type { UntypedDb } from './untyped';

/**
 * Downloadable purchases (Magento's downloadable_link_purchased_item): the links a cart line chose,
 * the links an order line bought, and one row per bought link with its secret address, its
 * allowance and how often it was downloaded. Whether it may be downloaded now is not stored: it
 * follows from the order line's invoiced and refunded quantities (sales/downloadablePurchases.ts).
 */
export function downloadablePurchasesMigration(): Migration {
  return {
    async up(db: UntypedDb) {
      // JSON: the chosen link ids, sorted (cart/downloadableChoices.ts); null for other types.
      await db.schema.alterTable('cart_item').addColumn('downloadable_links', 'text').execute();
      // JSON: the links as bought ([{ id, title, sort_order }]); null for other types.
      await db.schema.alterTable('sales_order_item').addColumn('downloadable_links', 'text').execute();
      await db.schema
        .createTable('downloadable_link_purchased')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('order_id', 'integer', (c) => c.notNull())
        // The order line (sales_order_item.line) the link was bought with.
        .addColumn('order_line', 'integer', (c) => c.notNull())
        .addColumn('customer_id', 'integer')
        .addColumn('link_id', 'integer', (c) => c.notNull())
        .addColumn('link_title', 'text', (c) => c.notNull())
        .addColumn('link_type', 'text', (c) => c.notNull())
        .addColumn('link_file', 'text')
        .addColumn('link_url', 'text')
        // 0 = unlimited, as Magento stores it; the allowance times the quantity bought otherwise.
        .addColumn('downloads_bought', 'integer', (c) => c.notNull())
        .addColumn('downloads_used', 'integer', (c) => c.notNull().defaultTo(0))
        // The secret part of the download address (Magento's link_hash).
        .addColumn('link_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text')
        .execute();
      await db.schema
        .createIndex('downloadable_link_purchased_customer_idx')
        .on('downloadable_link_purchased')
        .column('customer_id')
        .execute();
      await db.schema
        .createIndex('downloadable_link_purchased_order_idx')
        .on('downloadable_link_purchased')
        .columns(['order_id', 'order_line'])
        .execute();
      await db.insertInto('id_sequence').values({ name: 'downloadable_link_purchased', value: 0 }).execute();
    },
  };
}
