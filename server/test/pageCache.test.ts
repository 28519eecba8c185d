// Issue 33: anonymous shoppers' pages are kept whole (server/src/pageCache.ts), and must stay
// exact. Two real server processes on one database, over HTTP: a price, stock, name, CMS or
// store-settings change shows on the next request in both; a signed-in shopper, a shopper's cart,
// a currency or store switch never gets someone else's page; a page of an older catalog version
// is never served again; and the headers let a CDN keep the page without weakening its CSP.
//
// The real storefront build only exists after `npm run build` (the e2e suite checks the real
// pages' policy in Chromium: e2e/tests/security-headers.spec.ts). Here a small React Router
// server build stands in for it with the storefront's contract (standInStorefront.ts).
// WORKERS=2 on PostgreSQL: pageCache.postgres.test.ts.
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from './serverProcess';
import { writeStandInStorefront } from './standInStorefront';

const dir = mkdtempSync(path.join(os.tmpdir(), 'vela-page-cache-'));
const buildDir = writeStandInStorefront(dir);

let a: ServerProcess;
let b: ServerProcess;
let db: Database.Database;
let product: { id: number; url: string; name: string };

beforeAll(async () => {
  a = await startServerProcess({ STOREFRONT_BUILD_DIR: buildDir });
  // A second process on the same database file: each keeps pages of its own.
  b = await startServerProcess({
    STOREFRONT_BUILD_DIR: buildDir,
    SQLITE_PATH: path.join(a.varDir, 'vela.db'),
    SEED_DEMO: 'false',
  });
  db = new Database(path.join(a.varDir, 'vela.db'));
  db.pragma('busy_timeout = 5000');
  const row = db
    .prepare(
      `select id, name, url_key from product where type = 'simple' and parent_id is null and visibility = 4 and stock_qty > 1 order by id limit 1`,
    )
    .get() as { id: number; name: string; url_key: string };
  product = { id: row.id, url: `/${row.url_key}.html`, name: row.name };
}, 120_000);

afterAll(async () => {
  db?.close();
  await Promise.all([a?.dispose(), b?.dispose()]);
  rmSync(dir, { recursive: true, force: true });
});

/** A catalog write as the shop makes it: the change and the version bump in one transaction. */
function change(sql: string, ...params: unknown[]) {
  db.transaction(() => {
    db.prepare(sql).run(...params);
    db.prepare(`update catalog_version set version = version + 1, changed_at = ? where id = 1`).run(
      new Date().toISOString(),
    );
  })();
}

