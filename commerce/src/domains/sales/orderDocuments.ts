import DataLoader from 'dataloader';
import type { Kysely } from 'kysely';
import type { Database, SalesOrderCommentTable, SalesShipmentTable } from '../../db/tables';

// What happened to an order after it was placed, as its customer may see it: shipments with
// their tracking numbers, and the comments staff chose to show. Loaded for every order of a page
// in one query each (an account's order history lists several).

export interface OrderDocuments {
  shipments: SalesShipmentTable[];
  comments: SalesOrderCommentTable[];
  invoiced: boolean;
}

const loaders = new WeakMap<object, DataLoader<number, OrderDocuments>>();

/** One loader per request: `scope` is the request's context. */
export function orderDocumentsLoader(db: Kysely<Database>, scope: object): DataLoader<number, OrderDocuments> {
  let loader = loaders.get(scope);
  if (!loader) {
    loader = new DataLoader(async (orderIds: readonly number[]) => {
      const ids = [...orderIds];
      const [shipments, comments, invoices] = await Promise.all([
        db.selectFrom('sales_shipment').selectAll().where('order_id', 'in', ids).orderBy('id').execute(),
        db
          .selectFrom('sales_order_comment')
          .selectAll()
          .where('order_id', 'in', ids)
          .where('is_visible_to_customer', '=', 1)
          .orderBy('id')
          .execute(),
        db.selectFrom('sales_invoice').select('order_id').where('order_id', 'in', ids).execute(),
      ]);
      const invoiced = new Set(invoices.map((i) => i.order_id));
      return ids.map((id) => ({
        shipments: shipments.filter((s) => s.order_id === id),
        comments: comments.filter((c) => c.order_id === id),
        invoiced: invoiced.has(id),
      }));
    });
    loaders.set(scope, loader);
  }
  return loader;
}
