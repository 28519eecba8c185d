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
    expect(files).toEqual(Array.from({ length: plan.files }, (_, i) => `https://shop.example/sitemap-${i + 1}.xml`));
    expect(files.length).toBeGreaterThan(1);
    const lastmods = [...xml.matchAll(/<lastmod>([^<]*)<\/lastmod>/g)].map((m) => m[1]!);
    expect(lastmods).toHaveLength(files.length);
    for (const lastmod of lastmods) expect(new Date(lastmod).toISOString()).toBe(lastmod);

    const urls: string[] = [];
    for (const file of files) {
      const response = await app.request(new URL(file).pathname);
      expect(response.status).toBe(200);
      const body = await response.text();
      expect(body).toMatch(/<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">/);
      expect(body.trimEnd().endsWith('</urlset>')).toBe(true);
      const found = locs(body);
      expect(found.length).toBeLessThanOrEqual(150);
      urls.push(...found);
    }
    expect(urls[0]).toBe('https://shop.example/');
    expect(new Set(urls).size).toBe(urls.length);
    for (const url of urls) expect(new URL(url).origin).toBe('https://shop.example');
    expect(urls).toContain('https://shop.example/about-us');
    expect(urls.some((url) => /\/[a-z0-9-]+\.html$/.test(url))).toBe(true);
    expect(urls).not.toContain('https://shop.example/no-route');
  });

  it('answers 304 to a crawler that has the current version, and 404 past the last file', async () => {
    const first = await app.request('/sitemap-1.xml');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"catalog-\d+"$/);
    const again = await app.request('/sitemap-1.xml', { headers: { 'If-None-Match': etag! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    const plan = await commerce.sitemap.plan();
    expect((await app.request(`/sitemap-${plan.files + 1}.xml`)).status).toBe(404);
    expect((await app.request('/sitemap-0.xml')).status).not.toBe(200);
    expect((await app.request('/sitemap-01.xml')).status).not.toBe(200);
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
    expect(await (await fronting.request('/robots.txt')).text()).not.toMatch(/Sitemap:/);
  });
});
