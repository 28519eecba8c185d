// The importer reads Magento's files with Magento's meaning (issue 32): Magento's own fixtures and
// small files written for one rule each, imported into an empty shop and read back from the
// database and the storefront's API.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCommerce, type Commerce } from '../src/commerce';
import { openShopMaintenance, type ShopMaintenance } from '../src/maintenance';
import { importCatalogCsv, type CatalogImportReport } from '../src/domains/catalogTransfer/catalogImportService';
import { openTestDatabase, type TestDatabase } from './postgresTestDatabase';
import { MAGENTO_FIXTURES_DIR, writeMagentoImages } from './magentoImportFixtures';

let dir: string;
let database: TestDatabase;
let commerce: Commerce;
let maintenance: ShopMaintenance;
let images: string;

const fixture = (name: string) => readFileSync(path.join(MAGENTO_FIXTURES_DIR, name), 'utf8');

function importCsv(csv: string): Promise<CatalogImportReport> {
  const { db, searchIndex } = maintenance.connection;
  return importCatalogCsv(db, searchIndex, Readable.from([csv]), {
    mediaDir: path.join(dir, 'media'),
    imagesDir: images,
  });
}

async function gql(query: string, store?: string): Promise<any> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (store) headers.store = store;
  const response = await commerce.fetch(
    new Request('http://localhost/graphql', { method: 'POST', headers, body: JSON.stringify({ query }) }),
  );
  const body = (await response.json()) as { data?: unknown; errors?: unknown };
  expect(body.errors).toBeUndefined();
  return body.data;
}

async function product(sku: string) {
  return maintenance.connection.db.selectFrom('product').selectAll().where('sku', '=', sku).executeTakeFirstOrThrow();
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'vela-import-fidelity-'));
  images = path.join(dir, 'images');
  await writeMagentoImages(images);
  database = await openTestDatabase(dir);
  commerce = await createCommerce({ ...database.config, seedDemo: false, log: () => {} });
  maintenance = await openShopMaintenance(database.config);
  // Magento's fixtures name a second store view, as its tests create one first.
  await maintenance.connection.db
    .insertInto('store_view')
    .values({
      id: 2,
      code: 'fixturestore',
      name: 'Fixture Store',
      locale: 'fr_FR',
      default_display_currency_code: 'USD',
      allowed_currency_codes: 'USD',
      sort_order: 1,
      is_active: 1,
    })
    .execute();
}, 60_000);

afterAll(async () => {
  await maintenance?.close();
  await commerce?.close();
  await database?.drop();
  rmSync(dir, { recursive: true, force: true });
});

describe('categories as Magento writes them', () => {
  it('reads an escaped slash as part of a name, below the shop root "Default Category"', async () => {
    const report = await importCsv(fixture('CatalogImportExport/import_new_categories_default_separator.csv'));
    expect(report).toMatchObject({ created: 1, rejectedCount: 0 });
    const names = await maintenance.connection.db
      .selectFrom('category_product as l')
      .innerJoin('category as c', 'c.id', 'l.category_id')
      .innerJoin('product as p', 'p.id', 'l.product_id')
      .select(['c.name', 'c.parent_id'])
      .where('p.sku', '=', 'simple1')
      .orderBy('c.name')
      .execute();
    expect(names).toEqual([
      { name: 'Category 1', parent_id: 2 },
      { name: 'Category/ 2', parent_id: 2 },
    ]);
  });

  it('takes the root alone, and refuses a second root by column with a reason', async () => {
    const report = await importCsv(
      'sku,product_type,name,price,categories\nROOT-1,simple,In the root,10,Default Category\nROOT-2,simple,Elsewhere,10,Root Catalog/Shoes\n',
    );
    expect(report.created).toBe(1);
    expect(report.rejected).toEqual([
      {
        row: 3,
        sku: 'ROOT-2',
        reason: expect.stringMatching(
          /^categories: "Root Catalog\/Shoes" starts at "Root Catalog", which is not a root category of this shop \("Default Category"\)/,
        ),
      },
    ]);
  });
});

