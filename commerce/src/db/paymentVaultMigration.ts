import type { Migration } from 'kysely';
import type { UntypedDb } from './untyped';

// Kept cards (issue 31's vault, with Braintree in issue 30).
// - vault_payment_token: a signed-in customer's card kept at the gateway, as Magento's vault keeps
//   it: the gateway's reusable token (never card data), what the customer recognises the card by
//   (details JSON: type, maskedCC, expirationDate) and a random public hash, the only name the
//   storefront ever sees. The same gateway token is kept once per customer and method.
// - payment_transaction.claimed_until: a gateway without idempotency keys (Braintree) is asked to
//   start an order's payment by one process at a time; the claim runs out, so a process that died
//   holding it does not block the order for ever.
export function paymentVaultMigration(): Migration {
  return {
    async up(db: UntypedDb) {
      await db.schema
        .createTable('vault_payment_token')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('customer_id', 'integer', (c) => c.notNull())
        .addColumn('public_hash', 'text', (c) => c.notNull().unique())
        .addColumn('payment_method_code', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('gateway_token', 'text', (c) => c.notNull())
        .addColumn('details', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('vault_payment_token_gateway_uq', ['customer_id', 'payment_method_code', 'gateway_token'])
        .execute();
      await db.schema
        .createIndex('vault_payment_token_customer_idx')
        .on('vault_payment_token')
        .column('customer_id')
        .execute();
      await db.schema.alterTable('payment_transaction').addColumn('claimed_until', 'text').execute();
    },
  };
}
