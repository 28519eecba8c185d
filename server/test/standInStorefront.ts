// A React Router server build standing in for the storefront's, with its contract: it renders
// what the embedded API answers for the page's store and currency, emits inline scripts with the
// response's nonce, and marks home and catch-all pages shareable (x-vela-shareable-page), never
// the cart. Its pages carry the pid of the process that rendered them (data-pid).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const STAND_IN_BUILD = `
const SHAREABLE = new Set(['root', 'home', 'page']);
async function gql(context, query, variables = {}) {
  const headers = { 'content-type': 'application/json' };
  if (!context.store.isDefault) headers.Store = context.store.code;
  if (context.store.currency) headers['Content-Currency'] = context.store.currency;
  const response = await context.graphql.fetch(context.graphql.uri, {
    method: 'POST', headers, body: JSON.stringify({ query, variables }),
  });
  return (await response.json()).data;
}
const rootLoader = async ({ context }) => (await gql(context, '{ storeConfig { store_name } }')).storeConfig;
const pageLoader = async ({ request, context, params }) => {
  const key = params['*'] ?? '';
  if (key.endsWith('.html')) {
    const data = await gql(context,
      'query($k: String!) { products(filter: { url_key: { eq: $k } }) { items { name stock_status price_range { minimum_price { final_price { value currency } } } } } }',
      { k: key.slice(0, -5) });
    // ?slow=ms: a render that takes its time after reading the catalog.
    const slow = Number(new URL(request.url).searchParams.get('slow') ?? 0);
    if (slow > 0) await new Promise((resolve) => setTimeout(resolve, slow));
    const item = data.products.items[0];
    if (!item) throw new Response('Not found', { status: 404 });
    const price = item.price_range.minimum_price.final_price;
    return { text: item.name + ' | ' + price.currency + ' ' + price.value.toFixed(2) + ' | ' + item.stock_status };
  }
  if (key === 'search') {
    // As the storefront's search page asks: a catalog query sent as GET (the API's response cache keeps it).
    const url = new URL(context.graphql.uri);
    url.searchParams.set('query', 'query($q: String!) { products(search: $q, pageSize: 24) { total_count } }');
    url.searchParams.set('variables', JSON.stringify({ q: new URL(request.url).searchParams.get('q') ?? '' }));
    const found = await (await context.graphql.fetch(url.href, { headers: { accept: 'application/json' } })).json();
    return { text: 'found ' + found.data.products.total_count };
  }
  const data = await gql(context, 'query($k: String!) { cmsPage(identifier: $k) { title content } }', { k: key });
  return { text: data.cmsPage.title + ' | ' + data.cmsPage.content };
};
const cartLoader = ({ request }) => ({ text: 'cart ' + (/vela_cart=([^;]+)/.exec(request.headers.get('cookie') ?? '')?.[1] ?? 'none') });
const homeLoader = () => ({ text: 'home' });
export const entry = { module: { default: (request, status, headers, routerContext, loadContext) => {
  const context = routerContext.staticHandlerContext;
  const data = context.loaderData;
  const page = data.page ?? data.cart ?? data.home ?? { text: String(context.errors ? 'error' : '') };
  const nonce = loadContext.cspNonce;
  const state = JSON.stringify({ store: loadContext.store, page }).replace(/</g, '\\\\u003c');
  const code = 'window.started = true;';
  const html = '<!DOCTYPE html><html><head><title>' + data.root.store_name + '</title>' +
    '<script nonce="' + nonce + '">window.__state = ' + state + ';</script>' +
    '<script type="application/ld+json">{"@type":"Product"}</script></head><body data-pid="' + process.pid + '"><main>' + page.text + '</main>' +
    '<script nonce="' + nonce + '">(function(){var s=document.createElement("script");s.type="module";s.nonce=' +
    JSON.stringify(nonce) + ';s.textContent=' + JSON.stringify(code) + ';document.body.appendChild(s)})()</script>' +
    '</body></html>';
  headers.set('Content-Type', 'text/html; charset=utf-8');
  if (status === 200 && context.matches.every((match) => SHAREABLE.has(match.route.id)))
    headers.set('x-vela-shareable-page', '1');
  return new Response(html, { status, headers });
} } };
export const routes = {
  root: { id: 'root', path: '', module: { loader: rootLoader, default: () => null } },
  home: { id: 'home', parentId: 'root', index: true, module: { loader: homeLoader, default: () => null } },
  cart: { id: 'cart', parentId: 'root', path: 'cart', module: { loader: cartLoader, default: () => null } },
  page: { id: 'page', parentId: 'root', path: '*', module: { loader: pageLoader, default: () => null } },
};
const route = (id, parentId, more) => ({
  id, parentId, ...more, module: '/assets/' + id + '.js',
  hasAction: false, hasLoader: true, hasClientAction: false, hasClientLoader: false, hasClientMiddleware: false, hasErrorBoundary: false,
});
export const assets = {
  entry: { module: '/assets/entry.js', imports: [] },
  routes: {
    root: route('root', undefined, { path: '' }),
    home: route('home', 'root', { index: true }),
    cart: route('cart', 'root', { path: 'cart' }),
    page: route('page', 'root', { path: '*' }),
  },
  url: '/assets/manifest.js',
  version: 'stand-in-1',
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

/** Writes the stand-in build under `dir`; returns its build folder (STOREFRONT_BUILD_DIR). */
export function writeStandInStorefront(dir: string): string {
  const buildDir = path.join(dir, 'build');
  mkdirSync(path.join(buildDir, 'client'), { recursive: true });
  mkdirSync(path.join(buildDir, 'server'), { recursive: true });
  writeFileSync(path.join(buildDir, 'server', 'index.js'), STAND_IN_BUILD);
  return buildDir;
}
