// Product and category descriptions are HTML the storefront renders inside its own page. A
// hostile review found them stored and answered raw: a <meta http-equiv=refresh> sent shoppers to
// another site, an injected <style> blanked the page. Every write goes through the rich-text
// sanitiser (kernel/safeHtml.ts, the one CMS content uses): the back office, the catalog import,
// and migration 0016_safe_rich_text for rows written before, in every store view.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseConnection } from '../src/db/connection';
import { createMigrationProvider, migrateToLatest } from '../src/db/migrations';
import { importCatalogCsv } from '../src/domains/catalogTransfer/catalogImportService';
import { openShopMaintenance, type ShopMaintenance } from '../src/maintenance';
import { openShop, type GraphQLResult, type Shop } from './cartHarness';
import { createStaff, signedIn, type StaffBrowser } from './backOfficeHarness';
import { openTestDatabase, type TestDatabase } from './postgresTestDatabase';

const HOSTILE =
  '<meta http-equiv="refresh" content="0;url=https://evil.example/"><style>body{display:none}</style>' +
  '<p onclick="steal()">Soft <b>linen</b><script>alert(1)</script> <a href="javascript:alert(2)">more</a></p>';
const CLEAN = '<p>Soft <b>linen</b> <a>more</a></p>';
const SHORT_HOSTILE = '<iframe src="https://evil.example/"></iframe><em>Short</em><img src=x onerror="alert(3)">';
const SHORT_CLEAN = '<em>Short</em><img src="x">';

function ok<T = any>(result: GraphQLResult<T>): T {
  expect(result.errors).toBeUndefined();
  return result.data as T;
}

describe('writes store sanitised HTML, and the storefront answers it', () => {
  let shop: Shop;
  let staff: StaffBrowser;
  let maintenance: ShopMaintenance;

  beforeAll(async () => {
    shop = await openShop();
    await createStaff(shop, 'editor@example.com', 'staff');
    staff = (await signedIn(shop, 'editor@example.com', () => new Date())).browser;
    maintenance = await openShopMaintenance(shop.database);
  }, 60_000);
  afterAll(async () => {
    await maintenance?.close();
    await shop?.close();
  });

  const storefrontProduct = async (sku: string) =>
    ok(
      await shop.gql(
        `query($s: String!) { products(filter: { sku: { eq: $s } }) { items { description { html } short_description { html } } } }`,
        { s: sku },
      ),
    ).products.items[0];
  const storedProduct = (sku: string) =>
    shop.sql.prepare('select description, short_description from product where sku = ?').get(sku);

  it('back office: a product edit stores and answers the sanitised HTML', async () => {
    const { sku } = shop.sql
      .prepare(`select sku from product where type = 'simple' and parent_id is null and visibility = 4 limit 1`)
      .get() as { sku: string };
    const updated = ok(
      await staff.gql(
        `mutation($s: String!, $i: AdminProductInput!) { updateProduct(sku: $s, input: $i) { description shortDescription } }`,
        { s: sku, i: { description: HOSTILE, shortDescription: SHORT_HOSTILE } },
      ),
    ).updateProduct;
    expect(updated).toEqual({ description: CLEAN, shortDescription: SHORT_CLEAN });
    expect(storedProduct(sku)).toEqual({ description: CLEAN, short_description: SHORT_CLEAN });
    expect(await storefrontProduct(sku)).toEqual({
      description: { html: CLEAN },
      short_description: { html: SHORT_CLEAN },
    });
  });

  it('back office: a new product and a category, created and edited, store sanitised HTML', async () => {
    const created = ok(
      await staff.gql(
        `mutation($i: AdminNewProductInput!) { createProduct(input: $i) { sku description shortDescription } }`,
        { i: { sku: 'SAFE-NEW', name: 'Safe New', price: 12, description: HOSTILE, shortDescription: SHORT_HOSTILE } },
      ),
    ).createProduct;
    expect(created).toEqual({ sku: 'SAFE-NEW', description: CLEAN, shortDescription: SHORT_CLEAN });
    expect(storedProduct('SAFE-NEW')).toEqual({ description: CLEAN, short_description: SHORT_CLEAN });

    const { id: parentId } = shop.sql.prepare(`select id from category where level = 2 order by id limit 1`).get() as {
      id: number;
    };
    const category = ok(
      await staff.gql(`mutation($i: AdminNewCategoryInput!) { createCategory(input: $i) { id description } }`, {
        i: { parentId: String(parentId), name: 'Safe Corner', description: HOSTILE },
      }),
    ).createCategory;
    expect(category.description).toBe(CLEAN);
    const edited = ok(
      await staff.gql(
        `mutation($id: ID!, $i: AdminCategoryInput!) { updateCategory(id: $id, input: $i) { description } }`,
        {
          id: category.id,
          i: { description: `${SHORT_HOSTILE}<p>Edited</p>` },
        },
      ),
    ).updateCategory;
    expect(edited.description).toBe(`${SHORT_CLEAN}<p>Edited</p>`);
    expect(shop.sql.prepare('select description from category where id = ?').get(Number(category.id))).toEqual({
      description: `${SHORT_CLEAN}<p>Edited</p>`,
    });
    const answered = ok(
      await shop.gql(`query($id: String!) { categoryList(filters: { ids: { eq: $id } }) { description } }`, {
        id: category.id,
      }),
    ).categoryList;
    expect(answered).toEqual([{ description: `${SHORT_CLEAN}<p>Edited</p>` }]);
  });

  it('catalog import: descriptions are stored sanitised, and importing the file again changes nothing', async () => {
    const { db, searchIndex } = maintenance.connection;
    const csv = [
      'sku,product_type,name,price,description,short_description',
      `SAFE-CSV,simple,Safe Csv,9,"${HOSTILE.replaceAll('"', '""')}","${SHORT_HOSTILE.replaceAll('"', '""')}"`,
    ].join('\n');
    const run = () =>
      importCatalogCsv(db, searchIndex, Readable.from([csv]), { mediaDir: path.join(shop.dir, 'media') });
    const first = await run();
    expect(first).toMatchObject({ created: 1, rejected: [] });
    expect(storedProduct('SAFE-CSV')).toEqual({ description: CLEAN, short_description: SHORT_CLEAN });
    expect(await storefrontProduct('SAFE-CSV')).toEqual({
      description: { html: CLEAN },
      short_description: { html: SHORT_CLEAN },
    });
    expect(await run()).toMatchObject({ created: 0, updated: 0, unchanged: 1 });
  });
});

