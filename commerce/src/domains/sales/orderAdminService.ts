import { sql, type Kysely } from 'kysely';
import type {
  Database,
  SalesCreditmemoTable,
  SalesInvoiceItemTable,
  SalesInvoiceTable,
  SalesOrderCommentTable,
  SalesOrderItemTable,
  SalesOrderTable,
  SalesShipmentItemTable,
  SalesShipmentTable,
} from '../../db/tables';
import { inputError } from '../errors';
import { ORDER_STATUSES, type OrderStatus } from './orderStatus';

// What the back office reads about orders: the list with its search and filters, one order with
// every document, and the dashboard's figures.

export const MAX_PAGE_SIZE = 100;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export interface OrderListFilter {
  search?: string | null;
  status?: string | null;
  createdFrom?: string | null;
  createdTo?: string | null;
}

export interface AdminOrderRecord {
  order: SalesOrderTable;
  items: SalesOrderItemTable[];
  storeCode: string;
  customerEmail: string | null;
  invoices: SalesInvoiceTable[];
  invoiceItems: SalesInvoiceItemTable[];
  shipments: SalesShipmentTable[];
  shipmentItems: SalesShipmentItemTable[];
  refunds: SalesCreditmemoTable[];
  comments: SalesOrderCommentTable[];
}

export interface OrderSummaryRecord {
  order: SalesOrderTable;
  itemCount: number;
}

export function assertPaging(page: number, pageSize: number): void {
  if (!Number.isInteger(page) || page < 1) throw inputError('"page" must be a whole number, 1 or more.');
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > MAX_PAGE_SIZE)
    throw inputError(`"pageSize" must be a whole number from 1 to ${MAX_PAGE_SIZE}.`);
}

