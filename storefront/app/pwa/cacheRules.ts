// The service worker's decisions about what it may store, kept free of worker APIs so they can
// be tested directly and read by anyone checking that nothing private ends up in a cache.

/** Words that mark shopper-specific GraphQL data; a query touching any of them is never cached. */
const PRIVATE_WORDS = new Set(['cart', 'carts', 'customer', 'customers', 'order', 'orders', 'wishlist', 'wishlists']);

// Pages that show one shopper's data (or lead to it): never stored, not even their HTML shell.
// A store view's pages carry its prefix (`/fr/cart`).
const PRIVATE_PAGE =
  /^(?:\/[a-z0-9_-]+)?\/(?:checkout|account)|^(?:\/[a-z0-9_-]+)?\/(?:cart|wishlist|customer)(?:$|[/._-])/i;

/** Strings and comments can hold any text; only the names in a document say what it reads. */
function graphqlNames(document: string): string[] {
  const withoutLiterals = document
    .replace(/"""[\s\S]*?"""/g, ' ')
    .replace(/"(?:[^"\\\n]|\\.)*"/g, ' ')
    .replace(/#[^\n\r]*/g, ' ');
  return withoutLiterals.match(/[_A-Za-z][_0-9A-Za-z]*/g) ?? [];
}

/** `customerCart` → customer, cart; `cart_summary_display` → cart, summary, display. */
function wordsOf(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[\s_]+/)
    .filter(Boolean);
}

function mentionsPrivateData(text: string): boolean {
  return graphqlNames(text).some((name) => wordsOf(name).some((word) => PRIVATE_WORDS.has(word)));
}

/** The first keyword of a document: `query`, `mutation`, `subscription`, or `{` shorthand for a query. */
function isQueryDocument(document: string): boolean {
  const start = document.replace(/#[^\n\r]*/g, ' ').trimStart();
  if (start.startsWith('{')) return true;
  return /^query\b/.test(start);
}

/**
 * Whether a GraphQL request may be answered from and stored in the shared catalog cache: a GET
 * query of public catalog data (no cart, customer, order or wishlist field or operation name)
 * sent without credentials.
 */
export function isPublicGraphqlRequest(url: URL, method: string, headers: Headers): boolean {
  if (method !== 'GET' || url.pathname !== '/graphql') return false;
  if (headers.has('authorization')) return false;
  const query = url.searchParams.get('query');
  if (!query || !isQueryDocument(query)) return false;
  const operationName = url.searchParams.get('operationName') ?? '';
  return !mentionsPrivateData(query) && !mentionsPrivateData(operationName);
}

/** Only complete, successful answers the server allows anyone to keep. */
export function isStorableResponse(response: Pick<Response, 'status' | 'headers'>): boolean {
  if (response.status !== 200) return false;
  const cacheControl = response.headers.get('cache-control')?.toLowerCase() ?? '';
  return !/\b(?:no-store|private)\b/.test(cacheControl);
}

/** Cart, checkout and account pages: navigations to them go to the network only. */
export function isPrivatePage(pathname: string): boolean {
  return PRIVATE_PAGE.test(pathname);
}

/** Resized product images from the media handler. */
export function isMediaRequest(url: URL, origin: string): boolean {
  return url.origin === origin && url.pathname.startsWith('/media/');
}

/** Largest asset worth precaching; anything bigger is fetched when used. */
export const PRECACHE_MAX_BYTES = 2 * 1024 * 1024;

/** Build output the worker installs up front: hashed assets, the offline page and the icons, never source maps. */
export function isPrecacheFile(relativePath: string, size: number): boolean {
  if (size > PRECACHE_MAX_BYTES) return false;
  if (relativePath.endsWith('.map')) return false;
  if (relativePath === 'offline.html') return true;
  if (/^icons\/[^/]+\.(?:png|svg)$/.test(relativePath)) return true;
  return /^assets\/[^/]+\.(?:js|css|woff2?|svg|png|webp)$/.test(relativePath);
}
