import { lineOptionPairs } from './orderCustomOptions';
import { orderShipsNothing } from './virtualOrders';
import type { Kysely } from 'kysely';
import type { Database, SalesOrderItemTable, SalesOrderTable } from '../../db/tables';
import { readStoreConfigValues } from '../../kernel/storeConfig';
import type { StoredAddress } from '../address';
import {
  renderSalesDocumentPdf,
  salesDocumentFileName,
  type SalesDocument,
  type SalesDocumentLine,
} from './salesDocumentPdf';
import type { SalesDocumentKind } from './salesDocumentWords';

// Reads an invoice, a shipment (as its packing slip) or a credit memo by its number and prints it
// in the language and currency of the order's store view, with the shop's name and address.

/** The store view an order was placed in, as its documents name it. */
export interface DocumentStore {
  name: string;
  locale: string;
}

export interface PrintedDocument {
  fileName: string;
  body: Buffer;
  order: SalesOrderTable;
  document: SalesDocument;
}

/** The shop's address on its documents: store_config `store_information_address`, one line per line. */
const SELLER_KEYS = ['store_information_address', 'contact_recipient_email'] as const;

function addressLines(json: string): string[] {
  const a = JSON.parse(json) as StoredAddress;
  return [
    [a.firstname, a.lastname].filter(Boolean).join(' '),
    ...(a.company ? [a.company] : []),
    ...a.street,
    [a.postcode, a.city].filter(Boolean).join(' '),
    ...(a.region ? [a.region] : []),
    a.country_name || a.country_code,
  ].filter((line) => line.trim() !== '');
}

function optionsOf(item: SalesOrderItemTable): string[] {
  return lineOptionPairs(item).map((o) => `${o.label}: ${o.value}`);
}

/** What one document lists of each ordered line; lines the order no longer has are left out. */
function linesOf(
  items: SalesOrderItemTable[],
  rows: Array<{ line: number; quantity: number; total?: number }>,
  priced: boolean,
): SalesDocumentLine[] {
  return rows.flatMap((row) => {
    const item = items.find((i) => i.line === row.line);
    if (!item) return [];
    return [
      {
        sku: item.sku,
        name: item.name,
        options: optionsOf(item),
        quantity: row.quantity,
        ...(priced ? { price: item.price, total: row.total ?? item.price * row.quantity } : {}),
      },
    ];
  });
}

export function createSalesDocuments(db: Kysely<Database>, storeOf: (storeId: number) => Promise<DocumentStore>) {
  /** The document with this number, read through `reader` (a transaction sees its own writes). */
  async function load(
    kind: SalesDocumentKind,
    number: string,
    reader: Kysely<Database> = db,
  ): Promise<{ document: SalesDocument; order: SalesOrderTable } | null> {
    const head = await findHead(kind, number.trim(), reader);
    if (!head) return null;
    const order = await reader
      .selectFrom('sales_order')
      .selectAll()
      .where('id', '=', head.order_id)
      .executeTakeFirstOrThrow();
    const [items, store, seller] = await Promise.all([
      reader.selectFrom('sales_order_item').selectAll().where('order_id', '=', order.id).orderBy('line').execute(),
      storeOf(order.store_id),
      readStoreConfigValues(reader, SELLER_KEYS),
    ]);
    const common = {
      number: head.number,
      createdAt: head.created_at,
      orderNumber: order.number,
      orderCreatedAt: order.created_at,
      seller: {
        name: store.name,
        lines: [
          ...(seller.store_information_address ?? '').split('\n').filter((l) => l.trim() !== ''),
          ...(seller.contact_recipient_email ? [seller.contact_recipient_email] : []),
        ],
      },
      billTo: addressLines(order.billing_address),
      shipTo: orderShipsNothing(order) ? [] : addressLines(order.shipping_address),
      payment: order.payment_title,
      shippingMethod: orderShipsNothing(order)
        ? ''
        : `${order.shipping_carrier_title} – ${order.shipping_method_title}`,
      currency: order.currency,
      locale: store.locale,
    };
    if (head.kind === 'invoice') {
      const rows = await reader
        .selectFrom('sales_invoice_item')
        .selectAll()
        .where('invoice_id', '=', head.id)
        .execute();
      return {
        order,
        document: {
          ...common,
          kind: 'invoice',
          lines: linesOf(
            items,
            rows.map((r) => ({ line: r.line, quantity: r.quantity, total: r.row_total })),
            true,
          ),
          totals: {
            subtotal: head.row.subtotal,
            discount: head.row.discount,
            shipping: head.row.shipping,
            tax: head.row.tax,
            grandTotal: head.row.grand_total,
          },
        },
      };
    }
    if (head.kind === 'packingSlip') {
      const rows = await reader
        .selectFrom('sales_shipment_item')
        .selectAll()
        .where('shipment_id', '=', head.id)
        .orderBy('line')
        .execute();
      return {
        order,
        document: {
          ...common,
          kind: 'packingSlip',
          tracking: `${head.row.carrier_title} ${head.row.tracking_number}`,
          lines: linesOf(items, rows, false),
        },
      };
    }
    const memo = head.row;
    const rows = JSON.parse(memo.lines) as Array<{ line: number; quantity: number; amount: number }>;
    return {
      order,
      document: {
        ...common,
        kind: 'creditMemo',
        lines: linesOf(
          items,
          rows.map((r) => ({ line: r.line, quantity: r.quantity, total: r.amount })),
          true,
        ),
        // A credit memo's line amounts already include their tax and discount (orderFulfilmentService).
        totals: {
          subtotal: memo.subtotal,
          discount: 0,
          shipping: memo.shipping,
          tax: memo.tax,
          grandTotal: memo.grand_total,
        },
      },
    };
  }

  async function print(
    kind: SalesDocumentKind,
    number: string,
    reader: Kysely<Database> = db,
  ): Promise<PrintedDocument | null> {
    const loaded = await load(kind, number, reader);
    if (!loaded) return null;
    return {
      fileName: salesDocumentFileName(kind, loaded.document.number),
      body: await renderSalesDocumentPdf(loaded.document),
      ...loaded,
    };
  }

  /** The document of an order by its id (e-mails name it by id, in the transaction that wrote it). */
  async function numberOf(kind: SalesDocumentKind, id: number, reader: Kysely<Database> = db): Promise<string> {
    const table = { invoice: 'sales_invoice', packingSlip: 'sales_shipment', creditMemo: 'sales_creditmemo' } as const;
    const row = await reader.selectFrom(table[kind]).select('number').where('id', '=', id).executeTakeFirstOrThrow();
    return row.number;
  }

  return { load, print, numberOf };
}

async function findHead(kind: SalesDocumentKind, number: string, reader: Kysely<Database>) {
  if (kind === 'invoice') {
    const row = await reader.selectFrom('sales_invoice').selectAll().where('number', '=', number).executeTakeFirst();
    return row && { kind, id: row.id, order_id: row.order_id, number: row.number, created_at: row.created_at, row };
  }
  if (kind === 'packingSlip') {
    const row = await reader.selectFrom('sales_shipment').selectAll().where('number', '=', number).executeTakeFirst();
    return row && { kind, id: row.id, order_id: row.order_id, number: row.number, created_at: row.created_at, row };
  }
  const row = await reader.selectFrom('sales_creditmemo').selectAll().where('number', '=', number).executeTakeFirst();
  return row && { kind, id: row.id, order_id: row.order_id, number: row.number, created_at: row.created_at, row };
}

export type SalesDocuments = ReturnType<typeof createSalesDocuments>;
