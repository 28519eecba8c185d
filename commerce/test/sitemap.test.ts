import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCommerce, type Commerce } from '../src/commerce';
import { openDatabase } from '../src/db/connection';
import { rebuildCatalogIndex } from '../src/db/catalogIndex';
import { openTestDatabase, type TestDatabase } from './postgresTestDatabase';
import type { SitemapEntry } from '../src/domains/sitemap/sitemapService';
import { inWriteTransaction } from '../src/kernel/transaction';

// Issue 8: every enabled product, category and CMS page in /sitemap.xml, split into files of at
// most N URLs, nothing that is a redirect, disabled or not shown on its own.

const PER_FILE = 100;
let dir: string;
let database: TestDatabase;
let commerce: Commerce;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'vela-sitemap-'));
  database = await openTestDatabase(dir);
  commerce = await createCommerce({ ...database.config, sitemapUrlsPerFile: PER_FILE, log: () => {} });
}, 60_000);
afterAll(async () => {
  await commerce?.close();
  await database?.drop();
  rmSync(dir, { recursive: true, force: true });
});

/** Every file of a store, in order: the entries, a page of rows at a time. */
async function allEntries(store = 'default'): Promise<SitemapEntry[][]> {
  const plan = await commerce.sitemap.plan();
  const files: SitemapEntry[][] = [];
  const count = plan.stores.find((s) => s.code === store)?.files ?? 0;
  for (let part = 1; part <= count; part++) {
    const entries: SitemapEntry[] = [];
    for await (const page of commerce.sitemap.paths(store, part)) entries.push(...page);
    files.push(entries);
  }
  return files;
}

async function allFiles(store = 'default'): Promise<string[][]> {
  return (await allEntries(store)).map((file) => file.map((entry) => entry.path));
}

/** What should be listed, asked of the tables directly, one kind at a time. */
function expectedPaths(): string[] {
  const sql = database.connectSql();
  try {
    const rows = (text: string) => sql.prepare(text).all() as { request_path: string }[];
    return [
      '',
      ...rows(
        `SELECT request_path FROM url_rewrite WHERE redirect_type = 0 AND store_id = 1 AND entity_type = 'PRODUCT'
           AND entity_id IN (SELECT id FROM product WHERE visibility = 4)`,
      ),
      ...rows(
        `SELECT request_path FROM url_rewrite WHERE redirect_type = 0 AND store_id = 1 AND entity_type = 'CATEGORY'
           AND entity_id IN (SELECT id FROM category WHERE is_active = 1)`,
      ),
      ...rows(
        `SELECT request_path FROM url_rewrite WHERE redirect_type = 0 AND store_id = 1 AND entity_type = 'CMS_PAGE'
           AND entity_id IN (SELECT id FROM cms_page WHERE is_active = 1 AND identifier NOT IN ('home', 'no-route'))`,
      ),
    ].map((row) => (typeof row === 'string' ? row : row.request_path));
  } finally {
    sql.close();
  }
}

/**
 * The French store's pages, from the entities and their French texts (not from url_rewrite):
 * its home, each visible product at its French url_key, each active category at its French
 * url_path (else the default one), each CMS page at its identifier, all under /fr/.
 */
function expectedFrenchPaths(): string[] {
  const sql = database.connectSql();
  try {
    const paths = (text: string) => (sql.prepare(text).all() as { path: string }[]).map((row) => `fr/${row.path}`);
    return [
      'fr/',
      ...paths(
        `SELECT COALESCE(s.url_key, p.url_key) || '.html' AS path FROM product p
           LEFT JOIN product_store s ON s.product_id = p.id AND s.store_id = 2 WHERE p.visibility = 4`,
      ),
      ...paths(
        `SELECT COALESCE(s.url_path, c.url_path) || '.html' AS path FROM category c
           LEFT JOIN category_store s ON s.category_id = c.id AND s.store_id = 2 WHERE c.is_active = 1 AND c.level >= 2`,
      ),
      ...paths(
        `SELECT identifier AS path FROM cms_page WHERE is_active = 1 AND identifier NOT IN ('home', 'no-route')`,
      ),
    ];
  } finally {
    sql.close();
  }
}

