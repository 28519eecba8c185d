import type { Migration } from 'kysely';
import type { UntypedDb } from './untyped';

/**
 * Downloadable products (Magento's downloadable_link, downloadable_sample and the product's
 * links_title / samples_title / links_purchased_separately): the links a buyer gets after paying,
 * each with its own price and download allowance, and the samples anyone may download. Files live
 * under the media folder's private `downloadable/` part, never served as they are; URLs are kept as
 * given. Virtual products need nothing stored: their type alone says there is nothing to ship.
 */
export function downloadableProductsMigration(): Migration {
  return {
    async up(db: UntypedDb) {
      await db.schema
        .createTable('downloadable_product')
        .addColumn('product_id', 'integer', (c) => c.primaryKey())
        .addColumn('links_title', 'text', (c) => c.notNull())
        .addColumn('samples_title', 'text', (c) => c.notNull())
        // 1: each link is chosen and paid on its own; 0: the product comes with all its links.
        .addColumn('links_purchased_separately', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      await db.schema
        .createTable('downloadable_link')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('product_id', 'integer', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        // Minor units added to the product's price when the link is chosen.
        .addColumn('price', 'integer', (c) => c.notNull().defaultTo(0))
        // 0 = unlimited, as Magento stores "unlimited".
        .addColumn('number_of_downloads', 'integer', (c) => c.notNull().defaultTo(0))
        // 0 no, 1 yes, 2 the shop's setting (Magento's is_shareable).
        .addColumn('is_shareable', 'integer', (c) => c.notNull().defaultTo(2))
        .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
        // 'file' or 'url'
        .addColumn('link_type', 'text', (c) => c.notNull())
        .addColumn('link_file', 'text')
        .addColumn('link_url', 'text')
        .addColumn('sample_type', 'text')
        .addColumn('sample_file', 'text')
        .addColumn('sample_url', 'text')
        .execute();
      await db.schema
        .createIndex('downloadable_link_product_idx')
        .on('downloadable_link')
        .column('product_id')
        .execute();
      await db.schema
        .createTable('downloadable_sample')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('product_id', 'integer', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('sample_type', 'text', (c) => c.notNull())
        .addColumn('sample_file', 'text')
        .addColumn('sample_url', 'text')
        .execute();
      await db.schema
        .createIndex('downloadable_sample_product_idx')
        .on('downloadable_sample')
        .column('product_id')
        .execute();
      // Ids from counter rows (db/idSequence.ts): unique across processes on PostgreSQL too.
      for (const name of ['downloadable_link', 'downloadable_sample'])
        await db.insertInto('id_sequence').values({ name, value: 0 }).execute();
    },
  };
}
