import type { Migration } from 'kysely';
import type { UntypedDb } from './untyped';

// Customer accounts and what hangs off them. Tokens and password-reset tokens are stored only as
// sha256 digests: a copied database row is not a live credential. Address bodies are JSON in the
// same shape the cart keeps (domains/checkout/cartAddress.ts), so a saved address drops straight
// into a cart and back.

export function customerMigration(): Migration {
  return {
    async up(db: UntypedDb) {
      await db.schema
        .createTable('customer')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('firstname', 'text', (c) => c.notNull())
        .addColumn('lastname', 'text', (c) => c.notNull())
        .addColumn('middlename', 'text')
        .addColumn('prefix', 'text')
        .addColumn('suffix', 'text')
        .addColumn('date_of_birth', 'text')
        .addColumn('gender', 'integer')
        .addColumn('taxvat', 'text')
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('default_billing', 'integer')
        .addColumn('default_shipping', 'integer')
        .addColumn('failures_num', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('first_failure', 'text')
        .addColumn('lock_expires', 'text')
        .addColumn('reset_token_hash', 'text')
        .addColumn('reset_token_expires', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('customer_token')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('customer_id', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('customer_token_customer_idx').on('customer_token').column('customer_id').execute();

      await db.schema
        .createTable('customer_address')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('customer_id', 'integer', (c) => c.notNull())
        .addColumn('address', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('customer_address_customer_idx')
        .on('customer_address')
        .columns(['customer_id', 'id'])
        .execute();

      await db.schema.alterTable('cart').addColumn('customer_id', 'integer').execute();
      await db.schema.createIndex('cart_customer_idx').on('cart').columns(['customer_id', 'is_active']).execute();
      await db.schema.alterTable('sales_order').addColumn('customer_id', 'integer').execute();
      await db.schema
        .createIndex('sales_order_customer_idx')
        .on('sales_order')
        .columns(['customer_id', 'created_at'])
        .execute();

      await db.schema
        .createTable('wishlist')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('customer_id', 'integer', (c) => c.notNull().unique())
        .addColumn('sharing_code', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('wishlist_item')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('wishlist_id', 'integer', (c) => c.notNull())
        .addColumn('product_id', 'integer', (c) => c.notNull())
        .addColumn('variant_id', 'integer')
        .addColumn('quantity', 'real', (c) => c.notNull())
        .addColumn('description', 'text')
        .addColumn('added_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('wishlist_item_wishlist_idx')
        .on('wishlist_item')
        .columns(['wishlist_id', 'id'])
        .execute();

      await db.schema
        .createTable('newsletter_subscriber')
        .addColumn('email', 'text', (c) => c.primaryKey())
        .addColumn('customer_id', 'integer')
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('newsletter_subscriber_customer_idx')
        .on('newsletter_subscriber')
        .column('customer_id')
        .execute();

      await db.schema
        .createTable('contact_message')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('telephone', 'text')
        .addColumn('comment', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
    },
  };
}
