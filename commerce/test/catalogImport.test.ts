// Catalog import and export in Magento 2's product CSV: the sample file into an empty shop
// (answered by the real GraphQL API), rows refused with their reasons, re-import, dry run, a
// partial update, and the round trip export → import into an empty shop → export.
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import { parse as parseSync } from 'csv-parse/sync';
import { stringify as stringifySync } from 'csv-stringify/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCommerce, type Commerce } from '../src/commerce';
import { openShopMaintenance, type ShopMaintenance } from '../src/maintenance';
import {
  CatalogImportError,
  importCatalogCsv,
  type CatalogImportOptions,
  type CatalogImportReport,
} from '../src/domains/catalogTransfer/catalogImportService';
import { exportCatalogCsv } from '../src/domains/catalogTransfer/catalogExportService';
import { neutraliseCell, restoreCell } from '../src/domains/catalogTransfer/csvFormulaCells';
import { readCatalogVersion } from '../src/db/catalogIndex';
import { openTestDatabase, type TestDatabase } from './postgresTestDatabase';
import { hugePng } from './hugePng';

const SAMPLE_DIR = path.join(import.meta.dirname, 'fixtures', 'catalog-sample');
const SAMPLE_CSV = readFileSync(path.join(SAMPLE_DIR, 'products.csv'), 'utf8');
const IMAGES = path.join(SAMPLE_DIR, 'images');

interface Shop {
  dir: string;
  mediaDir: string;
  database: TestDatabase;
  maintenance: ShopMaintenance;
  commerce: Commerce;
  import(csv: string, options?: Partial<CatalogImportOptions>): Promise<CatalogImportReport>;
  export(): Promise<string>;
  data(query: string, variables?: Record<string, unknown>): Promise<any>;
  version(): Promise<number>;
  count(table: 'product' | 'category' | 'product_media' | 'url_rewrite' | 'attribute_option'): Promise<number>;
  close(): Promise<void>;
}