describe('0016_safe_rich_text cleans what was stored before, in every store view', () => {
  let dir: string;
  let database: TestDatabase;
  let connection: DatabaseConnection;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'vela-rich-text-migration-'));
    database = await openTestDatabase(dir);
    connection = openDatabase(database.config);
  });
  afterAll(async () => {
    await connection?.close();
    await database?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('sanitises old product, category and store-view descriptions and leaves clean ones as they are', async () => {
    const { db, searchIndex } = connection;
    const migrator = new Migrator({ db, provider: createMigrationProvider(searchIndex) });
    expect((await migrator.migrateTo('0015_catalog_import')).error).toBeUndefined();
    // Rows as a shop wrote them before the fix; 600 products, more than one page of the migration.
    for (let id = 1; id <= 600; id++) {
      const description = id % 2 === 0 ? HOSTILE : '<p>Plain &amp; simple</p>';
      await sql`INSERT INTO product (id, type, sku, name, url_key, visibility, description, short_description,
          currency, price, min_price, max_price, min_regular_price, max_regular_price, stock_qty, in_stock, position)
        VALUES (${id}, 'simple', ${`OLD-${id}`}, ${`Old ${id}`}, ${`old-${id}`}, 4, ${description}, ${SHORT_HOSTILE},
          'USD', 100, 100, 100, 100, 100, 1, 1, ${id})`.execute(db);
    }
    await sql`INSERT INTO category (id, parent_id, path, level, position, name, url_key, url_path, description)
      VALUES (1, NULL, '1', 1, 1, 'Root', 'root', '', NULL),
             (2, 1, '1/2', 2, 1, 'Old', 'old', 'old', ${HOSTILE})`.execute(db);
    await sql`INSERT INTO product_store (product_id, store_id, name, description, short_description)
      VALUES (2, 2, 'Ancien', ${HOSTILE}, NULL), (3, 2, 'Propre', '<p>Propre</p>', ${SHORT_HOSTILE})`.execute(db);
    await sql`INSERT INTO category_store (category_id, store_id, name, description)
      VALUES (2, 2, 'Ancienne', ${HOSTILE})`.execute(db);

    expect(await migrateToLatest(db, searchIndex)).toContain('0016_safe_rich_text');

    const products = await db
      .selectFrom('product')
      .select(['id', 'description', 'short_description'])
      .orderBy('id')
      .execute();
    expect(products).toHaveLength(600);
    for (const p of products) {
      expect(p.description).toBe(Number(p.id) % 2 === 0 ? CLEAN : '<p>Plain &amp; simple</p>');
      expect(p.short_description).toBe(SHORT_CLEAN);
    }
    expect(await db.selectFrom('category').select(['id', 'description']).orderBy('id').execute()).toEqual([
      { id: 1, description: null },
      { id: 2, description: CLEAN },
    ]);
    expect(
      await db
        .selectFrom('product_store')
        .select(['product_id', 'name', 'description', 'short_description'])
        .orderBy('product_id')
        .execute(),
    ).toEqual([
      { product_id: 2, name: 'Ancien', description: CLEAN, short_description: null },
      { product_id: 3, name: 'Propre', description: '<p>Propre</p>', short_description: SHORT_CLEAN },
    ]);
    expect(await db.selectFrom('category_store').select(['name', 'description']).execute()).toEqual([
      { name: 'Ancienne', description: CLEAN },
    ]);
  });
});