async function page(origin: string, address: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${origin}${address}`, { headers: { 'accept-encoding': 'gzip', ...headers } });
  const html = await response.text();
  return { status: response.status, headers: response.headers, html, main: /<main>(.*)<\/main>/.exec(html)?.[1] };
}

/** Serves the page once so it is kept, and checks the next answer comes from the cache. */
async function kept(origin: string, address: string, headers: Record<string, string> = {}) {
  await page(origin, address, headers);
  const second = await page(origin, address, headers);
  expect(second.headers.get('x-page-cache')).toBe('HIT');
  return second;
}

describe('the page cache, exact', () => {
  it('keeps an anonymous page and serves it again from memory', async () => {
    const first = await page(a.origin, product.url);
    expect(first.status).toBe(200);
    expect(first.headers.get('x-page-cache')).toBe('MISS');
    expect(first.main).toContain(product.name);
    const second = await page(a.origin, product.url);
    expect(second.headers.get('x-page-cache')).toBe('HIT');
    expect(second.html).toBe(first.html);
  });

  it('shows a price, stock or name change on the next request, in both processes', async () => {
    for (const origin of [a.origin, b.origin]) await kept(origin, product.url);

    change('update product set price = 12345, min_price = 12345, max_price = 12345 where id = ?', product.id);
    for (const origin of [a.origin, b.origin]) expect((await page(origin, product.url)).main).toContain('USD 123.45');

    for (const origin of [a.origin, b.origin]) await kept(origin, product.url);
    change('update product set stock_qty = 0, in_stock = 0 where id = ?', product.id);
    for (const origin of [a.origin, b.origin]) expect((await page(origin, product.url)).main).toContain('OUT_OF_STOCK');

    for (const origin of [a.origin, b.origin]) await kept(origin, product.url);
    change('update product set name = ? where id = ?', 'Renamed Weekender', product.id);
    for (const origin of [a.origin, b.origin])
      expect((await page(origin, product.url)).main).toContain('Renamed Weekender');
  });

  it('shows a CMS page change and a store-settings change on the next request', async () => {
    for (const origin of [a.origin, b.origin]) await kept(origin, '/about-us');
    change(`update cms_page set title = 'About Vela' where identifier = 'about-us'`);
    for (const origin of [a.origin, b.origin]) expect((await page(origin, '/about-us')).main).toContain('About Vela');

    for (const origin of [a.origin, b.origin]) await kept(origin, '/');
    change(`update store_view set name = 'Vela Outlet' where code = 'default'`);
    for (const origin of [a.origin, b.origin]) expect((await page(origin, '/')).html).toContain('<title>Vela Outlet');
  });

  it('never serves a page of an older catalog version, even when the version moves while a page renders', async () => {
    const before = await kept(a.origin, product.url);
    const version = (db.prepare('select version from catalog_version where id = 1').get() as { version: number })
      .version;
    expect(before.headers.get('surrogate-key')).toBe(`vela-pages vela-catalog-${version}`);
    // A version change with nothing else changed (a purge): the page is rendered again.
    change('update catalog_version set changed_at = changed_at where id = 1');
    const after = await page(a.origin, product.url);
    expect(after.headers.get('x-page-cache')).toBe('MISS');
    expect(after.headers.get('surrogate-key')).toBe(`vela-pages vela-catalog-${version + 1}`);
    // A page read before a change and finished after it is sent once, never kept, even when
    // the process has meanwhile seen the new version (another page asked for).
    const slow = page(a.origin, `${product.url}?slow=600`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    change('update product set price = 7777, min_price = 7777 where id = ?', product.id);
    await page(a.origin, '/about-us');
    expect((await slow).main).not.toContain('USD 77.77');
    const next = await page(a.origin, `${product.url}?slow=600`);
    expect(next.main).toContain('USD 77.77');
    // Changes race the renders: whatever a page shows, once the writes stop it shows the last one.
    const renders = Array.from({ length: 6 }, (_, i) => page(a.origin, `${product.url}?race=${i % 2}`));
    for (let i = 0; i < 5; i++)
      change('update product set price = ?, min_price = ? where id = ?', 200 + i, 200 + i, product.id);
    await Promise.all(renders);
    for (const query of ['?race=0', '?race=1']) {
      expect((await page(a.origin, `${product.url}${query}`)).main).toContain('USD 2.04');
      expect((await page(a.origin, `${product.url}${query}`)).main).toContain('USD 2.04');
    }
  });
});

describe('search terms of kept answers (issue 34)', () => {
  it("counts a search page's term each time it is served, from the page cache or the API's response cache", async () => {
    const term = 'kestrel hoodie';
    const popularity = () =>
      (
        db.prepare('select popularity from search_query where store_id = 1 and query_text = ?').get(term) as
          { popularity: number } | undefined
      )?.popularity ?? 0;
    const address = `/search?q=${encodeURIComponent(term)}`;
    expect((await page(a.origin, address)).headers.get('x-page-cache')).toBe('MISS');
    expect((await page(a.origin, address)).headers.get('x-page-cache')).toBe('HIT');
    const api = new URL('/graphql', a.origin);
    api.searchParams.set('query', 'query($q: String!) { products(search: $q, pageSize: 24) { total_count } }');
    api.searchParams.set('variables', JSON.stringify({ q: term }));
    await fetch(api, { headers: { accept: 'application/json' } });
    const again = await fetch(api, { headers: { accept: 'application/json' } });
    expect(again.headers.get('x-cache')).toBe('HIT');
    // Counts are written once a second, off the request path.
    for (let i = 0; i < 50 && popularity() < 4; i++) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(popularity()).toBe(4);
  });
});

describe('the page cache, never personal', () => {
  it("gives a shopper with another currency or store that currency's and store's page", async () => {
    const usd = await kept(a.origin, product.url);
    expect(usd.main).toContain('USD');
    const eur = await page(a.origin, product.url, { cookie: 'vela_currency=EUR' });
    expect(eur.main).toContain('EUR');
    expect(eur.html).toContain('"currency":"EUR"');
    expect((await page(a.origin, product.url, { cookie: 'vela_currency=EUR' })).headers.get('x-page-cache')).toBe(
      'HIT',
    );
    expect((await page(a.origin, product.url)).main).toContain('USD');
    // A currency the store does not offer is the store's default: the same page as without.
    expect((await page(a.origin, product.url, { cookie: 'vela_currency=JPY' })).main).toContain('USD');
    // The French store's page is its own (its default currency is EUR).
    const french = await page(a.origin, `/fr${product.url}`);
    expect(french.html).toContain('"code":"fr"');
    expect(french.main).toContain('EUR');
    expect((await page(a.origin, product.url)).html).toContain('"code":"default"');
    // The currency comes from a cookie: caches in front must tell them apart too.
    expect(usd.headers.get('vary')).toMatch(/Cookie/);
  });

  it("never serves one shopper's cart to another, and keeps no cart page", async () => {
    const first = await page(a.origin, '/cart', { cookie: 'vela_cart=cartAAAA' });
    const second = await page(a.origin, '/cart', { cookie: 'vela_cart=cartBBBB' });
    expect(first.main).toBe('cart cartAAAA');
    expect(second.main).toBe('cart cartBBBB');
    for (const answer of [first, second]) {
      expect(answer.headers.get('x-page-cache')).toBe('BYPASS');
      expect(answer.headers.get('cache-control')).toBe('private, no-store');
      expect(answer.headers.get('content-security-policy')).toMatch(/'nonce-/);
    }
    // A catalog page asked for with a cart cookie is the anonymous page: it reads no cart.
    const withCart = await page(a.origin, product.url, { cookie: 'vela_cart=cartAAAA' });
    expect(withCart.html).not.toContain('cartAAAA');
  });

  it('renders afresh, and lets nobody keep, a page asked for with credentials', async () => {
    await kept(a.origin, product.url);
    const credentials: Record<string, string>[] = [
      { authorization: 'Bearer someone' },
      { cookie: 'vela_staff=session' },
    ];
    for (const headers of credentials) {
      const answer = await page(a.origin, product.url, headers);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('x-page-cache')).toBe('BYPASS');
      expect(answer.headers.get('cache-control')).toBe('private, no-store');
      expect(answer.headers.get('content-security-policy')).toMatch(/'nonce-/);
    }
  });
});

describe('headers of a kept page', () => {
  it('lets a shared cache keep it: public, s-maxage, no Set-Cookie, a purge tag, an ETag', async () => {
    const answer = await kept(a.origin, product.url);
    // A browser must never show a page from before a change (Chromium honours stale-while-revalidate
    // in its own cache): only CDNs get the extra minute, through CDN-Cache-Control.
    expect(answer.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=300');
    expect(answer.headers.get('cdn-cache-control')).toBe('max-age=300, stale-while-revalidate=60');
    expect(answer.headers.get('set-cookie')).toBeNull();
    expect(answer.headers.get('surrogate-key')).toMatch(/^vela-pages vela-catalog-\d+$/);
    expect(answer.headers.has('x-vela-shareable-page')).toBe(false);
    const etag = answer.headers.get('etag')!;
    const revalidated = await fetch(`${a.origin}${product.url}`, { headers: { 'if-none-match': etag } });
    expect(revalidated.status).toBe(304);
    // Identity, gzip and brotli carry the same page.
    const identity = await page(a.origin, product.url, { 'accept-encoding': 'identity' });
    const brotli = await page(a.origin, product.url, { 'accept-encoding': 'br' });
    expect(identity.html).toBe(answer.html);
    expect(brotli.html).toBe(answer.html);
  });

  it('allows exactly its inline scripts by their SHA-256, with no nonce, fresh or kept', async () => {
    for (const state of ['MISS', 'HIT']) {
      const answer = await page(a.origin, '/customer-service');
      expect(answer.headers.get('x-page-cache')).toBe(state);
      const policy = answer.headers.get('content-security-policy')!;
      const sources = /script-src ([^;]*)/.exec(policy)![1]!.split(' ');
      expect(sources.filter((source) => source.startsWith("'nonce-") || source === "'unsafe-inline'")).toEqual([]);
      expect(answer.html).not.toMatch(/nonce="[^"]+"/);
      const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
      const inline = [...answer.html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
      expect(inline).toHaveLength(2);
      // The two inline scripts, and the module script the second one inserts; not the JSON-LD block.
      expect(sources.filter((source) => source.startsWith("'sha256-"))).toEqual([
        sha256(inline[0]!),
        sha256(inline[1]!),
        sha256('window.started = true;'),
      ]);
      expect(sources).toContain("'self'");
    }
  });
});
