// Downloadable products (issue 32), the catalog part: Magento's downloadable import fixture read
// with its links and samples, answered as DownloadableProduct in Magento's shapes, exported as
// Magento's exporter writes the columns and re-imported unchanged; file paths that could leave
// the private downloadable folder refused.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import { parse as parseSync } from 'csv-parse/sync';
import { stringify as stringifySync } from 'csv-stringify/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openShopMaintenance, type ShopMaintenance } from '../src/maintenance';
import { importCatalogCsv } from '../src/domains/catalogTransfer/catalogImportService';
import { exportCatalogCsv } from '../src/domains/catalogTransfer/catalogExportService';
import { addToCart, newCart, openShop, type Shop } from './cartHarness';
import { MAGENTO_FIXTURES_DIR } from './magentoImportFixtures';

let shop: Shop;
let maintenance: ShopMaintenance;

const FIXTURE = readFileSync(
  path.join(MAGENTO_FIXTURES_DIR, 'DownloadableImportExport', 'import_downloadable.csv'),
  'utf8',
);
const SKU = 'Downloadable 1';

async function importCsv(text: string) {
  return importCatalogCsv(maintenance.connection.db, maintenance.connection.searchIndex, Readable.from([text]), {
    mediaDir: path.join(shop.dir, 'media'),
  });
}

async function exportText(): Promise<string> {
  const chunks: Buffer[] = [];
  await exportCatalogCsv(
    maintenance.connection.db,
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
    }),
  );
  return Buffer.concat(chunks).toString('utf8');
}

const rowOf = (text: string, sku: string) =>
  (parseSync(text, { columns: true }) as Array<Record<string, string>>).find((r) => r.sku === sku)!;

const PRODUCT = `query($sku: String!) { products(filter: { sku: { eq: $sku } }) { items { __typename sku type_id
  ... on DownloadableProduct { links_title links_purchased_separately
    downloadable_product_links { uid title sort_order price sample_url number_of_downloads is_shareable link_type }
    downloadable_product_samples { title sort_order sample_url sample_type } } } } }`;

beforeAll(async () => {
  shop = await openShop();
  maintenance = await openShopMaintenance(shop.database);
}, 60_000);
afterAll(async () => {
  await maintenance?.close();
  await shop?.close();
});

