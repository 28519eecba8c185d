import type { Migration } from 'kysely';
import type { UntypedDb } from './untyped';

// guestOrderByToken finds an order by its secret token: without an index, a scan of every order.
export function orderTokenIndexMigration(): Migration {
  return {
    async up(db: UntypedDb) {
      await db.schema.createIndex('sales_order_token_idx').on('sales_order').column('token').execute();
    },
  };
}