/** An empty shop (SEED_DEMO=false), with the API and a maintenance connection as the CLI opens it. */
async function emptyShop(): Promise<Shop> {
  const dir = mkdtempSync(path.join(tmpdir(), 'vela-import-'));
  const database = await openTestDatabase(dir);
  const commerce = await createCommerce({ ...database.config, seedDemo: false, log: () => {} });
  const maintenance = await openShopMaintenance(database.config);
  const { db, searchIndex } = maintenance.connection;
  const mediaDir = path.join(dir, 'media');
  return {
    dir,
    mediaDir,
    database,
    maintenance,
    commerce,
    import: (csv, options = {}) =>
      importCatalogCsv(db, searchIndex, Readable.from([csv]), { mediaDir, imagesDir: IMAGES, ...options }),
    export: async () => {
      const chunks: Buffer[] = [];
      const sink = new Writable({
        write(chunk: Buffer, _encoding, done) {
          chunks.push(Buffer.from(chunk));
          done();
        },
      });
      await exportCatalogCsv(db, sink);
      return Buffer.concat(chunks).toString('utf8');
    },
    data: async (query, variables = {}) => {
      const response = await commerce.fetch(
        new Request('http://localhost/graphql', {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({ query, variables }),
        }),
      );
      const body = (await response.json()) as { data?: unknown; errors?: unknown };
      expect(body.errors).toBeUndefined();
      return body.data;
    },
    version: () => readCatalogVersion(db),
    count: async (table) =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    close: async () => {
      await maintenance.close();
      await commerce.close();
      await database.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const HEADER =
  'sku,product_type,categories,name,price,special_price,qty,is_in_stock,visibility,url_key,additional_attributes,base_image,configurable_variations,configurable_variation_labels';

let shop: Shop;

beforeAll(async () => {
  shop = await emptyShop();
});

afterAll(async () => {
  await shop?.close();
});

describe('catalog import into an empty shop', () => {
  it('imports the sample: every product, its category, images and variants', async () => {
    const before = await shop.version();
    const report = await shop.import(SAMPLE_CSV);
    expect(report).toMatchObject({ rows: 18, created: 18, updated: 0, unchanged: 0, rejectedCount: 0, rejected: [] });
    expect(report.ignoredColumns).toEqual([]);
    expect(report.droppedColumns).toEqual([
      { column: 'tax_class_name', rows: 18, reason: expect.stringContaining('tax classes are not imported') },
    ]);
    expect(await shop.version()).toBeGreaterThan(before);
    expect(existsSync(path.join(shop.mediaDir, 'catalog/product/h/a/harbor-tee-navy.png'))).toBe(true);
  });

  it('answers through the API: by sku, in its category, in search, at its address', async () => {
    const bySku = await shop.data(
      `{ products(filter: { sku: { eq: "HRB-TEE" } }) { items { __typename sku name url_key
          price_range { minimum_price { final_price { value currency } } }
          media_gallery { url label }
          ... on ConfigurableProduct { configurable_options { attribute_code label values { label } }
            variants { product { sku stock_status } attributes { code label } } } } } }`,
    );
    const tee = bySku.products.items[0];
    expect(tee).toMatchObject({ __typename: 'ConfigurableProduct', sku: 'HRB-TEE', name: 'Harbor Striped Tee' });
    expect(tee.price_range.minimum_price.final_price).toEqual({ value: 29, currency: 'USD' });
    expect(tee.media_gallery.map((m: { label: string }) => m.label)).toEqual([
      'Harbor Striped Tee - navy',
      'Harbor Striped Tee - sand',
    ]);
    expect(tee.media_gallery[0].url).toContain('/media/catalog/product/h/a/harbor-tee-navy.png');
    expect(tee.configurable_options.map((o: { attribute_code: string }) => o.attribute_code)).toEqual([
      'color',
      'size',
    ]);
    expect(tee.variants).toHaveLength(6);
    expect(
      tee.variants.find((v: { product: { sku: string } }) => v.product.sku === 'HRB-TEE-SAN-L').product.stock_status,
    ).toBe('OUT_OF_STOCK');

    const route = await shop.data(
      'query($u: String!) { route(url: $u) { type relative_url ... on ProductInterface { sku } ... on CategoryTree { name uid } } }',
      { u: 'harbor-quay-hoodie.html' },
    );
    expect(route.route).toMatchObject({ type: 'PRODUCT', sku: 'HRB-HOOD', relative_url: 'harbor-quay-hoodie.html' });
    const category = await shop.data(
      'query($u: String!) { route(url: $u) { type ... on CategoryTree { name uid } } }',
      { u: 'harbor/apparel.html' },
    );
    expect(category.route).toMatchObject({ type: 'CATEGORY', name: 'Apparel' });

    const listing = await shop.data(
      'query($c: String!) { products(filter: { category_uid: { eq: $c } }, pageSize: 50) { total_count items { sku } } }',
      { c: category.route.uid },
    );
    expect(listing.products.items.map((i: { sku: string }) => i.sku).sort()).toEqual(
      ['HRB-CAP', 'HRB-HOOD', 'HRB-SCARF', 'HRB-TEE', 'HRB-TOTE'].sort(),
    );

    const search = await shop.data('{ products(search: "lantern") { items { sku } } }');
    expect(search.products.items).toEqual([{ sku: 'HRB-LANTERN' }]);
    const special = await shop.data(
      '{ products(filter: { sku: { eq: "HRB-TOTE" } }) { items { price_range { minimum_price { regular_price { value } final_price { value } } } } } }',
    );
    expect(special.products.items[0].price_range.minimum_price).toEqual({
      regular_price: { value: 34 },
      final_price: { value: 27 },
    });
  });

  it('changes nothing when the same file is imported again', async () => {
    const version = await shop.version();
    const counts = await Promise.all(
      (['product', 'category', 'product_media', 'url_rewrite', 'attribute_option'] as const).map((t) => shop.count(t)),
    );
    const report = await shop.import(SAMPLE_CSV);
    expect(report).toMatchObject({ created: 0, updated: 0, unchanged: 18, rejectedCount: 0 });
    expect(await shop.version()).toBe(version);
    expect(
      await Promise.all(
        (['product', 'category', 'product_media', 'url_rewrite', 'attribute_option'] as const).map((t) =>
          shop.count(t),
        ),
      ),
    ).toEqual(counts);
  });

  it('refuses bad rows with their row number and reason, and writes nothing for them', async () => {
    const version = await shop.version();
    const products = await shop.count('product');
    const csv = [
      HEADER,
      ',simple,Default Category/Harbor,No Sku,10,,1,1,,,,,,',
      'HRB-B1,giftcard,Default Category/Harbor,Gift card,10,,1,1,,,,,,',
      'HRB-B2,simple,Default Category/Harbor,Negative,-5,,1,1,,,,,,',
      'HRB-B3,simple,Default Category/Harbor,Qty,10,,lots,1,,,,,,',
      'HRB-B4,simple,Default Category/Harbor,Duplicate Key,10,,1,1,,harbor-striped-tee,,,,',
      'HRB-B5,configurable,Default Category/Harbor,Ghost,10,,0,1,,,,,"sku=HRB-NOPE,color=Red|sku=HRB-NOPE2,color=Blue",',
      'HRB-B6,simple,Default Category/Harbor,Decimals,"10,99",,1,1,,,,,,',
      'HRB-B7,simple,Default Category/Harbor,Visibility,10,,1,1,Everywhere,,,,,',
      'HRB-B8,simple,Default Category/Harbor,Picture,10,,1,1,,,,missing.png,,',
      'HRB-B9,simple,Default Category/Harbor,Attrs,10,,1,1,,,9lives=yes,,,',
      'HRB-B9,simple,Default Category/Harbor,Twice,10,,1,1,,,,,,',
      'HRB-B10,simple,Default Category/Harbor,Half,10,,2.5,1,,,,,,',
      'HRB-B11,simple,Default Category/Harbor,Cheap,10,-1,1,1,,,,,,',
      'HRB-B12,configurable,Default Category/Harbor,Wrong,10,,0,1,,,,,"sku=HRB-TEE-NAV-S,color=Navy",',
      'HRB-TEE,simple,,,,,,,,,,,,',
    ].join('\n');
    const report = await shop.import(csv);
    expect(report.created + report.updated).toBe(0);
    expect(report.rejected.map((r) => [r.row, r.sku, r.reason])).toEqual([
      [2, '', 'missing sku'],
      [
        3,
        'HRB-B1',
        'unknown product_type "giftcard" (simple, configurable, bundle, grouped, virtual, downloadable are imported)',
      ],
      [4, 'HRB-B2', 'price must not be negative (got -5)'],
      [5, 'HRB-B3', 'qty "lots" is not a number'],
      [6, 'HRB-B4', 'duplicate url_key "harbor-striped-tee": product HRB-TEE has it'],
      [7, 'HRB-B5', 'variation sku HRB-NOPE does not exist'],
      [8, 'HRB-B6', 'price "10,99" is not a number'],
      [9, 'HRB-B7', expect.stringContaining('visibility "Everywhere" is not one of')],
      [10, 'HRB-B8', expect.stringContaining('image "missing.png" not found in')],
      [
        11,
        'HRB-B9',
        expect.stringContaining('additional_attributes: attribute code "9lives" must start with a letter'),
      ],
      [12, 'HRB-B9', 'sku HRB-B9 already appears in row 11'],
      [13, 'HRB-B10', expect.stringContaining('qty "2.5": decimal quantities')],
      [14, 'HRB-B11', 'special_price must not be negative (got -1)'],
      [15, 'HRB-B12', 'variation sku HRB-TEE-NAV-S already belongs to another configurable product'],
      [16, 'HRB-TEE', 'sku HRB-TEE is a configurable product; its product_type cannot change to simple'],
    ]);
    expect(await shop.count('product')).toBe(products);
    expect(await shop.version()).toBe(version);
  });

  it('refuses a file without a sku column as a whole', async () => {
    await expect(shop.import('name,price\nMug,10\n')).rejects.toThrow(CatalogImportError);
    await expect(shop.import('')).rejects.toThrow('the file is empty');
  });

  it('dry run: reports what would change and writes nothing', async () => {
    const version = await shop.version();
    const products = await shop.count('product');
    const csv = [
      HEADER,
      'HRB-MUG,,,Harbor Enamel Mug XL,,,,,,,,,,',
      'HRB-NEW,simple,Default Category/Harbor/Deck,Harbor Deck Chair,120,,5,1,,,,harbor-lantern.png,,',
    ].join('\n');
    const report = await shop.import(csv, { dryRun: true });
    expect(report).toMatchObject({ dryRun: true, created: 1, updated: 1, unchanged: 0, rejectedCount: 0 });
    expect(await shop.count('product')).toBe(products);
    expect(await shop.version()).toBe(version);
    const mug = await shop.data('{ products(filter: { sku: { eq: "HRB-MUG" } }) { items { name } } }');
    expect(mug.products.items[0].name).toBe('Harbor Enamel Mug');
  });

  it('updates only the columns a row gives (sku and qty: stock only)', async () => {
    const report = await shop.import('sku,qty,is_in_stock\nHRB-LANTERN,0,0\n');
    expect(report).toMatchObject({ updated: 1, created: 0 });
    const lantern = await shop.data(
      '{ products(filter: { sku: { eq: "HRB-LANTERN" } }) { items { name stock_status price_range { minimum_price { final_price { value } } } } } }',
    );
    expect(lantern.products.items[0]).toEqual({
      name: 'Harbor Storm Lantern',
      stock_status: 'OUT_OF_STOCK',
      price_range: { minimum_price: { final_price: { value: 49 } } },
    });
    await shop.import('sku,qty,is_in_stock\nHRB-LANTERN,3,1\n');
  });

  it('waits for variants named further down the file', async () => {
    const csv = [
      HEADER,
      'HRB-FLAG,configurable,Default Category/Harbor,Harbor Signal Flag,15,,0,1,,,,,"sku=HRB-FLAG-R,signal=Red|sku=HRB-FLAG-Y,signal=Yellow",signal=Signal',
      'HRB-FLAG-R,simple,Default Category/Harbor,Harbor Signal Flag-Red,15,,4,1,Not Visible Individually,,,,,',
      'HRB-FLAG-Y,simple,Default Category/Harbor,Harbor Signal Flag-Yellow,16,,0,0,Not Visible Individually,,,,,',
    ].join('\n');
    const report = await shop.import(csv, { batchSize: 1 });
    expect(report).toMatchObject({ created: 3, rejectedCount: 0 });
    const flag = await shop.data(
      `{ products(filter: { sku: { eq: "HRB-FLAG" } }) { items { price_range { maximum_price { final_price { value } } }
        ... on ConfigurableProduct { configurable_options { attribute_code label values { label } } variants { product { sku } } } } } }`,
    );
    const item = flag.products.items[0];
    expect(item.configurable_options).toEqual([
      { attribute_code: 'signal', label: 'Signal', values: [{ label: 'Red' }, { label: 'Yellow' }] },
    ]);
    expect(item.variants).toHaveLength(2);
    // Only the red flag is in stock: the configurable costs what it costs.
    expect(item.price_range.maximum_price.final_price.value).toBe(15);
  });

  it('refuses a url key an earlier batch of the file took, in a dry run and in an import (issue 33)', async () => {
    const csv = [
      'sku,product_type,name,price,qty,url_key',
      'KEY-A,simple,Key A,10,1,shared-key-issue-33',
      'KEY-B,simple,Key B,10,1,other-key-issue-33',
      'KEY-C,simple,Key C,10,1,shared-key-issue-33',
    ].join('\n');
    const dry = await shop.import(csv, { batchSize: 1, dryRun: true });
    expect(dry.rejected).toEqual([
      { row: 4, sku: 'KEY-C', reason: 'duplicate url_key "shared-key-issue-33": row 2 (sku KEY-A) has it' },
    ]);
    const real = await shop.import(csv, { batchSize: 1 });
    expect(real.rejected).toEqual([
      { row: 4, sku: 'KEY-C', reason: 'duplicate url_key "shared-key-issue-33": product KEY-A has it' },
    ]);
    expect(real).toMatchObject({ created: 2, rejectedCount: 1 });
  });

  it('writes a batch of long rows before it reaches its number of rows: memory holds one batch (issue 33)', async () => {
    // Rows of about 3,030 characters; batches of at most 500 rows or 20,000 characters: 7 rows each.
    const description = `<p>${'x'.repeat(2993)}</p>`;
    const rows = Array.from({ length: 24 }, (_, i) => `LONG-${i},simple,Long description ${i},10,1,"${description}"`);
    const progress: number[] = [];
    const report = await shop.import(['sku,product_type,name,price,qty,description', ...rows].join('\n'), {
      batchChars: 20_000,
      onProgress: (done) => progress.push(done),
    });
    expect(report.rejected).toEqual([]);
    expect(report).toMatchObject({ created: 24, rejectedCount: 0 });
    expect(progress).toEqual([7, 14, 21, 24]);
  });
});

describe('catalog export', () => {
  it('round trip: export → import into an empty shop → export gives the same file', async () => {
    const first = await shop.export();
    expect(first.split('\n')[0]).toMatch(/^sku,store_view_code,attribute_set_code,product_type,categories,/);
    expect(first).toContain('HRB-TEE-NAV-S,,Default,simple,Default Category/Harbor/Apparel,');
    const other = await emptyShop();
    try {
      const report = await other.import(first, { imagesDir: path.join(shop.mediaDir, 'catalog', 'product') });
      expect(report.rejected).toEqual([]);
      const second = await other.export();
      expect(second).toBe(first);
      // Importing its own export changes nothing.
      expect(await other.import(second, { imagesDir: undefined })).toMatchObject({ created: 0, updated: 0 });
    } finally {
      await other.close();
    }
  });
});

describe('catalog export and spreadsheet formulas (CSV injection)', () => {
  const hostile = [
    {
      sku: 'FX-1',
      name: '=HYPERLINK("http://evil.example","Click")',
      description: "=cmd|' /C calc'!A0",
      short_description: '+1+1',
      meta_title: '@SUM(A1)',
      meta_description: '-2+3',
    },
    {
      sku: '+FX-2',
      name: "'Quoted' title",
      description: "''two quotes",
      short_description: '-5',
      meta_title: '\uFF1D1+1',
      meta_description: "'=already quoted",
    },
    { sku: '-7', name: '-10', description: '@', short_description: '=', meta_title: "'", meta_description: 'plain' },
  ];
  const columns = ['sku', 'name', 'description', 'short_description', 'meta_title', 'meta_description'] as const;
  const FORMULA = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

  async function productsOf(target: Shop) {
    return target.maintenance.connection.db
      .selectFrom('product')
      .select([...columns])
      .where(
        'sku',
        'in',
        hostile.map((h) => h.sku),
      )
      .orderBy('sku')
      .execute();
  }

  it('no exported cell starts a formula, and export → import → export keeps every value exactly', async () => {
    const source = await emptyShop();
    const other = await emptyShop();
    try {
      const csv = stringifySync(
        hostile.map((h, i) => ({
          ...h,
          product_type: 'simple',
          categories: 'Default Category/Formulas',
          price: '10',
          qty: '1',
          url_key: `formula-${i}`,
        })),
        // Written as the export writes: a hand-made file that means a leading quote writes two.
        { header: true, cast: { string: neutraliseCell } },
      );
      const imported = await source.import(csv);
      expect(imported.rejected).toEqual([]);
      const expected = [...hostile].sort((a, b) => (a.sku < b.sku ? -1 : 1));
      expect(await productsOf(source)).toEqual(expected);

      const exported = await source.export();
      const [header, ...rows] = parseSync(exported) as string[][];
      for (const row of rows)
        for (const value of row) if (!/^-?\d+(?:\.\d+)?$/.test(value)) expect(value).not.toMatch(FORMULA);
      const cellOf = (sku: string, column: string) =>
        rows.find((r) => r[0] === sku || r[0] === `'${sku}`)![header!.indexOf(column)];
      expect(cellOf('FX-1', 'name')).toBe(`'=HYPERLINK("http://evil.example","Click")`);
      expect(cellOf('FX-1', 'description')).toBe(`'=cmd|' /C calc'!A0`);
      expect(cellOf('+FX-2', 'sku')).toBe(`'+FX-2`);
      // A value that starts with a quote gets one more, so the importer's rule stays unambiguous.
      expect(cellOf('+FX-2', 'name')).toBe(`''Quoted' title`);
      // A plain number is a number to a spreadsheet, not a formula: left as it is.
      expect(cellOf('-7', 'sku')).toBe('-7');
      expect(cellOf('-7', 'name')).toBe('-10');
      expect(cellOf('FX-1', 'meta_description')).toBe(`'-2+3`);

      const again = await other.import(exported, { imagesDir: undefined });
      expect(again.rejected).toEqual([]);
      expect(await productsOf(other)).toEqual(expected);
      expect(await other.export()).toBe(exported);
    } finally {
      await other.close();
      await source.close();
    }
  });

  it('tabs and carriage returns that start a cell are quoted too', () => {
    expect(neutraliseCell('\t=1+1')).toBe("'\t=1+1");
    expect(neutraliseCell('\r=1+1')).toBe("'\r=1+1");
    expect(restoreCell(neutraliseCell('\t=1+1'))).toBe('\t=1+1');
    expect(neutraliseCell('Navy tee')).toBe('Navy tee');
  });
});

describe('what one import may add to the shop: attributes and categories are bounded', () => {
  let target: Shop;
  let sequence = 0;
  const IMPORT_HEADER = 'sku,product_type,name,price,categories,additional_attributes';
  /** A new simple product with the given categories and attributes, as one CSV line. */
  const line = (categories: string, attributes: string) => {
    sequence++;
    return stringifySync([[`LIM-${sequence}`, 'simple', `Limit ${sequence}`, '5', categories, attributes]]).trim();
  };
  const codes = (prefix: string, count: number) =>
    Array.from({ length: count }, (_, i) => `${prefix}_${i + 1}=Blue`).join(',');
  const paths = (prefix: string, count: number) =>
    Array.from({ length: count }, (_, i) => `Default Category/${prefix} ${i + 1}`).join(',');
  const deepPath = (levels: number) =>
    ['Default Category', ...Array.from({ length: levels - 1 }, (_, i) => `Level ${i + 2}`)].join('/');

  beforeAll(async () => {
    target = await emptyShop();
    const first = await target.import([IMPORT_HEADER, line('Default Category/Start', 'color=Red')].join('\n'));
    expect(first.rejected).toEqual([]);
  });
  afterAll(async () => target?.close());

  it('a row may create at most 10 attributes; the row is refused by number and nothing of it is written', async () => {
    const attributes = await target.count('attribute_option');
    const filters = async () =>
      (await target.data(`{ products(search: "", pageSize: 1) { aggregations { attribute_code } } }`)).products
        .aggregations.length;
    const before = await filters();
    const report = await target.import(
      [IMPORT_HEADER, line('', codes('row_a', 11)), line('', codes('row_b', 10))].join('\n'),
    );
    expect(report.rejected).toEqual([
      {
        row: 2,
        sku: `LIM-${sequence - 1}`,
        reason: 'additional_attributes: the row would create 11 new attributes; one row may create at most 10',
      },
    ]);
    expect(report.created).toBe(1);
    expect(await target.count('attribute_option')).toBe(attributes + 10);
    expect(await filters()).toBe(before + 10);
  });

  it('a file may create at most 50 attributes, whatever its batches', async () => {
    const rows = Array.from({ length: 6 }, (_, i) => line('', codes(`file${i}`, 10)));
    const report = await target.import([IMPORT_HEADER, ...rows].join('\n'), { batchSize: 2 });
    expect(report.created).toBe(5);
    expect(report.rejected).toEqual([
      {
        row: 7,
        sku: `LIM-${sequence}`,
        reason:
          'additional_attributes: the file would create more than 50 new attributes (50 before this row, 10 in it); create them first or import the rest in another file',
      },
    ]);
  });

  it('a category path has at most 10 levels, root included', async () => {
    const categories = await target.count('category');
    const report = await target.import(
      [IMPORT_HEADER, line(deepPath(200), ''), line(deepPath(11), ''), line(deepPath(10), '')].join('\n'),
    );
    expect(report.rejected.map((r) => [r.row, r.reason])).toEqual([
      [
        2,
        expect.stringMatching(
          /^category path "Default Category\/Level 2\/.*…" is 200 levels deep; at most 10 are imported$/,
        ),
      ],
      [3, expect.stringMatching(/is 11 levels deep; at most 10 are imported$/)],
    ]);
    expect(report.created).toBe(1);
    expect(await target.count('category')).toBe(categories + 9);
  });

  it('a row may create at most 20 categories, a file at most 500', async () => {
    const categories = await target.count('category');
    const tooMany = await target.import([IMPORT_HEADER, line(paths('Wide', 21), '')].join('\n'));
    expect(tooMany.rejected.map((r) => r.reason)).toEqual([
      'categories: the row would create 21 new categories; one row may create at most 20',
    ]);
    expect(await target.count('category')).toBe(categories);

    const rows = Array.from({ length: 26 }, (_, i) => line(paths(`Bulk ${i}`, 20), ''));
    const report = await target.import([IMPORT_HEADER, ...rows].join('\n'), { batchSize: 10 });
    expect(report.created).toBe(25);
    expect(report.rejected.map((r) => [r.row, r.reason])).toEqual([
      [
        27,
        'categories: the file would create more than 500 new categories (500 before this row, 20 in it); import the rest in another file',
      ],
    ]);
    expect(await target.count('category')).toBe(categories + 500);
  });
});

describe('images over the pixel budget', () => {
  it('an import row naming an image over 40 megapixels is refused by row, and the file is not copied', async () => {
    const target = await emptyShop();
    const images = mkdtempSync(path.join(tmpdir(), 'vela-import-images-'));
    try {
      writeFileSync(path.join(images, 'bomb.png'), hugePng(16000, 16000));
      writeFileSync(path.join(images, 'edge.png'), hugePng(8000, 5000));
      const csv = [
        'sku,product_type,name,price,base_image',
        'PX-BOMB,simple,Bomb,5,bomb.png',
        'PX-EDGE,simple,Edge,5,edge.png',
      ].join('\n');
      const report = await target.import(csv, { imagesDir: images });
      expect(report.rejected).toEqual([
        {
          row: 2,
          sku: 'PX-BOMB',
          reason:
            'image "bomb.png" is 16000×16000 pixels (256.0 megapixels); images of up to 40 megapixels are accepted',
        },
      ]);
      expect(report.created).toBe(1);
      const copied = readdirSync(path.join(target.mediaDir, 'catalog', 'product'), {
        recursive: true,
        encoding: 'utf8',
      });
      expect(copied.filter((f) => f.endsWith('.png'))).toEqual([path.join('e', 'd', 'edge.png')]);
    } finally {
      rmSync(images, { recursive: true, force: true });
      await target.close();
    }
  });
});

describe('product links in the CSV (related_skus, crosssell_skus, upsell_skus)', () => {
  const LINKS = `query($sku: String!) { products(filter: { sku: { eq: $sku } }) { items { sku
    related_products { sku } upsell_products { sku } crosssell_products { sku } } } }`;

  it('imports them in position order; an unknown sku is reported by row and column, the rest imports; export writes them back', async () => {
    const target = await emptyShop();
    try {
      expect((await target.import(SAMPLE_CSV)).rejected).toEqual([]);
      const csv = [
        'sku,related_skus,related_position,crosssell_skus,upsell_skus',
        'HRB-MUG,"HRB-TOTE,HRB-CAP,HRB-TEE","3,1,2",NO-SUCH-SKU,HRB-HOOD',
        'HRB-TOTE,,,"HRB-MUG,HRB-TOTE",',
      ].join('\n');
      const report = await target.import(csv);
      expect(report.droppedColumns).toEqual([]);
      expect(report.rejected).toEqual([
        {
          row: 2,
          sku: 'HRB-MUG',
          reason: 'crosssell_skus: sku NO-SUCH-SKU is not in the shop or in the file; the other links are imported',
        },
        { row: 3, sku: 'HRB-TOTE', reason: 'crosssell_skus: a product cannot link to itself' },
      ]);
      const mug = (await target.data(LINKS, { sku: 'HRB-MUG' })).products.items[0];
      expect(mug.related_products.map((p: { sku: string }) => p.sku)).toEqual(['HRB-CAP', 'HRB-TEE', 'HRB-TOTE']);
      expect(mug.upsell_products.map((p: { sku: string }) => p.sku)).toEqual(['HRB-HOOD']);
      expect(mug.crosssell_products).toEqual([]);
      const tote = (await target.data(LINKS, { sku: 'HRB-TOTE' })).products.items[0];
      expect(tote.crosssell_products.map((p: { sku: string }) => p.sku)).toEqual(['HRB-MUG']);

      const exported = parseSync(await target.export(), { columns: true }) as Array<Record<string, string>>;
      const mugRow = exported.find((r) => r.sku === 'HRB-MUG');
      expect(mugRow).toMatchObject({
        related_skus: 'HRB-CAP,HRB-TEE,HRB-TOTE',
        related_position: '1,2,3',
        upsell_skus: 'HRB-HOOD',
        crosssell_skus: '',
      });

      // __EMPTY__VALUE__ clears a type; an empty cell keeps what is there.
      await target.import('sku,related_skus,upsell_skus\nHRB-MUG,__EMPTY__VALUE__,');
      const cleared = (await target.data(LINKS, { sku: 'HRB-MUG' })).products.items[0];
      expect(cleared.related_products).toEqual([]);
      expect(cleared.upsell_products.map((p: { sku: string }) => p.sku)).toEqual(['HRB-HOOD']);
    } finally {
      await target.close();
    }
  });
});
