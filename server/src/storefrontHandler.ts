import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createRequestHandler, type ServerBuild } from 'react-router';
import type { PageCache, PageRender } from './pageCache';
import { chosenCurrency, createStoreDirectory, storeForPath, type StoreEntry } from './storeDirectory';

export interface GraphQLTransport {
  uri: string;
  fetch: typeof fetch;
}

/** The cookie the currency switcher sets (storefront/app/data/storeView.ts reads the same name). */
export const CURRENCY_COOKIE = 'vela_currency';

/** The cookie holding a store view's currency choice: the default store's, or `…_<store code>`. */
export function currencyCookieName(storeCode: string | null): string {
  return storeCode ? `${CURRENCY_COOKIE}_${storeCode}` : CURRENCY_COOKIE;
}
/** storefront/app/data/storePrefix.ts reads the same name. */
const STORE_PREFIX_HEADER = 'x-vela-store-prefix';

/**
 * Server-side rendering of the storefront. `transportFor` decides how the render reaches GraphQL:
 * in-process against the embedded commerce API, or over HTTP to a Magento backend.
 *
 * Each store view is served under its URL prefix (`/fr/…`) by the same build with that prefix as
 * React Router's basename, so every link the app makes stays in the store the page is in.
 */
export async function createStorefrontHandler(
  buildDir: string,
  transportFor: (request: Request) => GraphQLTransport,
  pageCacheFor?: (buildId: string) => PageCache,
) {
  const buildFile = path.join(buildDir, 'server', 'index.js');
  const build = (await import(pathToFileURL(buildFile).href)) as ServerBuild;
  const pageCache = pageCacheFor?.(build.assets.version);
  const mode = process.env.NODE_ENV === 'development' ? 'development' : 'production';
  const handlers = new Map<string, ReturnType<typeof createRequestHandler>>();
  const handlerFor = (prefix: string) => {
    let handle = handlers.get(prefix);
    if (!handle) {
      handle = createRequestHandler(prefix === '' ? build : { ...build, basename: prefix }, mode);
      handlers.set(prefix, handle);
    }
    return handle;
  };
  const directory = createStoreDirectory(transportFor);
  return async (request: Request, render: PageRender) => {
    const url = new URL(request.url);
    const store: StoreEntry | null = storeForPath(await directory.stores(request), url.pathname);
    // A store's home is its prefix with a slash, as its base_link_url says.
    if (store && store.prefix !== '' && url.pathname === store.prefix && !url.pathname.endsWith('.data')) {
      return new Response(null, { status: 308, headers: { Location: `${store.prefix}/${url.search}` } });
    }
    const currency = store
      ? chosenCurrency(store, request.headers.get('cookie'), currencyCookieName(store.isDefault ? null : store.code))
      : null;
    // Loaders read the store's prefix from this header (storefront/app/data/storePrefix.ts); one
    // a client sent is replaced, never believed.
    const storeView = store
      ? { code: store.code, isDefault: store.isDefault, prefix: store.prefix, currency }
      : { code: 'default', isDefault: true, prefix: '', currency: null };
    // Only when rendering: a page from the cache needs none of it.
    const renderFresh = () => {
      const headers = new Headers(request.headers);
      headers.set(STORE_PREFIX_HEADER, store?.prefix ?? '');
      const rendered = new Request(request, { headers, duplex: 'half' } as RequestInit);
      return handlerFor(store?.prefix ?? '')(rendered, {
        graphql: transportFor(request),
        cspNonce: render.cspNonce,
        store: storeView,
      });
    };
    if (!pageCache) return renderFresh();
    return pageCache.serve(request, { store: storeView.code, currency }, render, renderFresh);
  };
}
