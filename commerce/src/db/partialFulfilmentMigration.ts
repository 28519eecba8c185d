import type { Migration } from 'kysely';
import type { UntypedDb } from './untyped';

// Partial invoices and shipments, as Magento keeps them (sales_invoice_item, sales_shipment_item
// and the qty_invoiced / qty_shipped of each ordered line): an order may now have several
// invoices, each with its own lines and totals, and several shipments, each with its lines.
// Orders invoiced or shipped before this migration were invoiced and shipped whole: their one
// invoice and their shipment get every line, in full.
export function partialFulfilmentMigration(): Migration {
  return {
    async up(db: UntypedDb) {
      for (const column of ['qty_invoiced', 'qty_shipped']) {
        await db.schema
          .alterTable('sales_order_item')
          .addColumn(column, 'integer', (c) => c.notNull().defaultTo(0))
          .execute();
      }

      // sales_invoice.order_id was unique (one invoice per order). Neither engine drops such a
      // constraint the same way, so the table is rebuilt, with each invoice's own totals.
      await db.schema
        .createTable('sales_invoice_v2')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('order_id', 'integer', (c) => c.notNull())
        .addColumn('number', 'text', (c) => c.notNull().unique())
        .addColumn('subtotal', 'integer', (c) => c.notNull())
        .addColumn('discount', 'integer', (c) => c.notNull())
        .addColumn('shipping', 'integer', (c) => c.notNull())
        .addColumn('tax', 'integer', (c) => c.notNull())
        .addColumn('grand_total', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db
        .insertInto('sales_invoice_v2')
        .columns(['id', 'order_id', 'number', 'subtotal', 'discount', 'shipping', 'tax', 'grand_total', 'created_at'])
        .expression(
          db
            .selectFrom('sales_invoice as i')
            .innerJoin('sales_order as o', 'o.id', 'i.order_id')
            .select([
              'i.id',
              'i.order_id',
              'i.number',
              'o.subtotal',
              'o.discount',
              'o.shipping',
              'o.tax',
              'i.grand_total',
              'i.created_at',
            ]),
        )
        .execute();
      await db.schema.dropTable('sales_invoice').execute();
      await db.schema.alterTable('sales_invoice_v2').renameTo('sales_invoice').execute();
      await db.schema.createIndex('sales_invoice_order_idx').on('sales_invoice').column('order_id').execute();

      await db.schema
        .createTable('sales_invoice_item')
        .addColumn('invoice_id', 'integer', (c) => c.notNull())
        .addColumn('line', 'integer', (c) => c.notNull())
        .addColumn('quantity', 'integer', (c) => c.notNull())
        .addColumn('row_total', 'integer', (c) => c.notNull())
        .addColumn('discount', 'integer', (c) => c.notNull())
        .addColumn('tax', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('sales_invoice_item_pk', ['invoice_id', 'line'])
        .execute();
      await db.schema
        .createTable('sales_shipment_item')
        .addColumn('shipment_id', 'integer', (c) => c.notNull())
        .addColumn('line', 'integer', (c) => c.notNull())
        .addColumn('quantity', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('sales_shipment_item_pk', ['shipment_id', 'line'])
        .execute();

      await db
        .insertInto('sales_invoice_item')
        .columns(['invoice_id', 'line', 'quantity', 'row_total', 'discount', 'tax'])
        .expression(
          db
            .selectFrom('sales_invoice as i')
            .innerJoin('sales_order_item as oi', 'oi.order_id', 'i.order_id')
            .select(['i.id', 'oi.line', 'oi.quantity', 'oi.row_total', 'oi.discount', 'oi.tax']),
        )
        .execute();
      await db
        .insertInto('sales_shipment_item')
        .columns(['shipment_id', 'line', 'quantity'])
        .expression(
          db
            .selectFrom('sales_shipment as s')
            .innerJoin('sales_order_item as oi', 'oi.order_id', 's.order_id')
            .select(['s.id', 'oi.line', 'oi.quantity']),
        )
        .execute();
      await db
        .updateTable('sales_order_item')
        .set((eb) => ({ qty_invoiced: eb.ref('quantity') }))
        .where('order_id', 'in', db.selectFrom('sales_invoice').select('order_id'))
        .execute();
      await db
        .updateTable('sales_order_item')
        .set((eb) => ({ qty_shipped: eb.ref('quantity') }))
        .where('order_id', 'in', db.selectFrom('sales_shipment').select('order_id'))
        .execute();
    },
  };
}
