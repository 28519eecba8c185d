import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BACK_OFFICE_CSP } from '../src/backOfficeAssets';
import { createApp, type AppParts } from '../src/createApp';
import { readConfig } from '../src/config';

const root = mkdtempSync(path.join(os.tmpdir(), 'vela-backoffice-'));
const storefrontBuildDir = path.join(root, 'storefront');
mkdirSync(path.join(storefrontBuildDir, 'client'), { recursive: true });
const backOfficeBuildDir = path.join(root, 'backoffice');
mkdirSync(path.join(backOfficeBuildDir, 'assets'), { recursive: true });
const INDEX =
  '<!doctype html><html><head><script type="module" src="/admin/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>';
writeFileSync(path.join(backOfficeBuildDir, 'index.html'), INDEX);
writeFileSync(path.join(backOfficeBuildDir, 'assets', 'index-abc123.js'), 'console.log("back office");');
afterAll(() => rmSync(root, { recursive: true, force: true }));

function appWith(parts: Partial<AppParts> = {}) {
  const app = createApp({
    graphql: async () => Response.json({ data: { ok: true } }),
    ssrTransport: () => ({ uri: 'http://localhost/graphql', fetch }),
    storefront: async (request) =>
      new Response(`<html>storefront ${new URL(request.url).pathname}</html>`, {
        status: 404,
        headers: { 'Content-Type': 'text/html' },
      }),
    storefrontBuildDir,
    backOfficeBuildDir,
    publicUrl: 'https://shop.example',
    ...parts,
  });
  return app;
}

describe('the back office mount (/admin)', () => {
  const app = appWith();

  it('answers index.html for /admin and every page under it, never cached, with strict headers', async () => {
    for (const url of ['/admin', '/admin/', '/admin/orders', '/admin/orders/000000001?x=1', '/admin/sign-in']) {
      const response = await app.request(url);
      expect(response.status, url).toBe(200);
      expect(response.headers.get('content-type'), url).toMatch(/^text\/html/);
      expect(await response.text(), url).toBe(INDEX);
      expect(response.headers.get('cache-control'), url).toBe('no-store');
      expect(response.headers.get('x-robots-tag'), url).toMatch(/noindex/);
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp, url).toBe(BACK_OFFICE_CSP);
      // No inline script may run: no nonce, no 'unsafe-inline' for scripts.
      expect(csp).toMatch(/script-src 'self';/);
      expect(csp).not.toMatch(/unsafe-inline|nonce-/);
      expect(csp).toMatch(/frame-ancestors 'none'/);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('same-origin');
      expect(response.headers.get('strict-transport-security')).toMatch(/max-age=/);
    }
  });

  it('serves hashed assets with a year of immutable caching, and 404 for a missing one', async () => {
    const asset = await app.request('/admin/assets/index-abc123.js');
    expect(asset.status).toBe(200);
    expect(await asset.text()).toBe('console.log("back office");');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.get('content-type')).toMatch(/javascript/);
    const missing = await app.request('/admin/assets/gone-000.js');
    expect(missing.status).toBe(404);
    expect(await missing.text()).not.toContain('<div id="root">');
    const traversal = await app.request('/admin/assets/..%2f..%2fstorefront%2fclient');
    expect(traversal.status).toBe(404);
  });

  it('leaves /admin/graphql to the API route and other methods to the rest of the app', async () => {
    for (const method of ['GET', 'POST']) {
      const api = await app.request('/admin/graphql', { method, body: method === 'POST' ? '{}' : undefined });
      expect(await api.text(), method).not.toContain('<div id="root">');
      expect(api.headers.get('content-security-policy'), method).not.toBe(BACK_OFFICE_CSP);
    }
    const posted = await app.request('/admin/orders', { method: 'POST', body: 'x' });
    expect(await posted.text()).not.toContain('<div id="root">');
  });

  it('does not take over storefront paths that merely start with "admin"', async () => {
    const response = await app.request('/administrator-bag.html');
    expect(await response.text()).toBe('<html>storefront /administrator-bag.html</html>');
  });

  it('answers 503 with a hint while the back office is not built', async () => {
    const unbuilt = appWith({ backOfficeBuildDir: path.join(root, 'nothing-here') });
    const page = await unbuilt.request('/admin/orders');
    expect(page.status).toBe(503);
    expect(await page.text()).toMatch(/npm run build/);
    expect((await unbuilt.request('/admin/assets/index-abc123.js')).status).toBe(404);
  });

  it('is not mounted without a build directory (fronting Magento): /admin is a storefront path', async () => {
    const fronting = appWith({ backOfficeBuildDir: undefined });
    const response = await fronting.request('/admin');
    expect(await response.text()).toBe('<html>storefront /admin</html>');
    expect(response.headers.get('content-security-policy')).not.toBe(BACK_OFFICE_CSP);
  });

  it('closes /admin to crawlers in robots.txt', async () => {
    const robots = await (await app.request('/robots.txt')).text();
    expect(robots).toContain('Disallow: /admin$');
    expect(robots).toContain('Disallow: /admin/');
  });

  it('reads BACKOFFICE_BUILD_DIR like STOREFRONT_BUILD_DIR', () => {
    expect(readConfig({}, '/srv/shop').backOfficeBuildDir).toBe('/srv/shop/backoffice/dist');
    expect(readConfig({ BACKOFFICE_BUILD_DIR: 'out/admin' }, '/srv/shop').backOfficeBuildDir).toBe(
      '/srv/shop/out/admin',
    );
  });
});
