import type { Kysely } from 'kysely';
import type { Database, SalesInvoiceTable, SalesOrderItemTable, SalesOrderTable } from '../../db/tables';
import { nextId } from '../../db/idSequence';
import { sqlTimestamp } from '../../kernel/clock';
import { invoiceTotals } from './fulfilmentQuantities';

// Writes one invoice with its lines and moves the lines' qty_invoiced, inside the caller's
// transaction, with the order and its lines already read locked. Staff invoices and the invoice
// a card capture makes (orderPayments.ts) both come through here.

/** The first invoice is numbered like the order (as before partial invoices), later ones `-2`, `-3`… */
export function invoiceNumber(orderNumber: string, earlier: number): string {
  return earlier === 0 ? orderNumber : `${orderNumber}-${earlier + 1}`;
}

export async function writeInvoice(
  trx: Kysely<Database>,
  order: SalesOrderTable,
  items: SalesOrderItemTable[],
  chosen: Array<{ item: SalesOrderItemTable; quantity: number }>,
  now: Date,
): Promise<SalesInvoiceTable> {
  const earlier = await trx
    .selectFrom('sales_invoice')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('order_id', '=', order.id)
    .executeTakeFirstOrThrow();
  const count = Number(earlier.n);
  const totals = invoiceTotals(order, items, chosen, count === 0);
  const invoice: SalesInvoiceTable = {
    id: await nextId(trx, 'sales_invoice'),
    order_id: order.id,
    number: invoiceNumber(order.number, count),
    subtotal: totals.subtotal,
    discount: totals.discount,
    shipping: totals.shipping,
    tax: totals.tax,
    grand_total: totals.grand_total,
    created_at: sqlTimestamp(now),
  };
  await trx.insertInto('sales_invoice').values(invoice).execute();
  await trx
    .insertInto('sales_invoice_item')
    .values(totals.lines.map((l) => ({ invoice_id: invoice.id, ...l })))
    .execute();
  for (const { item, quantity } of chosen) {
    await trx
      .updateTable('sales_order_item')
      .set({ qty_invoiced: item.qty_invoiced + quantity })
      .where('order_id', '=', order.id)
      .where('line', '=', item.line)
      .execute();
  }
  return invoice;
}
