// First-load JavaScript budgets, checked on the production build that `npm run test:e2e` has
// just made. Sizes are deterministic, so this fails on growth, not on a slow machine.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { expect, test } from './fixtures';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const buildDir = path.resolve(root, process.env.STOREFRONT_BUILD_DIR ?? 'storefront/build');

/**
 * gzip -9 KB per route. The issue's targets are 100 KB on every page and 120 KB for the product
 * page; React DOM, React Router and Apollo Client alone measure about 160 KB gzip, so these
 * budgets hold the line at today's figures (about 1.5% headroom) until the stack allows the
 * targets. Lower them when a change makes pages smaller.
 */
const BUDGETS_KB: Record<string, number> = {
  // The design pass (issue 13) added 2.3 KB to the shell on every page: the footer's newsletter
  // form and payment marks, checkout's own header.
  // Session 20 added 0.9–2.5 KB, measured against the build before it: the shell +0.5 (the
  // storefront's English messages ship in it: card payment, offline-payment and review texts; the
  // mini cart's quantity control and empty-cart categories), the Apollo chunk +0.4, and on
  // catalog pages the product page's reviews summary, "You may also like" strip and cross-sell
  // card parts +1.6 (the review form itself loads on demand). Splitting the message catalogue by
  // route is the next saving.
  // Session 21 (compare lists, recently viewed, corrections while typing) added 2.7 KB on every
  // page, measured against the build before it: the header's compare link with the list's query
  // and mutations (the cards' and product page's toggles share them), the compare texts in the
  // English messages, the suggestions' corrections; catalog pages +0.4 more for the recently viewed
  // slot (its strip itself loads as its own chunk while the page hydrates).
  // Issue 35's work the same session added 0.8 KB more to catalog pages: the cards' colour matching
  // (the variant fragment in the listing query), the options as a form that works without JavaScript,
  // and their messages; the phone's buy bar loads on demand after hydration.
  // Merged, session 21's catalog pages measured 230.2 KB: the four parts above plus the product
  // page's custom-options form (server-rendered, so in the route's chunk), its tier-price line and
  // the confirmation's payment-status polling. Next savings: the custom-options form as its own
  // chunk for products that have options, and the message catalogue split by route.
  // Session 22 (merged) added 0.4 KB on every page (the footer's "Ways to pay" read from the
  // server, the free-delivery progress in the mini cart, the query-layout compaction in the
  // transport) and 1.2 KB more on catalog pages (the bundle options form and the grouped products'
  // table, server-rendered so in the route's chunk, and the colour facet's swatches). Next savings
  // as above, and the product-type forms as chunks of their own.
  // category, product and CMS pages: 217.1 KB when first set, 222.4 at session 20, 230.2 at session 21, 233.9 at session 22, 235.3 at session 23
  // (shell +0.9: the checkout's own footer and the cache's merged Currency; route +0.6: the
  // downloadable link choice on product pages)
  'routes/catchAll': 237,
  // 207.1 KB when set, 210.4 at session 20, 213.1 at session 21, 216.0 at session 22: the home page's cards got the heart and quick add of the listings
  'routes/home': 217,
  'routes/search': 222, // 210.7 KB when set, 214.3 at session 20, 217.0 at session 21, 220.7 at session 22
};

interface RouteAssets {
  module: string;
  imports?: string[];
  clientLoaderModule?: string;
  clientActionModule?: string;
  hydrateFallbackModule?: string;
}

interface AssetsManifest {
  entry: { module: string; imports: string[] };
  routes: Record<string, RouteAssets>;
}

/** The manifest React Router renders its modulepreload links from. */
async function assetsManifest(): Promise<AssetsManifest> {
  const serverBuild = (await import(pathToFileURL(path.join(buildDir, 'server', 'index.js')).href)) as {
    assets: AssetsManifest;
  };
  return serverBuild.assets;
}

