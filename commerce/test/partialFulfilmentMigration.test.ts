// A shop made before partial invoices and shipments upgrades in place (0027_partial_fulfilment):
// each order's one invoice and its shipment took every line whole, so they get every line, in
// full, and the invoice gets the order's totals; an order not invoiced keeps nothing invoiced.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseConnection } from '../src/db/connection';
import { createMigrationProvider, migrateToLatest } from '../src/db/migrations';
import type { UntypedDb } from '../src/db/untyped';
import { openTestDatabase, type TestDatabase } from './postgresTestDatabase';

let dir: string;
let database: TestDatabase;
let connection: DatabaseConnection;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'vela-fulfilment-migration-'));
  database = await openTestDatabase(dir);
  connection = openDatabase(database.config);
});

afterAll(async () => {
  await connection?.close();
  await database?.drop();
  rmSync(dir, { recursive: true, force: true });
});

/** A row for `table` as it is now: every required column filled, `values` on top. */
async function insertRow(db: UntypedDb, table: string, values: Record<string, unknown>): Promise<void> {
  const meta = (await db.introspection.getTables()).find((t) => t.name === table)!;
  const row: Record<string, unknown> = {};
  for (const column of meta.columns) {
    if (column.isNullable || column.hasDefaultValue) continue;
    row[column.name] = /int|real|double|numeric/i.test(column.dataType) ? 0 : 'x';
  }
  await db
    .insertInto(table)
    .values({ ...row, ...values })
    .execute();
}

describe('0027_partial_fulfilment on a shop with invoiced and shipped orders', () => {
  it('gives the old invoice and shipment every line in full, and the invoice the order’s totals', async () => {
    const db: UntypedDb = connection.db;
    const migrator = new Migrator({ db, provider: createMigrationProvider(connection.searchIndex) });
    expect((await migrator.migrateTo('0024_search_synonyms')).error).toBeUndefined();
    const totals = { subtotal: 5000, discount: 500, shipping: 700, tax: 420, grand_total: 5620 };
    for (const [id, number] of [
      [1, '000000001'],
      [2, '000000002'],
    ] as const) {
      await insertRow(db, 'sales_order', { id, number, token: `t${id}`, cart_id: `c${id}`, ...totals });
      for (const line of [1, 2])
        await insertRow(db, 'sales_order_item', { order_id: id, line, quantity: line + 1, row_total: 2500, tax: 210 });
    }
    // Order 1 was invoiced and shipped whole; order 2 is still pending.
    await insertRow(db, 'sales_invoice', { id: 1, order_id: 1, number: '000000001', grand_total: 5620 });
    await insertRow(db, 'sales_shipment', { id: 1, order_id: 1, number: '000000001-1' });

    expect(await migrateToLatest(connection.db, connection.searchIndex)).toContain('0027_partial_fulfilment');

    const invoices = await db.selectFrom('sales_invoice').selectAll().execute();
    expect(invoices).toEqual([expect.objectContaining({ id: 1, order_id: 1, number: '000000001', ...totals })]);
    expect(
      await db.selectFrom('sales_invoice_item').select(['invoice_id', 'line', 'quantity']).orderBy('line').execute(),
    ).toEqual([
      { invoice_id: 1, line: 1, quantity: 2 },
      { invoice_id: 1, line: 2, quantity: 3 },
    ]);
    expect(await db.selectFrom('sales_shipment_item').selectAll().orderBy('line').execute()).toEqual([
      { shipment_id: 1, line: 1, quantity: 2 },
      { shipment_id: 1, line: 2, quantity: 3 },
    ]);
    expect(
      await db
        .selectFrom('sales_order_item')
        .select(['order_id', 'line', 'qty_invoiced', 'qty_shipped'])
        .orderBy('order_id')
        .orderBy('line')
        .execute(),
    ).toEqual([
      { order_id: 1, line: 1, qty_invoiced: 2, qty_shipped: 2 },
      { order_id: 1, line: 2, qty_invoiced: 3, qty_shipped: 3 },
      { order_id: 2, line: 1, qty_invoiced: 0, qty_shipped: 0 },
      { order_id: 2, line: 2, qty_invoiced: 0, qty_shipped: 0 },
    ]);
    // A second invoice of an order is now allowed (order_id is no longer unique).
    await insertRow(db, 'sales_invoice', { id: 2, order_id: 1, number: '000000001-2' });
  });
});
