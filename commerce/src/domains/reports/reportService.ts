import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/tables';
import { baseCurrencyCode, readStoreConfigValue, writeStoreConfigValue } from '../../kernel/storeConfig';
import { inWriteTransaction } from '../../kernel/transaction';
import { recordAudit, type Actor } from '../audit';
import { inputError } from '../errors';
import { assertTimeZone, periodBuckets, reportRange, type PeriodBucket, type ReportPeriod } from './reportPeriods';

// The merchant's reports, each one aggregate query per database round (SQLite and PostgreSQL run
// the same SQL and must agree), bounded by the range (reportPeriods.ts) and by pages, so a big
// shop's report never reads the whole order table into the process. Amounts are summed in the
// base currency (an order's amount divided by its base-to-order rate) and rounded once, at the end.
// Canceled orders count nowhere but in their own column: nothing was sold.

export type ReportKind = 'sales' | 'products' | 'categories' | 'coupons' | 'searches' | 'lowStock';
export const REPORT_KINDS: readonly ReportKind[] = [
  'sales',
  'products',
  'categories',
  'coupons',
  'searches',
  'lowStock',
];

export type ReportColumnKind = 'text' | 'count' | 'money';
export interface ReportColumn {
  key: string;
  kind: ReportColumnKind;
}
export type ReportCell = string | number;

export interface ReportTable {
  kind: ReportKind;
  columns: ReportColumn[];
  /** Money cells are minor units of the base currency. */
  rows: ReportCell[][];
  totals: ReportCell[] | null;
  baseCurrency: string;
  timeZone: string;
  totalCount: number;
  page: number;
  pageSize: number;
}

export interface ReportRequest {
  kind: ReportKind;
  from: string;
  to: string;
  period?: ReportPeriod;
  storeId?: number | null;
  page?: number;
  pageSize?: number;
}

/** Magento's "Notify for Quantity Below" setting, the low-stock report's threshold. */
export const LOW_STOCK_SETTING = 'cataloginventory/item_options/notify_stock_qty';
export const DEFAULT_LOW_STOCK_THRESHOLD = 5;
export const MAX_REPORT_PAGE_SIZE = 1000;

const num = (value: unknown): number => Number(value ?? 0);
const minor = (value: unknown): number => Math.round(num(value));

export async function shopTimeZone(db: Kysely<Database>): Promise<string> {
  return assertTimeZone((await readStoreConfigValue(db, 'timezone')) ?? 'UTC');
}

export async function lowStockThreshold(db: Kysely<Database>): Promise<number> {
  const stored = Number(await readStoreConfigValue(db, LOW_STOCK_SETTING));
  return Number.isFinite(stored) && stored >= 0 ? stored : DEFAULT_LOW_STOCK_THRESHOLD;
}

/** The periods as a table the queries join: (idx, start_at, end_at), a row per period. */
function bucketTable(buckets: readonly PeriodBucket[]): RawBuilder<unknown> {
  return sql`b(idx, start_at, end_at) AS (VALUES ${sql.join(
    buckets.map((b) => sql`(CAST(${b.index} AS integer), CAST(${b.start} AS text), CAST(${b.end} AS text))`),
  )})`;
}

function storeFilter(storeId: number | null | undefined, column: RawBuilder<unknown>): RawBuilder<unknown> {
  return storeId == null ? sql`` : sql` AND ${column} = ${storeId}`;
}

type SalesRow = Record<string, unknown> & { idx: unknown };