async function routeOf(url: string, store?: string) {
  const response = await commerce.fetch(
    new Request('http://localhost/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(store ? { store } : {}) },
      body: JSON.stringify({
        query: 'query($url: String!) { route(url: $url) { type redirect_code } }',
        variables: { url },
      }),
    }),
  );
  const body = (await response.json()) as { data: { route: { type: string; redirect_code: number } | null } };
  return body.data.route;
}

describe('sitemap', () => {
  it('plans every active store view: the default one at the root, the French one under /fr/', async () => {
    const plan = await commerce.sitemap.plan();
    expect(
      plan.stores.map(({ code, hreflang, urlPrefix, isDefault }) => ({ code, hreflang, urlPrefix, isDefault })),
    ).toEqual([
      { code: 'default', hreflang: 'en-US', urlPrefix: '/', isDefault: true },
      { code: 'fr', hreflang: 'fr-FR', urlPrefix: '/fr/', isDefault: false },
    ]);
    expect(await commerce.sitemap.stores()).toEqual(plan.stores.map(({ files: _files, ...store }) => store));
  });

  it('lists every indexable page of the default store once, split into files of at most the limit', async () => {
    const expected = expectedPaths();
    // The demo catalog is large enough to need several files at this size.
    expect(expected.length).toBeGreaterThan(3 * PER_FILE);
    const files = await allFiles();
    expect(files.length).toBe(Math.ceil(expected.length / PER_FILE));
    for (const file of files.slice(0, -1)) expect(file.length).toBe(PER_FILE);
    const listed = files.flat();
    expect(new Set(listed).size).toBe(listed.length);
    expect([...listed].sort()).toEqual([...expected].sort());
    expect(listed[0]).toBe('');
    const past: SitemapEntry[] = [];
    for await (const page of commerce.sitemap.paths('default', files.length + 1)) past.push(...page);
    expect(past).toEqual([]);
  });

  it('lists every page of the French store once, at its French address under /fr/', async () => {
    const expected = expectedFrenchPaths();
    expect(expected.length).toBeGreaterThan(3 * PER_FILE);
    const plan = await commerce.sitemap.plan();
    const files = await allFiles('fr');
    expect(files.length).toBe(plan.stores.find((s) => s.code === 'fr')!.files);
    expect(files.length).toBe(Math.ceil(expected.length / PER_FILE));
    for (const file of files.slice(0, -1)) expect(file.length).toBe(PER_FILE);
    const listed = files.flat();
    expect(listed[0]).toBe('fr/');
    expect(new Set(listed).size).toBe(listed.length);
    expect([...listed].sort()).toEqual([...expected].sort());
    // The store's own addresses replace the default ones; CMS pages keep their identifiers.
    expect(listed).toContain('fr/t-shirt-col-rond-kestrel.html');
    expect(listed).not.toContain('fr/kestrel-crew-tee.html');
    expect(listed).toContain('fr/femme.html');
    expect(listed).not.toContain('fr/women.html');
    expect(listed).toContain('fr/about-us');
    expect(listed).not.toContain('fr/no-route');
    // As many pages as the default store: the same entities, each once.
    expect(listed.length).toBe(expectedPaths().length);
  });

  it('lists only URLs the storefront resolves, none of them a redirect, in each store', async () => {
    for (const [store, prefix] of [
      ['default', ''],
      ['fr', 'fr/'],
    ] as const) {
      const listed = (await allFiles(store)).flat().filter((path) => path !== prefix);
      const sample = listed.filter((_, i) => i % Math.ceil(listed.length / 25) === 0);
      for (const path of sample) {
        expect(path.startsWith(prefix), path).toBe(true);
        const route = await routeOf(path.slice(prefix.length), store === 'default' ? undefined : store);
        expect(route, path).not.toBeNull();
        expect(route!.redirect_code, path).toBe(0);
      }
    }
  });

  it("gives each page its addresses in every store as hreflang alternates, and the default store's as x-default", async () => {
    const both = [...(await allEntries()).flat(), ...(await allEntries('fr')).flat()];
    const byPath = new Map(both.map((entry) => [entry.path, entry.alternates]));
    const tee = [
      { hreflang: 'en-US', path: 'kestrel-crew-tee.html' },
      { hreflang: 'fr-FR', path: 'fr/t-shirt-col-rond-kestrel.html' },
      { hreflang: 'x-default', path: 'kestrel-crew-tee.html' },
    ];
    expect(byPath.get('kestrel-crew-tee.html')).toEqual(tee);
    expect(byPath.get('fr/t-shirt-col-rond-kestrel.html')).toEqual(tee);
    expect(byPath.get('fr/femme.html')).toEqual([
      { hreflang: 'en-US', path: 'women.html' },
      { hreflang: 'fr-FR', path: 'fr/femme.html' },
      { hreflang: 'x-default', path: 'women.html' },
    ]);
    expect(byPath.get('about-us')).toEqual([
      { hreflang: 'en-US', path: 'about-us' },
      { hreflang: 'fr-FR', path: 'fr/about-us' },
      { hreflang: 'x-default', path: 'about-us' },
    ]);
    const home = [
      { hreflang: 'en-US', path: '' },
      { hreflang: 'fr-FR', path: 'fr/' },
      { hreflang: 'x-default', path: '' },
    ];
    expect(byPath.get('')).toEqual(home);
    expect(byPath.get('fr/')).toEqual(home);
    // Every page is in both stores: each lists itself among its alternates, and each alternate is listed.
    for (const entry of both) {
      expect(
        entry.alternates.map((a) => a.hreflang),
        entry.path,
      ).toEqual(['en-US', 'fr-FR', 'x-default']);
      expect(
        entry.alternates.map((a) => a.path),
        entry.path,
      ).toContain(entry.path);
      for (const alternate of entry.alternates) expect(byPath.has(alternate.path), alternate.path).toBe(true);
    }
  });

  it('drops disabled pages from every store and moves <lastmod> when the catalog changes', async () => {
    const before = await commerce.sitemap.plan();
    const listedBefore = (await allFiles()).flat();
    const frenchBefore = (await allFiles('fr')).flat();
    const other = openDatabase(database.config);
    let product: string, category: string, frenchProduct: string, frenchCategory: string;
    try {
      const productRow = await other.db
        .selectFrom('product')
        .innerJoin('product_store as s', (join) =>
          join.onRef('s.product_id', '=', 'product.id').on('s.store_id', '=', 2),
        )
        .select(['product.id', 'product.url_key', 's.url_key as french_url_key'])
        .where('product.visibility', '=', 4)
        .orderBy('product.id')
        .executeTakeFirstOrThrow();
      const categoryRow = await other.db
        .selectFrom('url_rewrite')
        .select(['entity_id', 'request_path'])
        .where('entity_type', '=', 'CATEGORY')
        .where('redirect_type', '=', 0)
        .where('store_id', '=', 1)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      const frenchCategoryRow = await other.db
        .selectFrom('category_store')
        .select('url_path')
        .where('category_id', '=', categoryRow.entity_id)
        .where('store_id', '=', 2)
        .executeTakeFirst();
      product = `${productRow.url_key}.html`;
      frenchProduct = `fr/${productRow.french_url_key}.html`;
      category = categoryRow.request_path;
      frenchCategory = `fr/${frenchCategoryRow?.url_path ?? category.replace(/\.html$/, '')}.html`;
      expect(listedBefore).toContain(product);
      expect(listedBefore).toContain(category);
      expect(frenchBefore).toContain(frenchProduct);
      expect(frenchBefore).toContain(frenchCategory);
      await new Promise((resolve) => setTimeout(resolve, 5));
      await inWriteTransaction(other.db, async (uow) => {
        const trx = uow.db;
        await trx.updateTable('product').set({ visibility: 1 }).where('id', '=', productRow.id).execute();
        await trx.updateTable('category').set({ is_active: 0 }).where('id', '=', categoryRow.entity_id).execute();
        await rebuildCatalogIndex(uow);
      });
    } finally {
      await other.close();
    }
    const after = await commerce.sitemap.plan();
    const listedAfter = (await allFiles()).flat();
    const frenchAfter = (await allFiles('fr')).flat();
    expect(listedAfter).not.toContain(product);
    expect(listedAfter).not.toContain(category);
    expect(frenchAfter).not.toContain(frenchProduct);
    expect(frenchAfter).not.toContain(frenchCategory);
    expect(frenchAfter.length).toBe(frenchBefore.length - 2);
    expect(after.version).toBeGreaterThan(before.version);
    expect(Date.parse(after.changedAt)).toBeGreaterThan(Date.parse(before.changedAt));
  });

  it("lists a page without a French address of its own at the default store's address under /fr/", async () => {
    const other = openDatabase(database.config);
    let path: string;
    try {
      const rewrite = await other.db
        .selectFrom('url_rewrite')
        .innerJoin('product', 'product.id', 'url_rewrite.entity_id')
        .select(['url_rewrite.id', 'url_rewrite.entity_id'])
        .where('url_rewrite.entity_type', '=', 'PRODUCT')
        .where('url_rewrite.store_id', '=', 2)
        .where('url_rewrite.redirect_type', '=', 0)
        .where('product.visibility', '=', 4)
        .orderBy('url_rewrite.id', 'desc')
        .executeTakeFirstOrThrow();
      const own = await other.db
        .selectFrom('url_rewrite')
        .select('request_path')
        .where('entity_type', '=', 'PRODUCT')
        .where('entity_id', '=', rewrite.entity_id)
        .where('store_id', '=', 1)
        .where('redirect_type', '=', 0)
        .executeTakeFirstOrThrow();
      path = own.request_path;
      await other.db.deleteFrom('url_rewrite').where('id', '=', rewrite.id).execute();
    } finally {
      await other.close();
    }
    const entries = (await allEntries('fr')).flat().filter((entry) => entry.path === `fr/${path}`);
    expect(entries).toEqual([
      {
        path: `fr/${path}`,
        alternates: [
          { hreflang: 'en-US', path },
          { hreflang: 'fr-FR', path: `fr/${path}` },
          { hreflang: 'x-default', path },
        ],
      },
    ]);
  });

  it('yields nothing for a part that is not a positive whole number, or a store that is not active', async () => {
    for (const part of [0, -1, 1.5, Number.NaN]) {
      const pages: SitemapEntry[][] = [];
      for await (const page of commerce.sitemap.paths('default', part)) pages.push(page);
      for await (const page of commerce.sitemap.paths('fr', part)) pages.push(page);
      expect(pages, String(part)).toEqual([]);
    }
    for (const store of ['nope', 'FR', '']) {
      const pages: SitemapEntry[][] = [];
      for await (const page of commerce.sitemap.paths(store, 1)) pages.push(page);
      expect(pages, store).toEqual([]);
    }
  });

  it('lists a store view only once it has a URL prefix, every page under it, and it joins the alternates', async () => {
    const other = openDatabase(database.config);
    try {
      await other.db
        .insertInto('store_view')
        .values({
          id: 3,
          code: 'de',
          name: 'Vela Deutschland',
          locale: 'de_DE',
          default_display_currency_code: 'EUR',
          allowed_currency_codes: 'EUR',
          sort_order: 2,
          is_active: 1,
        })
        .execute();
      // Without a base_link_url of its own it would share the default store's addresses.
      expect((await commerce.sitemap.stores()).map((s) => s.code)).toEqual(['default', 'fr']);
      const none: SitemapEntry[][] = [];
      for await (const page of commerce.sitemap.paths('de', 1)) none.push(page);
      expect(none).toEqual([]);
      await other.db
        .insertInto('store_view_config')
        .values({ store_id: 3, key: 'base_link_url', value: '/de/' })
        .execute();
    } finally {
      await other.close();
    }
    expect((await commerce.sitemap.stores()).map((s) => [s.code, s.urlPrefix, s.hreflang])).toEqual([
      ['default', '/', 'en-US'],
      ['fr', '/fr/', 'fr-FR'],
      ['de', '/de/', 'de-DE'],
    ]);
    // No addresses of its own: every page at the default store's address under /de/.
    const german = (await allFiles('de')).flat();
    const english = (await allFiles()).flat();
    expect(german).toEqual(english.map((path) => `de/${path}`));
    // A French page with an address of its own (the Kestrel tee was disabled above).
    const page = (await allEntries('fr'))
      .flat()
      .find((entry) => entry.path.endsWith('.html') && entry.alternates[0]!.path !== entry.path.slice('fr/'.length))!;
    const own = page.alternates[0]!.path;
    expect(page.alternates).toEqual([
      { hreflang: 'en-US', path: own },
      { hreflang: 'fr-FR', path: page.path },
      { hreflang: 'de-DE', path: `de/${own}` },
      { hreflang: 'x-default', path: own },
    ]);
  });
});