describe('additional_attributes as Magento reads them', () => {
  it('keeps JSON and HTML with commas and quotes as one value', async () => {
    const report = await importCsv(
      fixture('CatalogImportExport/products_to_import_with_json_and_markup_attributes.csv'),
    );
    expect(report).toMatchObject({ created: 2, rejectedCount: 0 });
    const labels = await maintenance.connection.db
      .selectFrom('attribute_option')
      .select('label')
      .where('attribute_code', '=', 'text_attribute')
      .orderBy('label')
      .execute();
    expect(labels.map((l) => l.label)).toEqual([
      '<div data-content>Element type is basic, measured in inches (marked with sign (\\")) with size 1.5\\", mid-price range</div>',
      '{"type": "basic", "unit": "inch", "sign": "(\\")", "size": "1.5\\""}',
    ]);
  });

  it("reads wrapped values (fields enclosure) and leaves Magento's computed attributes alone", async () => {
    const report = await importCsv(fixture('CatalogImportExport/products_to_import_with_additional_attributes.csv'));
    // simple1 is there already (the category test made it): updated, with the attributes.
    expect(report).toMatchObject({ created: 1, updated: 1, rejectedCount: 0 });
    const options = await maintenance.connection.db
      .selectFrom('attribute_option')
      .select(['attribute_code', 'label'])
      .where('attribute_code', 'in', ['multiselect_attribute'])
      .orderBy('label')
      .execute();
    expect(new Set(options.map((o) => o.label))).toEqual(
      new Set(['Opt|,=ion 1', 'Opt||,ion 2', 'Option 3 "!@#$%^&*, "|"']),
    );

    const configurable = await importCsv(fixture('ConfigurableImportExport/import_configurable.csv'));
    expect(configurable).toMatchObject({ created: 3, rejectedCount: 0 });
    const codes = await maintenance.connection.db.selectFrom('attribute').select(['code', 'label']).execute();
    expect(codes.map((c) => c.code)).not.toContain('quantity_and_stock_status');
    expect(codes.map((c) => c.code)).not.toContain('has_options');
    // The variants come first (Magento's order) and create the attribute; the configurable row's
    // configurable_variation_labels then names it.
    expect(codes.find((c) => c.code === 'test_configurable')?.label).toBe('test_configurable');
  });
});

describe('the kinds of the attributes a file creates', () => {
  it('makes Yes/No attributes (new=0, sale=1) and text not filters; option-like values filterable selects', async () => {
    const report = await importCsv(
      'sku,product_type,name,price,additional_attributes\nKIND-1,simple,Kinds,10,"new=0,sale=1,care_note=<p>Wash cold, hang dry</p>,fabric=Cotton"\n',
    );
    expect(report).toMatchObject({ created: 1, rejectedCount: 0 });
    const attributes = await maintenance.connection.db
      .selectFrom('attribute')
      .select(['code', 'input', 'is_filterable'])
      .where('code', 'in', ['new', 'sale', 'care_note', 'fabric'])
      .orderBy('code')
      .execute();
    expect(attributes).toEqual([
      { code: 'care_note', input: 'text', is_filterable: 0 },
      { code: 'fabric', input: 'select', is_filterable: 1 },
      { code: 'new', input: 'boolean', is_filterable: 0 },
      { code: 'sale', input: 'boolean', is_filterable: 0 },
    ]);
    const values = await maintenance.connection.db
      .selectFrom('product_attribute_value as v')
      .innerJoin('attribute_option as o', 'o.id', 'v.option_id')
      .innerJoin('product as p', 'p.id', 'v.product_id')
      .select(['v.attribute_code', 'o.label'])
      .where('p.sku', '=', 'KIND-1')
      .orderBy('v.attribute_code')
      .execute();
    expect(values).toEqual([
      { attribute_code: 'care_note', label: '<p>Wash cold, hang dry</p>' },
      { attribute_code: 'fabric', label: 'Cotton' },
      { attribute_code: 'new', label: 'No' },
      { attribute_code: 'sale', label: 'Yes' },
    ]);
  });
});

describe('url keys, prices and quantities as Magento writes them', () => {
  it('makes url keys the way Magento does: transliterated, hyphens for spaces and underscores', async () => {
    const report = await importCsv(
      fixture('CatalogImportExport/products_to_import_with_spaces_in_url_keys.csv') +
        'GROSS-1,simple,,"Große Straße",10,Default,\nJP-1,simple,,"日本の製品",10,Default,\nUS-1,simple,,"Under score",10,Default,my_url_key\n',
    );
    // simple1 and simple2 are there already (earlier tests made them).
    expect(report).toMatchObject({ created: 3, updated: 2, rejectedCount: 0 });
    expect((await product('simple1')).url_key).toBe('url-with-spaces-1');
    expect((await product('GROSS-1')).url_key).toBe('grosse-strasse');
    expect((await product('JP-1')).url_key).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
    expect((await product('US-1')).url_key).toBe('my-url-key');
  });

  it("takes Magento's four-decimal prices and quantities, refusing only a real fraction of a unit", async () => {
    const report = await importCsv(
      'sku,product_type,name,price,qty\nDEC-1,simple,Decimal price,19.9950,12.0000\nDEC-2,simple,Half a unit,5.0000,12.5000\n',
    );
    expect(report.created).toBe(1);
    expect(report.rejected).toEqual([
      { row: 3, sku: 'DEC-2', reason: expect.stringContaining('qty "12.5000": decimal quantities') },
    ]);
    expect(await product('DEC-1')).toMatchObject({ price: 2000, stock_qty: 12 });
  });

  it('reads the legacy columns _type, _attribute_set and _store', async () => {
    const report = await importCsv(fixture('CatalogImportExport/products_to_import_with_qty.csv'));
    expect(report).toMatchObject({ rejectedCount: 0 });
    expect((await product('simple1')).type).toBe('simple');
  });
});