async function salesReport(db: Kysely<Database>, request: ReportRequest, timeZone: string) {
  const buckets = periodBuckets(request.from, request.to, request.period ?? 'day', timeZone);
  const table = bucketTable(buckets);
  const store = storeFilter(request.storeId, sql`o.store_id`);
  const [orders, items, refunds] = await Promise.all([
    sql<SalesRow>`WITH ${table}
      SELECT b.idx AS idx,
        SUM(CASE WHEN o.status <> 'canceled' THEN 1 ELSE 0 END) AS orders,
        SUM(CASE WHEN o.status = 'canceled' THEN 1 ELSE 0 END) AS canceled,
        SUM(CASE WHEN o.status <> 'canceled' THEN o.subtotal / o.base_to_order_rate ELSE 0 END) AS subtotal,
        SUM(CASE WHEN o.status <> 'canceled' THEN o.discount / o.base_to_order_rate ELSE 0 END) AS discount,
        SUM(CASE WHEN o.status <> 'canceled' THEN o.tax / o.base_to_order_rate ELSE 0 END) AS tax,
        SUM(CASE WHEN o.status <> 'canceled' THEN o.shipping / o.base_to_order_rate ELSE 0 END) AS shipping,
        SUM(CASE WHEN o.status <> 'canceled' THEN o.grand_total / o.base_to_order_rate ELSE 0 END) AS revenue
      FROM b JOIN sales_order o ON o.created_at >= b.start_at AND o.created_at < b.end_at
      WHERE 1 = 1${store}
      GROUP BY b.idx`.execute(db),
    sql<SalesRow>`WITH ${table}
      SELECT b.idx AS idx, SUM(i.quantity) AS items
      FROM b JOIN sales_order o ON o.created_at >= b.start_at AND o.created_at < b.end_at
        JOIN sales_order_item i ON i.order_id = o.id
      WHERE o.status <> 'canceled'${store}
      GROUP BY b.idx`.execute(db),
    // Refunds fall in the period they were made in, whenever the order was placed.
    sql<SalesRow>`WITH ${table}
      SELECT b.idx AS idx, SUM(c.grand_total / o.base_to_order_rate) AS refunded
      FROM b JOIN sales_creditmemo c ON c.created_at >= b.start_at AND c.created_at < b.end_at
        JOIN sales_order o ON o.id = c.order_id
      WHERE 1 = 1${store}
      GROUP BY b.idx`.execute(db),
  ]);
  const keys = ['orders', 'canceled', 'items', 'subtotal', 'discount', 'tax', 'shipping', 'refunded', 'revenue'];
  const byIndex = new Map<number, Record<string, number>>();
  for (const row of [...orders.rows, ...items.rows, ...refunds.rows]) {
    const entry = byIndex.get(num(row.idx)) ?? {};
    for (const key of keys) if (key in row) entry[key] = num(row[key]);
    byIndex.set(num(row.idx), entry);
  }
  const totals: Record<string, number> = {};
  const rows = buckets.map((bucket) => {
    const figures = byIndex.get(bucket.index) ?? {};
    for (const key of keys) totals[key] = (totals[key] ?? 0) + (figures[key] ?? 0);
    return [bucket.label, ...keys.map((key) => minor(figures[key]))];
  });
  return {
    columns: [
      { key: 'period', kind: 'text' as const },
      ...keys.map((key) => ({
        key,
        kind: ['orders', 'canceled', 'items'].includes(key) ? ('count' as const) : ('money' as const),
      })),
    ],
    rows,
    totals: ['', ...keys.map((key) => minor(totals[key]))],
    totalCount: rows.length,
  };
}

interface Paging {
  limit: number;
  offset: number;
}

function rangeOf(request: ReportRequest, timeZone: string) {
  return reportRange(request.from, request.to, timeZone);
}

async function productsReport(db: Kysely<Database>, request: ReportRequest, timeZone: string, paging: Paging) {
  const range = rangeOf(request, timeZone);
  const store = storeFilter(request.storeId, sql`o.store_id`);
  const from = sql`FROM sales_order_item i JOIN sales_order o ON o.id = i.order_id
    WHERE o.status <> 'canceled' AND o.created_at >= ${range.start} AND o.created_at < ${range.end}${store}`;
  const [rows, count] = await Promise.all([
    sql<Record<string, unknown>>`SELECT i.sku AS sku, MAX(i.name) AS name, SUM(i.quantity) AS quantity,
        COUNT(DISTINCT o.id) AS orders, SUM((i.row_total - i.discount) / o.base_to_order_rate) AS revenue
      ${from} GROUP BY i.sku ORDER BY SUM(i.quantity) DESC, i.sku LIMIT ${paging.limit} OFFSET ${paging.offset}`.execute(
      db,
    ),
    sql<{ n: unknown }>`SELECT COUNT(DISTINCT i.sku) AS n ${from}`.execute(db),
  ]);
  return {
    columns: [
      { key: 'sku', kind: 'text' as const },
      { key: 'name', kind: 'text' as const },
      { key: 'quantity', kind: 'count' as const },
      { key: 'orders', kind: 'count' as const },
      { key: 'revenue', kind: 'money' as const },
    ],
    rows: rows.rows.map((r) => [String(r.sku), String(r.name), num(r.quantity), num(r.orders), minor(r.revenue)]),
    totals: null,
    totalCount: num(count.rows[0]?.n),
  };
}

