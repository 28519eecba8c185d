// A product switched off (Magento's product_online = 2, e.g. by a catalog import) is hidden
// wherever a shopper looks: listings, search, its address, the sitemap; switched on, it is back.
import { Readable } from 'node:stream';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCatalogCsv } from '../src/domains/catalogTransfer/catalogImportService';
import { openShopMaintenance, type ShopMaintenance } from '../src/maintenance';
import { openShop, type Shop } from './cartHarness';

let shop: Shop;
let maintenance: ShopMaintenance;
let product: { sku: string; url_key: string; name: string };

async function setOnline(value: 1 | 2) {
  const { db, searchIndex } = maintenance.connection;
  const report = await importCatalogCsv(
    db,
    searchIndex,
    Readable.from([`sku,product_online\n${product.sku},${value}\n`]),
    {
      mediaDir: path.join(shop.dir, 'media'),
    },
  );
  expect(report.rejected).toEqual([]);
  expect(report.updated).toBe(1);
}

async function seenBy() {
  const bySku = await shop.gql('query($s: String!) { products(filter: { sku: { eq: $s } }) { total_count } }', {
    s: product.sku,
  });
  const route = await shop.gql('query($u: String!) { route(url: $u) { __typename } }', {
    u: `${product.url_key}.html`,
  });
  const search = await shop.gql('query($q: String!) { products(search: $q, pageSize: 100) { items { sku } } }', {
    q: product.name,
  });
  const sitemapUrls: string[] = [];
  for await (const page of shop.commerce.sitemap.paths('default', 1)) sitemapUrls.push(...page.map((e) => e.path));
  return {
    bySku: bySku.data.products.total_count as number,
    route: route.data.route?.__typename ?? null,
    inSearch: (search.data.products.items as Array<{ sku: string }>).some((i) => i.sku === product.sku),
    inSitemap: sitemapUrls.some((url) => url.endsWith(`${product.url_key}.html`)),
  };
}

beforeAll(async () => {
  shop = await openShop();
  maintenance = await openShopMaintenance(shop.database);
  product = shop.sql
    .prepare(
      `select sku, url_key, name from product where type = 'simple' and parent_id is null and visibility = 4 order by id limit 1`,
    )
    .get() as typeof product;
}, 60_000);
afterAll(async () => {
  await maintenance?.close();
  await shop?.close();
});

describe('product_online', () => {
  it('an enabled product is found everywhere', async () => {
    expect(await seenBy()).toEqual({ bySku: 1, route: 'SimpleProduct', inSearch: true, inSitemap: true });
  });

  it('disabled, it is found nowhere; enabled again, it is back', async () => {
    await setOnline(2);
    expect(await seenBy()).toEqual({ bySku: 0, route: null, inSearch: false, inSitemap: false });
    await setOnline(1);
    expect(await seenBy()).toEqual({ bySku: 1, route: 'SimpleProduct', inSearch: true, inSitemap: true });
  });
});
