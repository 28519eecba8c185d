import { sql, SqliteAdapter, type Migration } from 'kysely';
import type { UntypedDb } from './untyped';

// Card payments (issue 30).
// - payment_transaction: what was asked of a gateway for an order and what it answered
//   (authorisation, capture, refund, void), amounts in minor units with their currency. The
//   idempotency key is unique: the same operation is written, and sent, once.
// - payment_webhook_event: the gateway's event ids already applied, so a repeated delivery changes
//   nothing.
// - cart.payment_data: the gateway token a shopper chose with the method (JSON), never card data.
// - One live order per cart instead of one order per cart: a declined card cancels its order and
//   gives the cart back, and the retry makes a new order on the same cart.
export function paymentsMigration(): Migration {
  return {
    async up(db: UntypedDb) {
      await db.schema
        .createTable('payment_transaction')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('order_id', 'integer', (c) => c.notNull())
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('attempt', 'integer', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('gateway_id', 'text')
        .addColumn('parent_gateway_id', 'text')
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
        .addColumn('failure_code', 'text')
        .addColumn('failure_message', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('payment_transaction_order_idx')
        .on('payment_transaction')
        .column('order_id')
        .execute();
      await db.schema
        .createIndex('payment_transaction_gateway_idx')
        .on('payment_transaction')
        .columns(['provider', 'gateway_id'])
        .execute();

      await db.schema
        .createTable('payment_webhook_event')
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('event_id', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('received_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('payment_webhook_event_pk', ['provider', 'event_id'])
        .execute();

      await db.schema.alterTable('cart').addColumn('payment_data', 'text').execute();

      await dropCartUniqueness(db);
      await db.schema
        .createIndex('sales_order_live_cart_idx')
        .on('sales_order')
        .column('cart_id')
        .unique()
        // A canceled order frees its cart; so does one paid after it was canceled (payment_review).
        .where(sql.ref('status'), 'not in', ['canceled', 'payment_review'])
        .execute();
    },
  };
}

/** sales_order.cart_id was declared UNIQUE with its column: PostgreSQL drops the constraint, SQLite rebuilds the table. */
async function dropCartUniqueness(db: UntypedDb): Promise<void> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) {
    await sql`alter table sales_order drop constraint if exists sales_order_cart_id_key`.execute(db);
    return;
  }
  const { rows } = await sql<{ sql: string }>`
    select sql from sqlite_master where type = 'table' and name = 'sales_order'`.execute(db);
  const sqlite = rows[0];
  if (!sqlite) throw new Error('0019_payments: there is no sales_order table');
  const indexes = await sql<{ sql: string }>`
    select sql from sqlite_master where type = 'index' and tbl_name = 'sales_order' and sql is not null`.execute(db);
  const rebuilt = sqlite.sql
    .replace(/"cart_id" text not null unique/i, '"cart_id" text not null')
    .replace(/create table "sales_order"/i, 'create table "sales_order_rebuilt"');
  if (rebuilt === sqlite.sql || !rebuilt.includes('sales_order_rebuilt'))
    throw new Error('0019_payments: sales_order is not in the shape this migration expects');
  await sql.raw(rebuilt).execute(db);
  await sql`insert into sales_order_rebuilt select * from sales_order`.execute(db);
  await sql`drop table sales_order`.execute(db);
  await sql`alter table sales_order_rebuilt rename to sales_order`.execute(db);
  for (const index of indexes.rows) await sql.raw(index.sql).execute(db);
}