async function categoriesReport(db: Kysely<Database>, request: ReportRequest, timeZone: string, paging: Paging) {
  const range = rangeOf(request, timeZone);
  const store = storeFilter(request.storeId, sql`o.store_id`);
  // A line counts in every category its product is in (as in Magento); the catalog's roots are no category.
  const from = sql`FROM sales_order_item i JOIN sales_order o ON o.id = i.order_id
      JOIN category_product cp ON cp.product_id = i.product_id
      JOIN category c ON c.id = cp.category_id
    WHERE c.level > 1 AND o.status <> 'canceled' AND o.created_at >= ${range.start} AND o.created_at < ${range.end}${store}`;
  const [rows, count] = await Promise.all([
    sql<Record<string, unknown>>`SELECT c.id AS id, MAX(c.name) AS name, SUM(i.quantity) AS quantity,
        COUNT(DISTINCT o.id) AS orders, SUM((i.row_total - i.discount) / o.base_to_order_rate) AS revenue
      ${from} GROUP BY c.id ORDER BY SUM(i.quantity) DESC, c.id LIMIT ${paging.limit} OFFSET ${paging.offset}`.execute(
      db,
    ),
    sql<{ n: unknown }>`SELECT COUNT(DISTINCT c.id) AS n ${from}`.execute(db),
  ]);
  return {
    columns: [
      { key: 'category', kind: 'text' as const },
      { key: 'quantity', kind: 'count' as const },
      { key: 'orders', kind: 'count' as const },
      { key: 'revenue', kind: 'money' as const },
    ],
    rows: rows.rows.map((r) => [String(r.name), num(r.quantity), num(r.orders), minor(r.revenue)]),
    totals: null,
    totalCount: num(count.rows[0]?.n),
  };
}

async function couponsReport(db: Kysely<Database>, request: ReportRequest, timeZone: string, paging: Paging) {
  const range = rangeOf(request, timeZone);
  const store = storeFilter(request.storeId, sql`o.store_id`);
  const from = sql`FROM sales_order o WHERE o.coupon_code IS NOT NULL AND o.status <> 'canceled'
    AND o.created_at >= ${range.start} AND o.created_at < ${range.end}${store}`;
  const [rows, count] = await Promise.all([
    sql<Record<string, unknown>>`SELECT UPPER(o.coupon_code) AS code, COUNT(*) AS uses,
        SUM(o.discount / o.base_to_order_rate) AS discount, SUM(o.grand_total / o.base_to_order_rate) AS revenue
      ${from} GROUP BY UPPER(o.coupon_code) ORDER BY COUNT(*) DESC, UPPER(o.coupon_code)
      LIMIT ${paging.limit} OFFSET ${paging.offset}`.execute(db),
    sql<{ n: unknown }>`SELECT COUNT(DISTINCT UPPER(o.coupon_code)) AS n ${from}`.execute(db),
  ]);
  return {
    columns: [
      { key: 'code', kind: 'text' as const },
      { key: 'uses', kind: 'count' as const },
      { key: 'discount', kind: 'money' as const },
      { key: 'revenue', kind: 'money' as const },
    ],
    rows: rows.rows.map((r) => [String(r.code), num(r.uses), minor(r.discount), minor(r.revenue)]),
    totals: null,
    totalCount: num(count.rows[0]?.n),
  };
}

/** search_query stamps ISO instants ('…T…Z'); the range's bounds in the same spelling. */
const isoBound = (stamp: string) => `${stamp.replace(' ', 'T')}.000Z`;

async function searchesReport(db: Kysely<Database>, request: ReportRequest, timeZone: string, paging: Paging) {
  const range = rangeOf(request, timeZone);
  let query = db
    .selectFrom('search_query as q')
    .innerJoin('store_view as s', 's.id', 'q.store_id')
    .where('q.num_results', '=', 0)
    .where('q.updated_at', '>=', isoBound(range.start))
    .where('q.updated_at', '<', isoBound(range.end));
  if (request.storeId != null) query = query.where('q.store_id', '=', request.storeId);
  const [rows, count] = await Promise.all([
    query
      .select(['q.query_text', 's.code', 'q.popularity', 'q.updated_at'])
      .orderBy('q.popularity', 'desc')
      .orderBy('q.query_text')
      .orderBy('q.store_id')
      .limit(paging.limit)
      .offset(paging.offset)
      .execute(),
    query.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst(),
  ]);
  return {
    columns: [
      { key: 'query', kind: 'text' as const },
      { key: 'storeView', kind: 'text' as const },
      { key: 'searches', kind: 'count' as const },
      { key: 'lastSearched', kind: 'text' as const },
    ],
    rows: rows.map((r) => [r.query_text, r.code, num(r.popularity), r.updated_at]),
    totals: null,
    totalCount: num(count?.n),
  };
}

