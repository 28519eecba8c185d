import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createCommerce, type Commerce } from '@vela/commerce';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/createApp';

// /robots.txt and /sitemap.xml as a crawler fetches them, on the embedded catalog.

const dir = mkdtempSync(path.join(os.tmpdir(), 'vela-seo-'));
mkdirSync(path.join(dir, 'client'));
let commerce: Commerce;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  commerce = await createCommerce({
    sqlitePath: path.join(dir, 'vela.db'),
    mailDir: path.join(dir, 'mail'),
    sitemapUrlsPerFile: 150,
    mailWorker: false,
  });
  app = createApp({
    graphql: (request) => commerce.fetch(request),
    ssrTransport: () => ({ uri: 'http://localhost/graphql', fetch }),
    storefront: async () => new Response('<html>page</html>', { headers: { 'Content-Type': 'text/html' } }),
    storefrontBuildDir: dir,
    publicUrl: 'https://shop.example',
    sitemap: commerce.sitemap,
  });
}, 60_000);
afterAll(async () => {
  await commerce?.close();
  rmSync(dir, { recursive: true, force: true });
});

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!);

/**
 * Google's reading of a robots.txt rule: a prefix match, where `*` is any run of characters and a
 * final `$` anchors the end. Enough to check our rules do what they mean.
 */
function disallowed(robots: string, pathAndQuery: string): boolean {
  return robots
    .split('\n')
    .filter((line) => line.startsWith('Disallow: '))
    .map((line) => line.slice('Disallow: '.length))
    .some((rule) => {
      const anchored = rule.endsWith('$');
      const body = (anchored ? rule.slice(0, -1) : rule)
        .split('*')
        .map((part) => part.replace(/[.?+^${}()|[\]\\/]/g, '\\$&'))
        .join('.*');
      return new RegExp(`^${body}${anchored ? '$' : ''}`).test(pathAndQuery);
    });
}