describe('a downloadable product from Magento', () => {
  it("imports Magento's fixture with its links and samples, in Magento's GraphQL shapes", async () => {
    const report = await importCsv(FIXTURE);
    expect(report.rejected).toEqual([]);
    expect(report.droppedColumns.map((d) => d.column)).not.toContain('downloadable_links');
    const result = await shop.gql(PRODUCT, { sku: SKU });
    expect(result.errors).toBeUndefined();
    const [product] = result.data.products.items;
    expect(product).toMatchObject({
      __typename: 'DownloadableProduct',
      type_id: 'downloadable',
      links_title: 'TEST Import Links',
      links_purchased_separately: 1,
    });
    // Sorted by sort order: the URL link (42) before the file link (78).
    expect(product.downloadable_product_links).toEqual([
      expect.objectContaining({
        title: 'TEST Import Link Title URL',
        sort_order: 42,
        price: 1,
        number_of_downloads: 0,
        is_shareable: true,
        link_type: 'URL',
        sample_url: 'http://www.bing.com/',
      }),
      expect.objectContaining({
        title: 'TEST Import Link Title File',
        sort_order: 78,
        price: 123,
        number_of_downloads: 123,
        is_shareable: false,
        link_type: 'FILE',
        // A file sample is downloaded from the shop (sales/downloadDelivery.ts).
        sample_url: expect.stringMatching(
          /^http:\/\/localhost:3000\/downloadable\/download\/linkSample\/link_id\/\d+$/,
        ),
      }),
    ]);
    const linkId = (
      shop.sql.prepare("select id from downloadable_link where title = 'TEST Import Link Title URL'").get() as {
        id: number;
      }
    ).id;
    expect(Buffer.from(product.downloadable_product_links[0].uid, 'base64').toString()).toBe(`downloadable/${linkId}`);
    expect(product.downloadable_product_samples).toEqual([
      {
        title: 'TEST Import Sample File',
        sort_order: 178,
        sample_url: expect.stringMatching(/\/downloadable\/download\/sample\/sample_id\/\d+$/),
        sample_type: 'FILE',
      },
      { title: 'TEST Import Sample URL', sort_order: 178, sample_url: 'http://www.yahoo.com/', sample_type: 'URL' },
    ]);
    expect(shop.sql.prepare('select link_file from downloadable_link where link_type = ?').get('file')).toEqual({
      link_file: '/i/m/p/o/r/t/file.jpg',
    });
  });

  it("exports the columns as Magento's exporter writes them; export → import → export is identical", async () => {
    const first = await exportText();
    const row = rowOf(first, SKU);
    expect(row.product_type).toBe('downloadable');
    expect((row.downloadable_links ?? '').split('|')).toEqual([
      'title=TEST Import Link Title URL,sort_order=42,is_shareable=1,link_type=url,link_url=http://www.google.com/,sample_type=url,sample_url=http://www.bing.com/,price=1.00,group_title=TEST Import Links',
      'title=TEST Import Link Title File,sort_order=78,number_of_downloads=123,is_shareable=0,link_type=file,link_file=/i/m/p/o/r/t/file.jpg,sample_type=file,sample_file=/i/m/p/o/r/t/sample1.jpg,price=123.00,group_title=TEST Import Links',
    ]);
    const ids = shop.sql.prepare('select id from downloadable_link order by id').all();
    const again = await importCsv(stringifySync([row], { header: true }));
    expect(again).toMatchObject({ rejected: [], created: 0 });
    // Unchanged links keep their ids, so carts and orders naming them stay valid.
    expect(shop.sql.prepare('select id from downloadable_link order by id').all()).toEqual(ids);
    expect(await exportText()).toBe(first);
  });

  it.each([
    ['a parent folder', 'file=../../etc/passwd'],
    ['an absolute path out of the folder', 'file=/../secret.txt'],
    ['a backslash', 'file=..\\..\\boot.ini'],
    ['an odd character', 'file=/a/b%00.jpg'],
    ['a non-web address', 'url=file:///etc/passwd'],
  ])('refuses a link with %s, writing nothing', async (_what, source) => {
    const sku = `hostile-${Math.random().toString(36).slice(2, 8)}`;
    const before = shop.sql.prepare('select count(*) as n from downloadable_link').get();
    const report = await importCsv(
      stringifySync(
        [
          {
            sku,
            product_type: 'downloadable',
            name: 'Hostile',
            price: '1',
            url_key: sku,
            downloadable_links: `title=Bad,${source},price=1`,
          },
        ],
        { header: true },
      ),
    );
    expect(report.rejected).toEqual([
      expect.objectContaining({ row: 2, sku, reason: expect.stringMatching(/^downloadable_links: /) }),
    ]);
    expect(shop.sql.prepare('select count(*) as n from product where sku = ?').get(sku)).toEqual({ n: 0 });
    expect(shop.sql.prepare('select count(*) as n from downloadable_link').get()).toEqual(before);
  });

  it('refuses links on a product that is not downloadable', async () => {
    const report = await importCsv(
      stringifySync(
        [
          {
            sku: 'not-dl',
            product_type: 'simple',
            name: 'Not',
            price: '1',
            downloadable_links: 'title=A,url=https://example.com/a',
          },
        ],
        { header: true },
      ),
    );
    expect(report.rejected[0]?.reason).toBe(
      'downloadable_links and downloadable_samples are given for a simple product',
    );
  });

  it('asks for its links, which are bought separately (bought and downloaded: downloadablePurchases.test.ts)', async () => {
    // Magento's fixture gives it no stock.
    shop.sql.prepare('update product set stock_qty = 10, in_stock = 1 where sku = ?').run(SKU);
    const cartId = await newCart(shop);
    const added = await addToCart(shop, cartId, [{ sku: SKU, quantity: 1 }]);
    expect(added.data.addProductsToCart.user_errors).toEqual([
      { code: 'UNDEFINED', message: 'Please specify product link(s).' },
    ]);
    expect(added.data.addProductsToCart.cart.items).toEqual([]);
  });
});
