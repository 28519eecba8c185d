import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createCommerce, type Commerce } from '@vela/commerce';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/createApp';
import { createStorefrontHandler, type GraphQLTransport } from '../src/storefrontHandler';

// The storefront handler's own decisions, before React renders anything: which store view a path
// is in (from the real embedded API's store directory), the redirect of a bare store prefix, the
// store prefix header the loaders read, React Router's basename and the currency the render gets.
//
// The real storefront build only exists after `npm run build`, which `npm test` runs after the
// unit tests (for the e2e suite): here a minimal React Router server build stands in for it, with
// one splat resource route that answers what the handler gave it. The rendered pages themselves
// (lang, canonical links, prices, the product address redirect) are the e2e suite's to check.

const STAND_IN_BUILD = `
const echo = ({ request, context, params }) =>
  Response.json({
    path: new URL(request.url).pathname,
    splat: params['*'] ?? null,
    prefixHeader: request.headers.get('x-vela-store-prefix'),
    store: context.store,
    cspNonce: context.cspNonce,
    hasGraphql: typeof context.graphql?.fetch === 'function',
  });
export const entry = { module: { default: () => new Response('no documents in this build', { status: 500 }) } };
export const routes = {
  root: { id: 'root', path: '', module: {} },
  home: { id: 'home', parentId: 'root', index: true, module: { loader: echo } },
  echo: { id: 'echo', parentId: 'root', path: '*', module: { loader: echo } },
};
const route = (id, parentId, hasLoader, more) => ({
  id, parentId, ...more, module: '/assets/' + id + '.js',
  hasAction: false, hasLoader, hasClientAction: false, hasClientLoader: false, hasClientMiddleware: false, hasErrorBoundary: false,
});
export const assets = {
  entry: { module: '/assets/entry.js', imports: [] },
  routes: {
    root: route('root', undefined, false, { path: '' }),
    home: route('home', 'root', true, { index: true }),
    echo: route('echo', 'root', true, { path: '*' }),
  },
  url: '/assets/manifest.js',
  version: 'test',
};
export const publicPath = '/';
export const assetsBuildDirectory = 'build/client';
export const future = {};
export const ssr = true;
export const isSpaMode = false;
export const prerender = [];
export const routeDiscovery = { mode: 'initial', manifestPath: '/__manifest' };
export const basename = undefined;
`;

interface Echo {
  path: string;
  splat: string | null;
  prefixHeader: string | null;
  store: { code: string; isDefault: boolean; prefix: string; currency: string | null };
  cspNonce: string;
  hasGraphql: boolean;
}

