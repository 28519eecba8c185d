import { type APIRequestContext, type Page, expect, test } from './fixtures';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

// The installable, offline-capable shop: the service worker takes control, pages seen online
// open again offline (full reload and client navigation), unseen pages show the offline page,
// and Chromium considers the app installable.

interface CatalogPages {
  categoryPath: string;
  categoryName: string;
  productPath: string;
  productName: string;
}

async function catalogPages(request: APIRequestContext): Promise<CatalogPages> {
  const response = await request.get('/graphql', {
    params: {
      query:
        'query E2ePwaPages { categories(filters: { url_path: { eq: "women/tops" } }) { items { name url_path products(pageSize: 1, sort: { position: ASC }) { items { name url_key url_suffix } } } } }',
    },
  });
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as {
    data: {
      categories: {
        items: Array<{
          name: string;
          url_path: string;
          products: { items: Array<{ name: string; url_key: string; url_suffix: string | null }> };
        }>;
      };
    };
  };
  const category = body.data.categories.items[0];
  const product = category?.products.items[0];
  if (!category || !product) throw new Error('the demo catalog has no women/tops category with products');
  return {
    categoryPath: `/${category.url_path}.html`,
    categoryName: category.name,
    productPath: `/${product.url_key}${product.url_suffix ?? '.html'}`,
    productName: product.name,
  };
}

async function waitForControllingWorker(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker?.controller?.state === 'activated', null, {
    timeout: 20_000,
  });
}

const pageHeading = (page: Page) => page.locator('main h1').first();

test('the service worker installs, controls the page, and seen pages open offline', async ({
  page,
  context,
  request,
}) => {
  const pages = await catalogPages(request);
  // Route discovery is in the first HTML: a navigation needs no request whose URL depends on the
  // links in view, so offline it cannot miss the worker's cache.
  const manifestRequests: string[] = [];
  page.on('request', (req) => {
    if (new URL(req.url()).pathname === '/__manifest') manifestRequests.push(req.url());
  });

  await page.goto('/');
  await waitForControllingWorker(page);
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(new URL(scope).pathname).toBe('/');

  // Seen online: the category, then the product (each as a full page load, so their HTML is cached).
  await page.goto(pages.categoryPath);
  await expect(pageHeading(page)).toHaveText(pages.categoryName);
  await expect(page.locator(`main a[href="${pages.productPath}"]`).first()).toBeVisible();
  await page.goto(pages.productPath);
  await expect(pageHeading(page)).toHaveText(pages.productName);
  // The Apollo cache persists with a 1 s debounce.
  await page.waitForTimeout(1500);

  await context.setOffline(true);
  await expect(page.getByRole('status').filter({ hasText: 'Offline' })).toBeVisible();

  // Full reloads come from the worker's page cache.
  await page.reload();
  await expect(pageHeading(page)).toHaveText(pages.productName);
  await page.goto(pages.categoryPath, { waitUntil: 'networkidle' });
  await expect(pageHeading(page)).toHaveText(pages.categoryName);

  // Client navigation runs the route loaders against the persisted cache.
  await page.locator(`main a[href="${pages.productPath}"]`).first().click();
  await expect(page).toHaveURL(new RegExp(`${pages.productPath.replace(/\./g, '\\.')}$`));
  await expect(pageHeading(page)).toHaveText(pages.productName);
  await page.goBack();
  await expect(pageHeading(page)).toHaveText(pages.categoryName);

  // A page never visited: the offline page, not the browser's error.
  const unseen = await page.goto('/men/t-shirts.html');
  expect(unseen?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'You are offline' })).toBeVisible();
  expect(manifestRequests).toEqual([]);

  await context.setOffline(false);
});

test('private pages and GraphQL reads never land in the caches', async ({ page, request }) => {
  const pages = await catalogPages(request);
  await page.goto('/');
  await waitForControllingWorker(page);
  await page.goto(pages.productPath);
  await expect(pageHeading(page)).toHaveText(pages.productName);
  await page.goto('/cart');
  await page.waitForLoadState('networkidle');

  const cached = await page.evaluate(async () => {
    const entries: string[] = [];
    for (const name of await caches.keys()) {
      if (name.includes('precache')) continue;
      const cache = await caches.open(name);
      for (const key of await cache.keys()) entries.push(`${name} ${key.url}`);
    }
    return entries;
  });
  expect(cached.some((entry) => entry.startsWith('vela-pages') && entry.endsWith(pages.productPath))).toBe(true);
  expect(cached.filter((entry) => /\/cart(?:$|\?)/.test(entry))).toEqual([]);
  const graphqlEntries = cached.filter((entry) => entry.startsWith('vela-graphql'));
  for (const entry of graphqlEntries) {
    expect(decodeURIComponent(new URL(entry.split(' ')[1] ?? '').searchParams.get('query') ?? '')).not.toMatch(
      /\b(cart|customer|wishlist)\b/i,
    );
  }
});

test('the manifest is served, linked, and Chromium finds the app installable', async ({
  browser,
  launchOptions,
  baseURL,
  request,
}) => {
  const response = await request.get('/manifest.webmanifest');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/manifest+json');
  expect(response.headers()['cache-control']).toBe('no-cache');
  const manifest = (await response.json()) as Record<string, unknown> & {
    icons: Array<{ sizes: string; purpose?: string }>;
    shortcuts: Array<{ url: string }>;
  };
  expect(manifest).toMatchObject({ name: 'Vela', start_url: '/?source=pwa', scope: '/', display: 'standalone' });
  expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`)).toEqual([
    '192x192 any',
    '512x512 any',
    '512x512 maskable',
  ]);
  expect(manifest.shortcuts.map((shortcut) => new URL(shortcut.url, 'http://x').pathname)).toEqual([
    '/search',
    '/cart',
  ]);

  const worker = await request.get('/sw.js');
  expect(worker.status()).toBe(200);
  expect(worker.headers()['cache-control']).toBe('no-cache');

  // Chromium never offers to install from an incognito profile, which is what test contexts are.
  const profileDir = await mkdtemp(path.join(os.tmpdir(), 'vela-pwa-profile-'));
  const context = await browser
    .browserType()
    .launchPersistentContext(profileDir, { ...launchOptions, headless: true, baseURL });
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto('/');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  await waitForControllingWorker(page);
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
    installabilityErrors: unknown[];
  };
  expect(installabilityErrors).toEqual([]);
  const { errors } = (await cdp.send('Page.getAppManifest')) as { errors: unknown[] };
  expect(errors).toEqual([]);
  await context.close();
  await rm(profileDir, { recursive: true, force: true });
});