function day(label: string, value: string | null | undefined): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (!DAY.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`)))
    throw inputError(`"${label}" must be a date written YYYY-MM-DD.`);
  return value;
}

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Orders as lists show them: each with its number of items, in one query for the page. */
export async function orderSummaries(db: Kysely<Database>, orders: SalesOrderTable[]): Promise<OrderSummaryRecord[]> {
  if (orders.length === 0) return [];
  const counts = await db
    .selectFrom('sales_order_item')
    .select(['order_id', (eb) => eb.fn.sum<number>('quantity').as('n')])
    .where(
      'order_id',
      'in',
      orders.map((o) => o.id),
    )
    .groupBy('order_id')
    .execute();
  const byOrder = new Map(counts.map((c) => [c.order_id, Number(c.n)]));
  return orders.map((order) => ({ order, itemCount: byOrder.get(order.id) ?? 0 }));
}

export function createOrderAdminService(db: Kysely<Database>) {
  async function list(filter: OrderListFilter, page: number, pageSize: number) {
    assertPaging(page, pageSize);
    const search = filter.search?.trim().slice(0, 100) ?? '';
    const status = filter.status ? filter.status.toLowerCase() : null;
    if (status && !ORDER_STATUSES.includes(status as OrderStatus))
      throw inputError(`Unknown status "${filter.status}".`);
    const from = day('createdFrom', filter.createdFrom);
    const to = day('createdTo', filter.createdTo);
    if (from && to && from > to) throw inputError('"createdFrom" must not be after "createdTo".');
    let query = db.selectFrom('sales_order');
    if (status) query = query.where('status', '=', status);
    if (from) query = query.where('created_at', '>=', `${from} 00:00:00`);
    if (to) query = query.where('created_at', '<=', `${to} 23:59:59`);
    if (search) {
      const pattern = likePattern(search.toLowerCase());
      // Names live in the address JSON; a LIKE on it finds "Ada Lovelace" as typed. ESCAPE is
      // spelled out: SQLite's LIKE has no escape character unless one is named.
      query = query.where(
        sql<boolean>`(number like ${pattern} escape '\\' or lower(email) like ${pattern} escape '\\' or lower(billing_address) like ${pattern} escape '\\')`,
      );
    }
    const [rows, total] = await Promise.all([
      query
        .selectAll()
        .orderBy('id', 'desc')
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute(),
      query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { items: await withItemCounts(rows), totalCount: Number(total.n) };
  }

  const withItemCounts = (orders: SalesOrderTable[]) => orderSummaries(db, orders);

  async function load(number: string): Promise<AdminOrderRecord | null> {
    const order = await db.selectFrom('sales_order').selectAll().where('number', '=', number.trim()).executeTakeFirst();
    if (!order) return null;
    const [items, store, customer, invoices, shipments, refunds, comments, invoiceItems, shipmentItems] =
      await Promise.all([
        db.selectFrom('sales_order_item').selectAll().where('order_id', '=', order.id).orderBy('line').execute(),
        db.selectFrom('store_view').select('code').where('id', '=', order.store_id).executeTakeFirst(),
        order.customer_id === null
          ? Promise.resolve(undefined)
          : db.selectFrom('customer').select('email').where('id', '=', order.customer_id).executeTakeFirst(),
        db.selectFrom('sales_invoice').selectAll().where('order_id', '=', order.id).orderBy('id').execute(),
        db.selectFrom('sales_shipment').selectAll().where('order_id', '=', order.id).orderBy('id').execute(),
        db.selectFrom('sales_creditmemo').selectAll().where('order_id', '=', order.id).orderBy('id').execute(),
        db.selectFrom('sales_order_comment').selectAll().where('order_id', '=', order.id).orderBy('id').execute(),
        db
          .selectFrom('sales_invoice_item')
          .selectAll()
          .where('invoice_id', 'in', db.selectFrom('sales_invoice').select('id').where('order_id', '=', order.id))
          .orderBy('line')
          .execute(),
        db
          .selectFrom('sales_shipment_item')
          .selectAll()
          .where('shipment_id', 'in', db.selectFrom('sales_shipment').select('id').where('order_id', '=', order.id))
          .orderBy('line')
          .execute(),
      ]);
    return {
      order,
      items,
      storeCode: store?.code ?? 'default',
      customerEmail: customer?.email ?? null,
      invoices,
      invoiceItems,
      shipments,
      shipmentItems,
      refunds,
      comments,
    };
  }

  async function loadById(id: number): Promise<AdminOrderRecord> {
    const row = await db.selectFrom('sales_order').select('number').where('id', '=', id).executeTakeFirstOrThrow();
    return (await load(row.number))!;
  }

  async function dashboard(now: Date, lowStockThreshold = 5) {
    const today = now.toISOString().slice(0, 10);
    const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - 29));
    const firstDay = start.toISOString().slice(0, 10);
    const [recent, lowStock, awaiting, awaitingCount, base] = await Promise.all([
      db
        .selectFrom('sales_order')
        .select(['created_at', 'grand_total', 'base_to_order_rate', 'currency'])
        .where('created_at', '>=', `${firstDay} 00:00:00`)
        .where('status', '!=', 'canceled')
        .execute(),
      db
        .selectFrom('product')
        .select(['sku', 'name', 'stock_qty'])
        // Configurable parents hold no stock of their own: their variants do.
        .where('type', '=', 'simple')
        .where('stock_qty', '<=', lowStockThreshold)
        .orderBy('stock_qty')
        .orderBy('sku')
        .limit(20)
        .execute(),
      db.selectFrom('sales_order').selectAll().where('status', '=', 'processing').orderBy('id').limit(20).execute(),
      db
        .selectFrom('sales_order')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', '=', 'processing')
        .executeTakeFirstOrThrow(),
      db.selectFrom('store_config').select('value').where('key', '=', 'base_currency_code').executeTakeFirst(),
    ]);
    const baseCurrency = base?.value ?? 'USD';
    const days = new Map<string, { orders: number; revenue: number }>();
    for (let i = 0; i < 30; i++) {
      const date = new Date(start.getTime() + i * 86_400_000).toISOString().slice(0, 10);
      days.set(date, { orders: 0, revenue: 0 });
    }
    for (const order of recent) {
      const entry = days.get(order.created_at.slice(0, 10));
      if (!entry) continue;
      entry.orders += 1;
      // Revenue in the base currency, so euros and dollars add up.
      entry.revenue += Math.round(order.grand_total / (order.base_to_order_rate || 1));
    }
    const daily = [...days].map(([date, figures]) => ({ date, ...figures }));
    const sum = (entries: typeof daily) =>
      entries.reduce((acc, d) => ({ orders: acc.orders + d.orders, revenue: acc.revenue + d.revenue }), {
        orders: 0,
        revenue: 0,
      });
    return {
      baseCurrency,
      today: sum(daily.filter((d) => d.date === today)),
      last30Days: sum(daily),
      daily,
      lowStock,
      awaitingShipment: await withItemCounts(awaiting),
      awaitingShipmentCount: Number(awaitingCount.n),
    };
  }

  return { list, load, loadById, dashboard };
}

export type OrderAdminService = ReturnType<typeof createOrderAdminService>;