async function lowStockReport(db: Kysely<Database>, paging: Paging) {
  const threshold = await lowStockThreshold(db);
  // Configurable, bundle and grouped products hold no stock of their own: their parts do.
  const query = db
    .selectFrom('product')
    .where('type', 'in', ['simple', 'virtual', 'downloadable'])
    .where('stock_qty', '<=', threshold);
  const [rows, count] = await Promise.all([
    query
      .select(['sku', 'name', 'stock_qty'])
      .orderBy('stock_qty')
      .orderBy('sku')
      .limit(paging.limit)
      .offset(paging.offset)
      .execute(),
    query.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst(),
  ]);
  return {
    columns: [
      { key: 'sku', kind: 'text' as const },
      { key: 'name', kind: 'text' as const },
      { key: 'quantity', kind: 'count' as const },
    ],
    rows: rows.map((r) => [r.sku, r.name, num(r.stock_qty)]),
    totals: null,
    totalCount: num(count?.n),
  };
}

export function parseReportKind(kind: string): ReportKind {
  const found = REPORT_KINDS.find((k) => k === kind);
  if (!found) throw inputError(`Unknown report "${kind}": use ${REPORT_KINDS.join(', ')}.`);
  return found;
}

export async function runReport(db: Kysely<Database>, request: ReportRequest): Promise<ReportTable> {
  const page = request.page ?? 1;
  const pageSize = request.pageSize ?? 50;
  if (!Number.isInteger(page) || page < 1) throw inputError('"page" must be a whole number, 1 or more.');
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > MAX_REPORT_PAGE_SIZE)
    throw inputError(`"pageSize" must be a whole number from 1 to ${MAX_REPORT_PAGE_SIZE}.`);
  if (request.storeId != null && (!Number.isSafeInteger(request.storeId) || request.storeId < 0))
    throw inputError('"storeViewId" is not a store view.');
  const [timeZone, baseCurrency] = await Promise.all([shopTimeZone(db), baseCurrencyCode(db)]);
  const paging = { limit: pageSize, offset: (page - 1) * pageSize };
  const body =
    request.kind === 'sales'
      ? await salesReport(db, request, timeZone)
      : request.kind === 'products'
        ? await productsReport(db, request, timeZone, paging)
        : request.kind === 'categories'
          ? await categoriesReport(db, request, timeZone, paging)
          : request.kind === 'coupons'
            ? await couponsReport(db, request, timeZone, paging)
            : request.kind === 'searches'
              ? await searchesReport(db, request, timeZone, paging)
              : await lowStockReport(db, paging);
  // The sales report has a row per period, all of them on its one page.
  const paged = request.kind !== 'sales';
  return {
    kind: request.kind,
    ...body,
    baseCurrency,
    timeZone,
    page: paged ? page : 1,
    pageSize: paged ? pageSize : body.rows.length,
  };
}

export const MAX_LOW_STOCK_THRESHOLD = 100_000;

/** The owner's setting for the low-stock report, recorded in the audit log with its old value. */
export async function setLowStockThreshold(
  db: Kysely<Database>,
  threshold: number,
  actor: Actor,
  now: Date,
): Promise<number> {
  if (!Number.isInteger(threshold) || threshold < 0 || threshold > MAX_LOW_STOCK_THRESHOLD)
    throw inputError(`The threshold must be a whole number from 0 to ${MAX_LOW_STOCK_THRESHOLD}.`);
  return inWriteTransaction(db, { actor }, async ({ db: trx }) => {
    const before = await lowStockThreshold(trx);
    await writeStoreConfigValue(trx, LOW_STOCK_SETTING, String(threshold));
    await recordAudit(
      trx,
      actor,
      {
        action: 'settings.low_stock_threshold',
        entityType: 'store_config',
        entityId: LOW_STOCK_SETTING,
        before: { threshold: before },
        after: { threshold },
      },
      now,
    );
    return threshold;
  });
}
