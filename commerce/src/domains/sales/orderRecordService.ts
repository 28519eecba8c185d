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