const dir = mkdtempSync(path.join(os.tmpdir(), 'vela-storefront-handler-'));
mkdirSync(path.join(dir, 'build', 'client'), { recursive: true });
mkdirSync(path.join(dir, 'build', 'server'), { recursive: true });
writeFileSync(path.join(dir, 'build', 'server', 'index.js'), STAND_IN_BUILD);
let commerce: Commerce;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  commerce = await createCommerce({
    sqlitePath: path.join(dir, 'vela.db'),
    mailDir: path.join(dir, 'mail'),
    mailWorker: false,
  });
  // As server/src/main.ts does: the render reaches the embedded API in process.
  const ssrTransport = (request: Request): GraphQLTransport => ({
    uri: new URL('/graphql', request.url).href,
    fetch: ((input: RequestInfo | URL, init?: RequestInit) => commerce.fetch(new Request(input, init))) as typeof fetch,
  });
  const storefront = await createStorefrontHandler(path.join(dir, 'build'), ssrTransport);
  app = createApp({
    graphql: (request) => commerce.fetch(request),
    ssrTransport,
    storefront,
    storefrontBuildDir: path.join(dir, 'build'),
    publicUrl: 'https://shop.example',
  });
}, 60_000);
afterAll(async () => {
  await commerce?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function page(pathAndQuery: string, headers: Record<string, string> = {}): Promise<Echo> {
  const response = await app.request(pathAndQuery, { headers });
  expect(response.status).toBe(200);
  return (await response.json()) as Echo;
}

describe('the storefront handler', () => {
  it("sends the bare prefix to the store's home with a slash (308, query kept)", async () => {
    const bare = await app.request('/fr');
    expect(bare.status).toBe(308);
    expect(bare.headers.get('location')).toBe('/fr/');
    const withQuery = await app.request('/fr?utm_source=news');
    expect(withQuery.status).toBe(308);
    expect(withQuery.headers.get('location')).toBe('/fr/?utm_source=news');
  });

  it('renders a path under /fr/ in the French store, with /fr as the basename and the prefix header', async () => {
    const home = await page('/fr/');
    expect(home.store).toEqual({ code: 'fr', isDefault: false, prefix: '/fr', currency: null });
    expect(home.prefixHeader).toBe('/fr');
    expect(home.hasGraphql).toBe(true);
    expect(home.cspNonce).toMatch(/\S/);

    const category = await page('/fr/femme.html');
    expect(category.store.code).toBe('fr');
    expect(category.prefixHeader).toBe('/fr');
    // The loader still sees the full address; React Router matched it below the basename.
    expect(category.path).toBe('/fr/femme.html');
    expect(category.splat).toBe('femme.html');
  });

  it('keeps the root and look-alike paths in the default store, without a basename', async () => {
    const home = await page('/');
    expect(home.store).toEqual({ code: 'default', isDefault: true, prefix: '', currency: null });
    expect(home.prefixHeader).toBe('');
    const fred = await page('/fred.html');
    expect(fred.store.code).toBe('default');
    expect(fred.splat).toBe('fred.html');
  });

  it('replaces a store prefix header the client sent instead of believing it', async () => {
    const home = await page('/', { 'x-vela-store-prefix': '/fr' });
    expect(home.prefixHeader).toBe('');
    expect(home.store.code).toBe('default');
    const french = await page('/fr/femme.html', { 'x-vela-store-prefix': '' });
    expect(french.prefixHeader).toBe('/fr');
  });

  it("passes the shopper's currency when the page's store offers it, and ignores any other", async () => {
    const usd = await page('/fr/femme.html', { cookie: 'session=1; vela_currency_fr=USD' });
    expect(usd.store).toEqual({ code: 'fr', isDefault: false, prefix: '/fr', currency: 'USD' });
    expect((await page('/fr/femme.html', { cookie: 'vela_currency_fr=GBP' })).store.currency).toBeNull();
    // The store's own currency is its plain page.
    expect((await page('/fr/femme.html', { cookie: 'vela_currency_fr=EUR' })).store.currency).toBeNull();
    expect((await page('/', { cookie: 'vela_currency=EUR' })).store.currency).toBe('EUR');
  });

  it("keeps each store's currency choice to that store (issue 35)", async () => {
    // Dollars chosen in the English store stay there: the French store shows its euros.
    expect((await page('/fr/femme.html', { cookie: 'vela_currency=USD' })).store.currency).toBeNull();
    expect((await page('/', { cookie: 'vela_currency_fr=EUR' })).store.currency).toBeNull();
  });
});

describe('the storefront handler while the API is down', () => {
  it('serves every page as the default store, never believing the client about the store', async () => {
    // A fresh handler: the running one keeps the directory it has already read.
    const ssrDown = (): GraphQLTransport => ({
      uri: 'http://localhost/graphql',
      fetch: (() => Promise.resolve(new Response('unavailable', { status: 503 }))) as typeof fetch,
    });
    const storefront = await createStorefrontHandler(path.join(dir, 'build'), ssrDown);
    const response = await storefront(
      new Request('https://shop.example/fr/femme.html', { headers: { 'x-vela-store-prefix': '/fr' } }),
      { cspNonce: 'n' },
    );
    expect(response.status).toBe(200);
    const echo = (await response.json()) as Echo;
    expect(echo.store).toEqual({ code: 'default', isDefault: true, prefix: '', currency: null });
    expect(echo.prefixHeader).toBe('');
    expect(echo.splat).toBe('fr/femme.html');
  });
});
