import type { Kysely } from 'kysely';
import type { Database, SalesOrderItemTable, SalesOrderTable } from '../../db/tables';

export interface StoredOrder {
  order: SalesOrderTable;
  items: SalesOrderItemTable[];
}

export async function loadOrder(db: Kysely<Database>, id: number): Promise<StoredOrder | null> {
  const order = await db.selectFrom('sales_order').selectAll().where('id', '=', id).executeTakeFirst();
  if (!order) return null;
  const items = await db
    .selectFrom('sales_order_item')
    .selectAll()
    .where('order_id', '=', id)
    .orderBy('line')
    .execute();
  return { order, items };
}

/** A deleted customer's orders stay, as guest orders (their e-mail and token still find them). */
export async function detachCustomerOrders(db: Kysely<Database>, customerId: number): Promise<void> {
  await db.updateTable('sales_order').set({ customer_id: null }).where('customer_id', '=', customerId).execute();
}
