// A shop whose search index was made before each store view had its own texts in it (one name
// column holding every store view's names) upgrades in place (0044_search_terms): the index is
// made again with the default name and the other store views' names apart, sku and body kept.
// Then 0052_search_store_fallback makes every document again with the other store views' texts,
// each falling back to the default store's: their descriptions are searched too.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Migrator, SqliteAdapter, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseConnection } from '../src/db/connection';
import { createMigrationProvider, migrateToLatest } from '../src/db/migrations';
import { inStoreNames } from '../src/db/searchIndex';
import { OTHER_STORE_WORDS } from '../src/db/productWords';
import type { UntypedDb } from '../src/db/untyped';
import { openTestDatabase, type TestDatabase } from './postgresTestDatabase';

let dir: string;
let database: TestDatabase;
let connection: DatabaseConnection;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'vela-search-names-migration-'));
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

/** The index as migration 0002 made it before 0044: every store view's names in `name`. */
async function makeOldIndex(db: UntypedDb): Promise<void> {
  await sql`DROP TABLE product_search`.execute(db);
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    await sql`CREATE VIRTUAL TABLE product_search USING fts5(name, sku, body, tokenize = 'unicode61 remove_diacritics 2')`.execute(
      db,
    );
    await sql`INSERT INTO product_search (rowid, name, sku, body) VALUES (7, 'Kestrel Jacket Veste Kestrel', 'JK-7', 'warm waxed cotton')`.execute(
      db,
    );
  } else {
    await sql`
      CREATE TABLE product_search (
        product_id integer PRIMARY KEY, name text NOT NULL, sku text NOT NULL, body text NOT NULL,
        document tsvector GENERATED ALWAYS AS (
          setweight(to_tsvector('simple', name), 'A') || setweight(to_tsvector('simple', sku), 'B') ||
          setweight(to_tsvector('simple', body), 'D')) STORED)`.execute(db);
    await sql`CREATE INDEX product_search_document_idx ON product_search USING gin (document)`.execute(db);
    await sql`INSERT INTO product_search (product_id, name, sku, body) VALUES (7, 'Kestrel Jacket Veste Kestrel', 'JK-7', 'warm waxed cotton')`.execute(
      db,
    );
  }
}

/** The index as 0044 made it: the other store views' names apart, no column for their descriptions. */
async function makeIndexOf0044(db: UntypedDb): Promise<void> {
  await sql`DROP TABLE product_search`.execute(db);
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    await sql`CREATE VIRTUAL TABLE product_search USING fts5(name, sku, body, names, tokenize = 'unicode61 remove_diacritics 2')`.execute(
      db,
    );
  } else {
    await sql`
      CREATE TABLE product_search (
        product_id integer PRIMARY KEY, name text NOT NULL, sku text NOT NULL, body text NOT NULL,
        names text NOT NULL DEFAULT '',
        document tsvector GENERATED ALWAYS AS (
          setweight(to_tsvector('simple', name), 'A') || setweight(to_tsvector('simple', sku), 'B') ||
          setweight(to_tsvector('simple', body), 'D')) STORED,
        store_document tsvector GENERATED ALWAYS AS (
          setweight(to_tsvector('simple', names), 'A') || setweight(to_tsvector('simple', sku), 'B')) STORED)`.execute(
      db,
    );
    await sql`CREATE INDEX product_search_document_idx ON product_search USING gin (document)`.execute(db);
    await sql`CREATE INDEX product_search_store_document_idx ON product_search USING gin (store_document)`.execute(db);
  }
}

describe('0044_search_terms on a shop with one name column for every store view', () => {
  it('makes the index again with each store view’s names apart, keeping sku and body', async () => {
    const db: UntypedDb = connection.db;
    const migrator = new Migrator({ db, provider: createMigrationProvider(connection.searchIndex) });
    expect((await migrator.migrateTo('0039_customer_groups_tier_prices')).error).toBeUndefined();
    await makeOldIndex(db);
    await insertRow(db, 'store_view', { id: 1, code: 'default' });
    await insertRow(db, 'store_view', { id: 2, code: 'fr' });
    await insertRow(db, 'product', {
      id: 7,
      sku: 'JK-7',
      name: 'Kestrel Jacket',
      description: 'warm waxed cotton',
      short_description: '',
      visibility: 4,
      status: 1,
    });
    await insertRow(db, 'product_store', { product_id: 7, store_id: 2, name: 'Veste Kestrel' });
    // Before: the English store's words reach the French name.
    const found = async (expression: string) => {
      const query = connection.searchIndex.matches(db, expression);
      return query ? (await query.execute()).map((row) => Number(row.product_id)) : [];
    };
    expect(await found('veste')).toEqual([7]);

    expect((await migrator.migrateTo('0046_cart_rule_conditions_staff_orders')).error).toBeUndefined();
    expect(await connection.searchIndex.hasStoreNames(db)).toBe(true);
    expect(await connection.searchIndex.hasStoreBody(db)).toBe(true);
    expect(await found('jacket')).toEqual([7]);
    expect(await found('waxed')).toEqual([7]);
    expect(await found('veste')).toEqual([]);
    expect(await found(inStoreNames('veste'))).toEqual([7]);
    expect(await found(inStoreNames('jacket'))).toEqual([]);
    // Both store views find it by sku.
    expect(await found(inStoreNames('jk'))).toEqual([7]);
    const tables = (await db.introspection.getTables()).map((t) => t.name);
    expect(tables).not.toContain('product_search_old');
    // The French store view has a name of its own but no description.
    expect(await found(inStoreNames('waxed'))).toEqual([]);

    await migrateToLatest(db, connection.searchIndex);
    expect(await found(inStoreNames('waxed'))).toEqual([7]);
    expect(await found(inStoreNames('veste'))).toEqual([7]);
    expect(await found(inStoreNames('jacket'))).toEqual([]);
    expect(await found('waxed')).toEqual([7]);
    // The French vocabulary counts the words the French store view searches.
    const words = await db
      .selectFrom('product_search_word')
      .select('words')
      .where('product_id', '=', 7)
      .where('kind', '=', OTHER_STORE_WORDS)
      .executeTakeFirst();
    expect(words?.words.split(' ')).toEqual(expect.arrayContaining(['veste', 'waxed']));
  });

  it('makes an index from before 0052 again with a column for the other store views’ descriptions', async () => {
    const db: UntypedDb = connection.db;
    await makeIndexOf0044(db);
    await sql`DELETE FROM kysely_migration WHERE name = '0052_search_store_fallback'`.execute(db);
    expect(await connection.searchIndex.hasStoreBody(db)).toBe(false);
    await migrateToLatest(db, connection.searchIndex);
    expect(await connection.searchIndex.hasStoreBody(db)).toBe(true);
    const query = connection.searchIndex.matches(db, inStoreNames('waxed'));
    expect((await query!.execute()).map((row) => Number(row.product_id))).toEqual([7]);
  });
});
