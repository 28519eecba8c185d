import type { Migration } from 'kysely';
import type { UntypedDb } from './untyped';

// Products that point at other products (Magento's catalog_product_link with its link types and
// position), and shoppers' reviews with their star ratings (Magento's review, rating and
// rating_option_vote). A rating's values are always 1–5 stars, so no option table is needed.
export function productLinksReviewsMigration(): Migration {
  return {
    async up(db: UntypedDb) {
      await db.schema
        .createTable('product_link')
        .addColumn('product_id', 'integer', (c) => c.notNull())
        .addColumn('link_type', 'text', (c) => c.notNull())
        .addColumn('linked_product_id', 'integer', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('product_link_pk', ['product_id', 'link_type', 'linked_product_id'])
        .execute();
      await db.schema.createIndex('product_link_linked_idx').on('product_link').column('linked_product_id').execute();

      await db.schema
        .createTable('rating')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('code', 'text', (c) => c.notNull().unique())
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      // A rating's label in one store view (Magento's rating_title); without a row, its code.
      await db.schema
        .createTable('rating_store')
        .addColumn('rating_id', 'integer', (c) => c.notNull())
        .addColumn('store_id', 'integer', (c) => c.notNull())
        .addColumn('label', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('rating_store_pk', ['rating_id', 'store_id'])
        .execute();

      await db.schema
        .createTable('review')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('product_id', 'integer', (c) => c.notNull())
        .addColumn('store_id', 'integer', (c) => c.notNull())
        .addColumn('customer_id', 'integer')
        .addColumn('nickname', 'text', (c) => c.notNull())
        .addColumn('summary', 'text', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        // 'pending' until staff approve ('approved') or reject ('rejected') it.
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('review_product_idx')
        .on('review')
        .columns(['product_id', 'status', 'store_id'])
        .execute();
      await db.schema.createIndex('review_status_idx').on('review').columns(['status', 'id']).execute();
      await db.schema.createIndex('review_customer_idx').on('review').column('customer_id').execute();
      await db.schema
        .createTable('review_vote')
        .addColumn('review_id', 'integer', (c) => c.notNull())
        .addColumn('rating_id', 'integer', (c) => c.notNull())
        .addColumn('value', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('review_vote_pk', ['review_id', 'rating_id'])
        .execute();
      await db.insertInto('id_sequence').values({ name: 'review', value: 0 }).execute();

      // Magento's three default ratings.
      await db
        .insertInto('rating')
        .values([
          { id: 1, code: 'Quality', position: 1, is_active: 1 },
          { id: 2, code: 'Value', position: 2, is_active: 1 },
          { id: 3, code: 'Price', position: 3, is_active: 1 },
        ])
        .execute();
    },
  };
}
