import type { Writable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { Kysely } from 'kysely';
import type { Database, SalesOrderTable } from '../../db/tables';
import { minorDigits, toMajor } from '../../kernel/money';
import { neutraliseCell } from '../catalogTransfer';
import { inputError } from '../errors';
import { createOrderAdminService, type OrderSummaryRecord } from '../sales';
import {
  MAX_REPORT_PAGE_SIZE,
  runReport,
  type ReportCell,
  type ReportRequest,
  type ReportTable,
} from './reportService';

// Reports and the order list as CSV files (csv-stringify, as the catalog export). Text a shopper or
// a merchant typed (search words, product names, e-mail addresses) goes out neutralised: a cell
// that would run as a spreadsheet formula starts with a quote (catalogTransfer/csvFormulaCells.ts).
// Amounts are written in major units with the currency's decimals (12.50), never as cents.

/** How many rows one file may carry: past it the export asks for a narrower filter. */
export const MAX_EXPORT_ROWS = 10_000;

const HEADINGS: Record<string, string> = {
  period: 'Period',
  orders: 'Orders',
  canceled: 'Canceled orders',
  items: 'Items',
  subtotal: 'Subtotal',
  discount: 'Discount',
  tax: 'Tax',
  shipping: 'Shipping',
  refunded: 'Refunded',
  revenue: 'Revenue',
  sku: 'SKU',
  name: 'Name',
  quantity: 'Quantity',
  category: 'Category',
  code: 'Coupon code',
  uses: 'Uses',
  query: 'Search query',
  storeView: 'Store view',
  searches: 'Searches',
  lastSearched: 'Last searched',
};

function amount(minorUnits: number, currency: string): string {
  return toMajor(minorUnits, currency).toFixed(minorDigits(currency));
}

function reportCells(table: ReportTable, row: readonly ReportCell[]): string[] {
  return row.map((cell, i) =>
    table.columns[i]?.kind === 'money'
      ? amount(Number(cell), table.baseCurrency)
      : typeof cell === 'number'
        ? String(cell)
        : neutraliseCell(cell),
  );
}

async function writeRows(out: Writable, rows: AsyncIterable<string[]>): Promise<void> {
  const csv = stringify();
  csv.pipe(out);
  try {
    for await (const row of rows) {
      if (!csv.write(row)) await new Promise((resolve) => csv.once('drain', resolve));
    }
  } finally {
    csv.end();
  }
  await new Promise<void>((resolve, reject) => {
    out.once('finish', resolve);
    out.once('error', reject);
  });
}

/** Writes a CSV file once the request has been checked: a refusal comes before the first byte. */
export type CsvWriter = (out: Writable) => Promise<void>;

/** The whole report (every page) with a heading line and, for sales, a totals line. */
export async function reportCsv(db: Kysely<Database>, request: ReportRequest): Promise<CsvWriter> {
  const first = await runReport(db, { ...request, page: 1, pageSize: MAX_REPORT_PAGE_SIZE });
  if (first.totalCount > MAX_EXPORT_ROWS)
    throw inputError(`The report has ${first.totalCount} rows; an export carries at most ${MAX_EXPORT_ROWS}.`);
  async function* rows() {
    yield [...first.columns.map((c) => HEADINGS[c.key] ?? c.key), `Amounts in ${first.baseCurrency}`];
    let table = first;
    for (let page = 1; ;) {
      for (const row of table.rows) yield reportCells(table, row);
      if (page * MAX_REPORT_PAGE_SIZE >= table.totalCount || request.kind === 'sales') break;
      page += 1;
      table = await runReport(db, { ...request, page, pageSize: MAX_REPORT_PAGE_SIZE });
    }
    if (first.totals) yield reportCells(first, ['Total', ...first.totals.slice(1)]);
  }
  return (out) => writeRows(out, rows());
}

export interface OrderExportFilter {
  search?: string | null;
  status?: string | null;
  createdFrom?: string | null;
  createdTo?: string | null;
}

const ORDER_HEADINGS = [
  'Order',
  'Placed at (UTC)',
  'Status',
  'E-mail',
  'Bill-to name',
  'Items',
  'Currency',
  'Subtotal',
  'Discount',
  'Shipping',
  'Tax',
  'Grand total',
  'Paid',
  'Refunded',
  'Coupon code',
  'Payment method',
  'Shipping method',
];

function billToName(order: SalesOrderTable): string {
  try {
    const address = JSON.parse(order.billing_address) as { firstname?: unknown; lastname?: unknown } | null;
    return [address?.firstname, address?.lastname].filter((p) => typeof p === 'string' && p).join(' ');
  } catch {
    return '';
  }
}

function orderCells({ order, itemCount }: OrderSummaryRecord): string[] {
  const money = (minorUnits: number) => amount(minorUnits, order.currency);
  return [
    order.number,
    order.created_at,
    order.status,
    neutraliseCell(order.email),
    neutraliseCell(billToName(order)),
    String(itemCount),
    order.currency,
    money(order.subtotal),
    money(order.discount),
    money(order.shipping),
    money(order.tax),
    money(order.grand_total),
    money(order.total_paid),
    money(order.total_refunded),
    neutraliseCell(order.coupon_code ?? ''),
    neutraliseCell(order.payment_title),
    neutraliseCell([order.shipping_carrier_title, order.shipping_method_title].filter(Boolean).join(' — ')),
  ];
}

/** The orders the list shows for the same filter, newest first, a page of the list at a time. */
export async function ordersCsv(db: Kysely<Database>, filter: OrderExportFilter): Promise<CsvWriter> {
  const orders = createOrderAdminService(db);
  const pageSize = 100;
  const first = await orders.list(filter, 1, pageSize);
  if (first.totalCount > MAX_EXPORT_ROWS)
    throw inputError(
      `${first.totalCount} orders match; an export carries at most ${MAX_EXPORT_ROWS}. Narrow the dates or the status.`,
    );
  async function* rows() {
    yield ORDER_HEADINGS;
    let page = first;
    for (let n = 1; ;) {
      for (const record of page.items) yield orderCells(record);
      if (n * pageSize >= first.totalCount) break;
      n += 1;
      page = await orders.list(filter, n, pageSize);
    }
  }
  return (out) => writeRows(out, rows());
}