describe('robots.txt', () => {
  it('names the sitemap on the public origin and keeps crawlers out of private and search pages only', async () => {
    const response = await app.request('/robots.txt');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    const robots = await response.text();
    expect(robots).toMatch(/^User-agent: \*$/m);
    expect(robots).toMatch(/^Sitemap: https:\/\/shop\.example\/sitemap\.xml$/m);
    for (const path of [
      '/cart',
      '/checkout',
      '/checkout/success',
      '/account',
      '/account/orders/000000012',
      '/account/signin',
      '/wishlist',
      '/search?q=tee',
      '/search',
      '/customer/account/createPassword?token=x',
      '/sales/guest/form',
      '/graphql?query=%7B%7D',
    ])
      expect(disallowed(robots, path), path).toBe(true);
    for (const path of [
      '/',
      '/women.html',
      '/kestrel-crew-tee.html',
      '/cart-wheel-tee.html',
      '/accounting-book.html',
      '/about-us',
    ])
      expect(disallowed(robots, path), path).toBe(false);
  });

  it("closes the same private pages under each store view's prefix", async () => {
    const robots = await (await app.request('/robots.txt')).text();
    for (const path of ['cart', 'checkout', 'account', 'wishlist', 'search', 'customer', 'sales/guest'])
      for (const rule of [`/fr/${path}$`, `/fr/${path}/`, `/fr/${path}?`])
        expect(robots.split('\n'), rule).toContain(`Disallow: ${rule}`);
    for (const path of [
      '/fr/cart',
      '/fr/checkout',
      '/fr/checkout/success',
      '/fr/account',
      '/fr/account/orders/000000012',
      '/fr/wishlist',
      '/fr/search?q=tee',
      '/fr/customer/account/createPassword?token=x',
      '/fr/sales/guest/form',
    ])
      expect(disallowed(robots, path), path).toBe(true);
    for (const path of [
      '/fr/',
      '/fr/femme.html',
      '/fr/t-shirt-col-rond-kestrel.html',
      '/fr/cart-wheel-tee.html',
      '/fr/about-us',
    ])
      expect(disallowed(robots, path), path).toBe(false);
    // Still one sitemap: the index names every store's files.
    expect(robots.match(/^Sitemap: /gm)).toHaveLength(1);
  });

  it("answers with the root's rules when the store views cannot be read", async () => {
    const failing = createApp({
      graphql: async () => Response.json({ data: null }),
      ssrTransport: () => ({ uri: 'http://localhost/graphql', fetch }),
      storefront: async () => new Response('not found', { status: 404 }),
      storefrontBuildDir: dir,
      publicUrl: 'https://shop.example',
      sitemap: { ...commerce.sitemap, stores: () => Promise.reject(new Error('database is down')) },
    });
    const response = await failing.request('/robots.txt');
    expect(response.status).toBe(200);
    const robots = await response.text();
    expect(robots).toMatch(/^Disallow: \/cart\$$/m);
    expect(robots).not.toMatch(/\/fr\//);
  });
});

describe('sitemap.xml', () => {
  it('is an index of the files with the catalog change as lastmod, and the files list every page once', async () => {
    const index = await app.request('/sitemap.xml');
    expect(index.status).toBe(200);
    expect(index.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const xml = await index.text();
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">/,
    );
    const files = locs(xml);
    const plan = await commerce.sitemap.plan();
    const [english, french] = plan.stores;
    expect(english).toMatchObject({ code: 'default', isDefault: true });
    expect(french).toMatchObject({ code: 'fr', isDefault: false });
    // The default store's files keep their addresses; the French store's carry its code.
    expect(files).toEqual([
      ...Array.from({ length: english!.files }, (_, i) => `https://shop.example/sitemap-${i + 1}.xml`),
      ...Array.from({ length: french!.files }, (_, i) => `https://shop.example/sitemap-fr-${i + 1}.xml`),
    ]);
    expect(english!.files).toBeGreaterThan(1);
    expect(french!.files).toBeGreaterThan(1);
    const lastmods = [...xml.matchAll(/<lastmod>([^<]*)<\/lastmod>/g)].map((m) => m[1]!);
    expect(lastmods).toHaveLength(files.length);
    for (const lastmod of lastmods) expect(new Date(lastmod).toISOString()).toBe(lastmod);

    const urls: string[] = [];
    const frenchUrls: string[] = [];
    for (const file of files) {
      const response = await app.request(new URL(file).pathname);
      expect(response.status).toBe(200);
      const body = await response.text();
      expect(body).toMatch(
        /<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9" xmlns:xhtml="http:\/\/www\.w3\.org\/1999\/xhtml">/,
      );
      expect(body.trimEnd().endsWith('</urlset>')).toBe(true);
      const found = locs(body);
      expect(found.length).toBeLessThanOrEqual(150);
      (file.includes('/sitemap-fr-') ? frenchUrls : urls).push(...found);
    }
    expect(urls[0]).toBe('https://shop.example/');
    expect(new Set(urls).size).toBe(urls.length);
    for (const url of urls) expect(new URL(url).origin).toBe('https://shop.example');
    expect(urls).toContain('https://shop.example/about-us');
    expect(urls.some((url) => /\/[a-z0-9-]+\.html$/.test(url))).toBe(true);
    expect(urls).not.toContain('https://shop.example/no-route');
    expect(urls.some((url) => url.startsWith('https://shop.example/fr/'))).toBe(false);

    expect(frenchUrls[0]).toBe('https://shop.example/fr/');
    expect(new Set(frenchUrls).size).toBe(frenchUrls.length);
    for (const url of frenchUrls) expect(url.startsWith('https://shop.example/fr/'), url).toBe(true);
    expect(frenchUrls).toContain('https://shop.example/fr/about-us');
    expect(frenchUrls).toContain('https://shop.example/fr/t-shirt-col-rond-kestrel.html');
    expect(frenchUrls).not.toContain('https://shop.example/fr/kestrel-crew-tee.html');
    expect(frenchUrls).toHaveLength(urls.length);
  });

  it('answers 304 to a crawler that has the current version, and 404 past the last file', async () => {
    const first = await app.request('/sitemap-1.xml');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"catalog-\d+"$/);
    const again = await app.request('/sitemap-1.xml', { headers: { 'If-None-Match': etag! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    const plan = await commerce.sitemap.plan();
    const english = plan.stores.find((s) => s.isDefault)!;
    expect((await app.request(`/sitemap-${english.files}.xml`)).status).toBe(200);
    expect((await app.request(`/sitemap-${english.files + 1}.xml`)).status).toBe(404);
    expect((await app.request('/sitemap-0.xml')).status).not.toBe(200);
    expect((await app.request('/sitemap-01.xml')).status).not.toBe(200);
  });

  it("serves a store's file with its own addresses and each page's hreflang alternates", async () => {
    const response = await app.request('/sitemap-fr-1.xml');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const etag = response.headers.get('etag');
    expect(etag).toMatch(/^"catalog-\d+"$/);
    const xml = await response.text();
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9" xmlns:xhtml="http:\/\/www\.w3\.org\/1999\/xhtml">\n<url><loc>https:\/\/shop\.example\/fr\/<\/loc>/,
    );
    const entries = [...xml.matchAll(/<url>(.*?)<\/url>/g)].map((m) => m[1]!);
    expect(entries.length).toBeGreaterThan(1);
    expect(entries[0]).toBe(
      '<loc>https://shop.example/fr/</loc>' +
        '<xhtml:link rel="alternate" hreflang="en-US" href="https://shop.example/"/>' +
        '<xhtml:link rel="alternate" hreflang="fr-FR" href="https://shop.example/fr/"/>' +
        '<xhtml:link rel="alternate" hreflang="x-default" href="https://shop.example/"/>',
    );
    // Every page lists its own address among its alternates.
    for (const entry of entries) {
      const own = /<loc>([^<]*)<\/loc>/.exec(entry)![1]!;
      expect(entry, own).toContain(`hreflang="fr-FR" href="${own}"`);
      expect(entry, own).toMatch(/hreflang="en-US" href="https:\/\/shop\.example\/(?!fr\/)/);
      expect(entry, own).toContain('hreflang="x-default"');
    }
    const about = entries.find((entry) => entry.startsWith('<loc>https://shop.example/fr/about-us</loc>'));
    expect(about).toContain('<xhtml:link rel="alternate" hreflang="en-US" href="https://shop.example/about-us"/>');

    const again = await app.request('/sitemap-fr-1.xml', { headers: { 'If-None-Match': etag! } });
    expect(again.status).toBe(304);
  });

  it("answers a crawler's conditional request for a current file without counting the catalog's pages", async () => {
    let counted = 0;
    const counting = createApp({
      graphql: (request) => commerce.fetch(request),
      ssrTransport: () => ({ uri: 'http://localhost/graphql', fetch }),
      storefront: async () => new Response('not found', { status: 404 }),
      storefrontBuildDir: dir,
      publicUrl: 'https://shop.example',
      sitemap: {
        ...commerce.sitemap,
        files: (store) => {
          counted++;
          return commerce.sitemap.files(store);
        },
      },
    });
    const first = await counting.request('/sitemap-fr-1.xml');
    const etag = first.headers.get('etag')!;
    await first.body?.cancel();
    expect(counted).toBe(1);
    expect((await counting.request('/sitemap-fr-1.xml', { headers: { 'If-None-Match': etag } })).status).toBe(304);
    expect((await counting.request('/sitemap-1.xml', { headers: { 'If-None-Match': etag } })).status).toBe(304);
    expect(counted).toBe(1);
    // An unknown store is not found whatever the crawler holds.
    expect((await counting.request('/sitemap-de-1.xml', { headers: { 'If-None-Match': etag } })).status).toBe(404);
  });

  it('answers 404 for a store that has no sitemap and past the last file of a store', async () => {
    const plan = await commerce.sitemap.plan();
    const french = plan.stores.find((s) => s.code === 'fr')!;
    expect((await app.request(`/sitemap-fr-${french.files}.xml`)).status).toBe(200);
    expect((await app.request(`/sitemap-fr-${french.files + 1}.xml`)).status).toBe(404);
    for (const path of [
      '/sitemap-de-1.xml',
      '/sitemap-default-1.xml',
      '/sitemap-fr-0.xml',
      '/sitemap-fr-01.xml',
      '/sitemap-fr.xml',
    ])
      expect((await app.request(path)).status, path).toBe(404);
  });

  it('is not served when the shop fronts Magento, and robots.txt then names no sitemap', async () => {
    const fronting = createApp({
      graphql: async () => Response.json({ data: null }),
      ssrTransport: () => ({ uri: 'http://localhost/graphql', fetch }),
      storefront: async () => new Response('not found', { status: 404 }),
      storefrontBuildDir: dir,
      publicUrl: 'https://shop.example',
    });
    expect((await fronting.request('/sitemap.xml')).status).toBe(404);
    expect((await fronting.request('/sitemap-fr-1.xml')).status).toBe(404);
    const robots = await (await fronting.request('/robots.txt')).text();
    expect(robots).not.toMatch(/Sitemap:/);
    expect(robots).toMatch(/^Disallow: \/cart\$$/m);
    expect(robots).not.toMatch(/\/fr\//);
  });
});