describe('stock status from quantity, one rule with the back office', () => {
  it('puts a restocked product back in stock on a sku,qty sync, and keeps nothing-left out of stock', async () => {
    await importCsv(
      'sku,product_type,name,price,qty,is_in_stock\nSTOCK-1,simple,Stocked,10,0,0\nSTOCK-2,simple,Kept out,10,5,0\n',
    );
    expect(await product('STOCK-1')).toMatchObject({ stock_qty: 0, in_stock: 0 });
    // The usual stock sync: sku and qty only.
    const sync = await importCsv('sku,qty\nSTOCK-1,7\n');
    expect(sync).toMatchObject({ updated: 1, rejectedCount: 0 });
    expect(await product('STOCK-1')).toMatchObject({ stock_qty: 7, in_stock: 1 });
    // A row that leaves stock alone leaves the merchant's "out of stock" alone.
    await importCsv('sku,name\nSTOCK-2,Kept out still\n');
    expect(await product('STOCK-2')).toMatchObject({ stock_qty: 5, in_stock: 0 });
    // Magento's products_to_import_zero_qty.csv: qty 0 with is_in_stock 1 is out of stock.
    await importCsv(fixture('CatalogImportExport/products_to_import_zero_qty.csv').replace('simple1', 'STOCK-1'));
    expect(await product('STOCK-1')).toMatchObject({ stock_qty: 0, in_stock: 0 });
  });
});

describe('store-view rows', () => {
  it("puts a store view's texts and url key into that store view, and the default store's into the product", async () => {
    const report = await importCsv(
      [
        'sku,store_view_code,product_type,name,price,url_key,description',
        'SV-1,fixturestore,simple,Chemise en lin,,chemise-en-lin,<p>Une chemise</p>',
        'SV-1,,simple,Linen shirt,30,linen-shirt,<p>A shirt</p>',
        'SV-1,default,simple,Linen shirt for summer,,,',
        'SV-2,nowhere,simple,Ailleurs,,,',
      ].join('\n'),
    );
    expect(report.rejected).toEqual([
      {
        row: 5,
        sku: 'SV-2',
        reason: expect.stringContaining('store_view_code "nowhere": this shop has no such store view'),
      },
    ]);
    expect(await product('SV-1')).toMatchObject({ name: 'Linen shirt for summer', url_key: 'linen-shirt' });
    const french = await gql(
      '{ products(filter: { sku: { eq: "SV-1" } }) { items { name url_key } } }',
      'fixturestore',
    );
    expect(french.products.items).toEqual([{ name: 'Chemise en lin', url_key: 'chemise-en-lin' }]);
  });

  it("searches a store view's own names and descriptions, and the default store's where it has none", async () => {
    const report = await importCsv(
      [
        'sku,store_view_code,product_type,name,price,url_key,description',
        'SV-3,,simple,Velvet scarf,20,velvet-scarf,<p>Woven in Kestrelford</p>',
        'SV-4,,simple,Wool beanie,15,wool-beanie,<p>Knitted</p>',
        'SV-4,fixturestore,simple,Bonnet en laine,,bonnet-en-laine,<p>Tricoté à Montbrison</p>',
      ].join('\n'),
    );
    expect(report).toMatchObject({ rejectedCount: 0 });
    const skus = async (q: string, store?: string) =>
      (
        (await gql(`{ products(search: "${q}", pageSize: 20) { items { sku } } }`, store)).products.items as {
          sku: string;
        }[]
      ).map((i) => i.sku);
    // No text of its own in the store view: its default name and description are found there.
    expect(await skus('velvet scarf', 'fixturestore')).toEqual(['SV-3']);
    expect(await skus('kestrelford', 'fixturestore')).toEqual(['SV-3']);
    // Its own texts, and not the default store's it replaced; each store reads its own description.
    expect(await skus('montbrison', 'fixturestore')).toEqual(['SV-4']);
    expect(await skus('montbrison')).toEqual([]);
    expect(await skus('beanie', 'fixturestore')).toEqual([]);
  });
});
