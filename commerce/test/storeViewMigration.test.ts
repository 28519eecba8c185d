// A shop made before store views upgrades in place: its one store becomes store view 1 with
// its own code, name, locale and currency, and its addresses, carts and orders belong to it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseConnection } from '../src/db/connection';
import { createMigrationProvider, migrateToLatest } from '../src/db/migrations';
import { openTestDatabase, type TestDatabase } from './postgresTestDatabase';

let dir: string;
let database: TestDatabase;
let connection: DatabaseConnection;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'vela-store-migration-'));
  database = await openTestDatabase(dir);
  connection = openDatabase(database.config);
});

afterAll(async () => {
  await connection?.close();
  await database?.drop();
  rmSync(dir, { recursive: true, force: true });
});

describe('0013_store_views on an existing single-store shop', () => {
  it('makes the shop store view 1 and keeps its addresses in it', async () => {
    const { db, searchIndex } = connection;
    const migrator = new Migrator({ db, provider: createMigrationProvider(searchIndex) });
    const before = await migrator.migrateTo('0012_attribute_ids');
    expect(before.error).toBeUndefined();
    await db
      .insertInto('store_config')
      .values([
        { key: 'store_code', value: 'main' },
        { key: 'store_name', value: 'Corner Shop' },
        { key: 'locale', value: 'en_GB' },
        { key: 'base_currency_code', value: 'GBP' },
        { key: 'default_display_currency_code', value: 'GBP' },
      ])
      .execute();
    // The table as it was before the migration: no store_id.
    await sql`INSERT INTO url_rewrite (id, request_path, target_path, entity_type, entity_id, redirect_type)
      VALUES (1, 'kettles.html', 'catalog/category/view/id/3', 'CATEGORY', 3, 0)`.execute(db);

    expect(await migrateToLatest(db, searchIndex)).toContain('0013_store_views');

    expect(await db.selectFrom('store_view').selectAll().execute()).toEqual([
      {
        id: 1,
        code: 'main',
        name: 'Corner Shop',
        locale: 'en_GB',
        default_display_currency_code: 'GBP',
        allowed_currency_codes: 'GBP',
        sort_order: 0,
        is_active: 1,
      },
    ]);
    expect(await db.selectFrom('currency_rate').selectAll().execute()).toEqual([
      { currency_from: 'GBP', currency_to: 'GBP', rate: 1 },
    ]);
    expect(await db.selectFrom('url_rewrite').select(['request_path', 'store_id']).execute()).toEqual([
      { request_path: 'kettles.html', store_id: 1 },
    ]);
    // The same address may now mean another page in another store, but not twice in one store.
    await sql`INSERT INTO url_rewrite (id, request_path, target_path, entity_type, entity_id, redirect_type, store_id)
        VALUES (2, 'kettles.html', 'x', 'CATEGORY', 4, 0, 2)`.execute(db);
    await expect(
      sql`INSERT INTO url_rewrite (id, request_path, target_path, entity_type, entity_id, redirect_type, store_id)
          VALUES (3, 'kettles.html', 'x', 'CATEGORY', 5, 0, 1)`.execute(db),
    ).rejects.toThrow();
  });
});
