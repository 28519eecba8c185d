import { browserStoreView } from './storeView';

// A store view's pages live under its prefix (`/fr/…`). React Router strips the prefix (its
// basename) from every location a component sees, but loaders get the full request URL: these
// helpers give them the path inside the store, for asking the API what a URL is, and the
// absolute base of the store's pages, for canonical links and structured data.

/** Set by the server on the request it renders (server/src/storefrontHandler.ts); never trusted from outside. */
export const STORE_PREFIX_HEADER = 'x-vela-store-prefix';

export function storePrefixOf(request: Request): string {
  if (import.meta.env.SSR) return request.headers.get(STORE_PREFIX_HEADER) ?? '';
  return browserStoreView().prefix;
}

/** `/fr/femme.html` in the French store → `/femme.html`. */
export function pathInStore(request: Request): string {
  const { pathname } = new URL(request.url);
  const prefix = storePrefixOf(request);
  if (prefix === '' || !(pathname === prefix || pathname.startsWith(`${prefix}/`))) return pathname;
  return pathname.slice(prefix.length) || '/';
}

/** `https://shop.example/fr`: what the store's page paths (`/femme.html`) are appended to. */
export function storeBaseUrl(request: Request): string {
  return `${new URL(request.url).origin}${storePrefixOf(request)}`;
}
