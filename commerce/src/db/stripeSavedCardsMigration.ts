import type { Migration } from 'kysely';
import type { UntypedDb } from './untyped';

// Stripe saved cards (issue 30). Stripe keeps a customer's cards on a Stripe Customer; the shop
// keeps only which Stripe Customer is which of its customers (one each, made once, with an
// idempotency key), and asks Stripe for the cards themselves. No card data, no card list here.
export function stripeSavedCardsMigration(): Migration {
  return {
    async up(db: UntypedDb) {
      await db.schema
        .createTable('stripe_customer')
        .addColumn('customer_id', 'integer', (c) => c.primaryKey())
        .addColumn('stripe_customer_id', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
    },
  };
}