/** Every script a first visit to a page of this route loads: the client entry, the root route and the route, with their static imports. */
function firstLoadFiles(manifest: AssetsManifest, routeId: string): string[] {
  const files = new Set<string>([manifest.entry.module, ...manifest.entry.imports]);
  for (const id of ['root', routeId]) {
    const route = manifest.routes[id];
    if (!route) throw new Error(`no route ${id} in the build`);
    for (const file of [
      route.module,
      ...(route.imports ?? []),
      route.clientLoaderModule,
      route.clientActionModule,
      route.hydrateFallbackModule,
    ])
      if (file) files.add(file);
  }
  return [...files];
}

function gzipKb(publicPath: string): number {
  const file = path.join(buildDir, 'client', publicPath.replace(/^\//, ''));
  return gzipSync(readFileSync(file), { level: 9 }).length / 1024;
}

test.describe('first-load JavaScript', () => {
  for (const [routeId, budget] of Object.entries(BUDGETS_KB)) {
    test(`${routeId} stays within ${budget} KB gzip`, async () => {
      const manifest = await assetsManifest();
      const files = firstLoadFiles(manifest, routeId);
      const sizes = files.map((file) => ({ file, kb: gzipKb(file) })).sort((a, b) => b.kb - a.kb);
      const total = sizes.reduce((sum, s) => sum + s.kb, 0);
      test.info().annotations.push({
        type: 'first-load JS',
        description: `${total.toFixed(1)} KB gzip in ${files.length} files: ${sizes.map((s) => `${path.basename(s.file)} ${s.kb.toFixed(1)}`).join(', ')}`,
      });
      expect(
        total,
        `${routeId}: ${total.toFixed(1)} KB gzip over its ${budget} KB budget\n${sizes.map((s) => `  ${s.file} ${s.kb.toFixed(1)} KB`).join('\n')}`,
      ).toBeLessThanOrEqual(budget);
    });
  }
});

// Issue 10: shoppers never download any of the back office. Its bundle (backoffice/dist) is built
// separately under /admin/assets/; nothing the storefront builds may name it or contain its code,
// and storefront pages request nothing under /admin/.
const backOfficeDir = path.resolve(root, process.env.BACKOFFICE_BUILD_DIR ?? 'backoffice/dist');
/** Strings only the back office's code contains: its operations, its API and its classes. */
const BACK_OFFICE_MARKERS = ['confirmSecondFactorEnrolment', 'startCatalogImport', '/admin/graphql', 'bo-page-title'];

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
  );
}

test.describe('no back-office code for shoppers', () => {
  test('the storefront build contains none of the back office', () => {
    const backOffice = filesUnder(path.join(backOfficeDir, 'assets'))
      .filter((file) => /\.(js|css)$/.test(file))
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n');
    // The markers are real: each is in the back-office bundle.
    for (const marker of BACK_OFFICE_MARKERS) expect(backOffice, marker).toContain(marker);
    const storefrontFiles = [
      ...filesUnder(path.join(buildDir, 'client')),
      ...filesUnder(path.join(buildDir, 'server')),
    ].filter((file) => /\.(js|mjs|css|html|json|webmanifest)$/.test(file));
    expect(storefrontFiles.length).toBeGreaterThan(0);
    const found: string[] = [];
    for (const file of storefrontFiles) {
      const text = readFileSync(file, 'utf8');
      for (const marker of [...BACK_OFFICE_MARKERS, '/admin/assets/'])
        if (text.includes(marker)) found.push(`${path.relative(buildDir, file)}: ${marker}`);
    }
    expect(found).toEqual([]);
  });

  test('storefront pages request and preload nothing under /admin/', async ({ page }) => {
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    for (const url of ['/', '/search?q=bag']) {
      await page.goto(url);
      await page.waitForLoadState('networkidle');
      expect(await page.locator('link[href*="/admin/"], script[src*="/admin/"]').count(), url).toBe(0);
    }
    expect(requested.filter((pathname) => pathname.startsWith('/admin'))).toEqual([]);
  });
});
