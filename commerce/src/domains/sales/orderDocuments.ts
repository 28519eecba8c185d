import DataLoader from 'dataloader';
import type { Kysely } from 'kysely';
import type {
  Database,
  SalesCreditmemoTable,
  SalesInvoiceItemTable,
  SalesInvoiceTable,
  SalesOrderCommentTable,
  SalesShipmentItemTable,
  SalesShipmentTable,
} from '../../db/tables';

// What happened to an order after it was placed, as its customer may see it: invoices, shipments
// with their tracking numbers, credit memos, each with its lines, and the comments staff chose to
// show. Loaded for every order of a page in one query each (an account's order history lists several).

export interface OrderDocuments {
  invoices: Array<SalesInvoiceTable & { items: SalesInvoiceItemTable[] }>;
  shipments: Array<SalesShipmentTable & { items: SalesShipmentItemTable[] }>;
  creditMemos: SalesCreditmemoTable[];
  comments: SalesOrderCommentTable[];
}

const loaders = new WeakMap<object, DataLoader<number, OrderDocuments>>();

/** One loader per request: `scope` is the request's context. */
export function orderDocumentsLoader(db: Kysely<Database>, scope: object): DataLoader<number, OrderDocuments> {
  let loader = loaders.get(scope);
  if (!loader) {
    loader = new DataLoader(async (orderIds: readonly number[]) => {
      const ids = [...orderIds];
      const [shipments, comments, invoices, creditMemos, invoiceItems, shipmentItems] = await Promise.all([
        db.selectFrom('sales_shipment').selectAll().where('order_id', 'in', ids).orderBy('id').execute(),
        db
          .selectFrom('sales_order_comment')
          .selectAll()
          .where('order_id', 'in', ids)
          .where('is_visible_to_customer', '=', 1)
          .orderBy('id')
          .execute(),
        db.selectFrom('sales_invoice').selectAll().where('order_id', 'in', ids).orderBy('id').execute(),
        db.selectFrom('sales_creditmemo').selectAll().where('order_id', 'in', ids).orderBy('id').execute(),
        db
          .selectFrom('sales_invoice_item')
          .selectAll()
          .where('invoice_id', 'in', db.selectFrom('sales_invoice').select('id').where('order_id', 'in', ids))
          .orderBy('line')
          .execute(),
        db
          .selectFrom('sales_shipment_item')
          .selectAll()
          .where('shipment_id', 'in', db.selectFrom('sales_shipment').select('id').where('order_id', 'in', ids))
          .orderBy('line')
          .execute(),
      ]);
      return ids.map((id) => ({
        invoices: invoices
          .filter((i) => i.order_id === id)
          .map((i) => ({ ...i, items: invoiceItems.filter((l) => l.invoice_id === i.id) })),
        shipments: shipments
          .filter((s) => s.order_id === id)
          .map((s) => ({ ...s, items: shipmentItems.filter((l) => l.shipment_id === s.id) })),
        creditMemos: creditMemos.filter((c) => c.order_id === id),
        comments: comments.filter((c) => c.order_id === id),
      }));
    });
    loaders.set(scope, loader);
  }
  return loader;
}
