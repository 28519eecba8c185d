import { createHash } from 'node:crypto';
import { brotliCompressSync, brotliDecompressSync, constants, gzipSync } from 'node:zlib';
import { SizedLruCache, collectRepeatableEffects, repeatEffects } from '@vela/commerce';
import { inlineScriptHashes, withoutNonce } from './cachedPageCsp';
import { negotiateEncoding } from './compression';

// Server-rendered pages that show nobody's own data (home, catalog, CMS and search pages), kept
// whole for the next anonymous shopper of the same store and currency. A page costs 50-90 CPU-ms
// to render and a kept one about 1.
//
// Exact: an entry belongs to one catalog version, the version in the database that every catalog,
// stock, CMS and store-settings write bumps in its transaction (commerce/src/kernel/transaction.ts).
// Every request reads the version (one small query, as the API's response cache does) and a new
// one empties the cache, so every process shows a change on its next request. A page rendered
// while the version moved is not kept.
//
// Never personal: the storefront marks a page shareable only for routes that read nothing of the
// shopper (storefront/app/entry.server.tsx); the cart, checkout and account pages never are. The
// render reads no cookie on those routes but the currency, which is part of the key with the
// store, the public URL and the build. A request with credentials (an Authorization header, a
// back-office session) is never served from, nor stored into, the cache. Nothing with a
// Set-Cookie is kept.
//
// Kept brotli-compressed (a page is 80-120 KB of HTML, 15-25 KB compressed), within its share of
// the memory budget (commerce/src/kernel/memoryBudget.ts), least recently used first out.
//
// What the render's API answers counted (a search page's term) is counted again each time the page
// is served from here (commerce/src/kernel/cachedAnswerEffects.ts).

/** The storefront's mark on a shareable page (storefront/app/entry.server.tsx); never sent out. */
export const SHAREABLE_PAGE_HEADER = 'x-vela-shareable-page';

/**
 * What any cache may do with a shareable page: a shared cache (CDN, Varnish) keeps it five minutes;
 * browsers ask again every time (max-age=0, answered 304 by ETag), so a change or a purge reaches
 * them at once. No stale-while-revalidate here: browsers honour it too (Chromium's HTTP cache
 * does), and a shopper would then see a page from before a change.
 */
export const SHARED_PAGE_CACHE_CONTROL = 'public, max-age=0, s-maxage=300';
/**
 * The same for CDNs only (RFC 9213's CDN-Cache-Control, read by Cloudflare, Fastly and Akamai in
 * place of Cache-Control): they may also serve a page a minute longer while they fetch a new one.
 */
export const CDN_PAGE_CACHE_CONTROL = 'max-age=300, stale-while-revalidate=60';
/** Pages with someone's own data, and pages asked for with credentials. */
export const PRIVATE_PAGE_CACHE_CONTROL = 'private, no-store';
/**
 * The purge tags of a shareable page, space-separated (Fastly's Surrogate-Key; Varnish xkey reads
 * the same header): every page, and the catalog version it was rendered from. See
 * docs/operations.md, "Caching in front of Vela".
 */
export const PURGE_TAG_HEADER = 'Surrogate-Key';
export const ALL_PAGES_TAG = 'vela-pages';
export const catalogVersionTag = (version: number) => `vela-catalog-${version}`;

/** The cookies of a back-office session; pages are never served from the cache to one. */
const CREDENTIAL_COOKIE = /(?:^|;\s*)vela_staff=/;
/** Entry overhead beyond its bodies: key, headers, hashes, Map slot. */
const ENTRY_OVERHEAD_BYTES = 1024;

export interface PageCacheOptions {
  /** The catalog version in the database; read on every cacheable request. */
  catalogVersion: () => Promise<number>;
  /** Bytes of kept pages (compressed bodies and their overhead). */
  maxBytes: number;
  /** The storefront build's id: a page belongs to the build that rendered it. */
  buildId: string;
  now?: () => number;
}

/** What the page depends on besides its URL. */
export interface PageVariant {
  store: string;
  /** The display currency the shopper chose; null for the store's default. */
  currency: string | null;
}

/** How the answer's CSP allows the page's inline scripts. */
export interface PageRender {
  cspNonce: string;
  /** Called for a page served from, or kept in, the cache: its policy lists these instead of a nonce. */
  allowScripts?: (hashes: string[]) => void;
}

interface PageEntry {
  version: number;
  br: Buffer;
  gzip: Buffer;
  etag: string;
  headers: [string, string][];
  hashes: string[];
  storedAt: number;
  /** Repeated each time the page is served from the cache. */
  effects: (() => void)[];
}

export interface PageCacheStats {
  hits: number;
  misses: number;
  bypasses: number;
  invalidations: number;
  entries: number;
  bytes: number;
  maxBytes: number;
}

export interface PageCache {
  serve(
    request: Request,
    variant: PageVariant,
    render: PageRender,
    renderFresh: () => Promise<Response>,
  ): Promise<Response>;
  stats(): PageCacheStats;
}

function entryBytes(key: string, entry: PageEntry): number {
  return entry.br.byteLength + entry.gzip.byteLength + key.length * 2 + ENTRY_OVERHEAD_BYTES;
}

function matchesEtag(request: Request, etag: string): boolean {
  const header = request.headers.get('if-none-match');
  if (!header) return false;
  return header.split(',').some((candidate) => {
    const value = candidate.trim();
    return value === '*' || value === etag || value === `W/${etag}`;
  });
}

/** Headers of the rendered answer worth keeping: not its length, encoding or the internal mark. */
function isStorable(name: string): boolean {
  return !['content-length', 'content-encoding', 'set-cookie', 'cache-control', 'vary', SHAREABLE_PAGE_HEADER].includes(
    name,
  );
}

/** Whether a request may be answered from the cache at all. */
export function isAnonymousPageRequest(request: Request): boolean {
  if (request.method !== 'GET') return false;
  if (request.headers.has('authorization')) return false;
  if (CREDENTIAL_COOKIE.test(request.headers.get('cookie') ?? '')) return false;
  // React Router's data requests (client navigation) are not documents.
  return !new URL(request.url).pathname.endsWith('.data');
}

/** A rendered answer that is not kept: its mark removed, and no shared cache may keep it. */
function uncached(response: Response, state: 'BYPASS' | 'MISS'): Response {
  const headers = new Headers(response.headers);
  headers.delete(SHAREABLE_PAGE_HEADER);
  if ((headers.get('content-type') ?? '').startsWith('text/html') && !headers.has('cache-control'))
    headers.set('Cache-Control', PRIVATE_PAGE_CACHE_CONTROL);
  headers.set('X-Page-Cache', state);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

export function createPageCache(options: PageCacheOptions): PageCache {
  const clock = options.now ?? Date.now;
  const entries = new SizedLruCache<PageEntry>(options.maxBytes, entryBytes);
  let version: number | null = null;
  const counts = { hits: 0, misses: 0, bypasses: 0, invalidations: 0 };
  // One render per page at a time: a sale's first seconds ask for the same pages at once.
  const pending = new Map<string, Promise<PageEntry | null>>();

  const respond = (
    request: Request,
    entry: PageEntry,
    state: 'HIT' | 'MISS',
    render: PageRender,
    kept: boolean,
  ): Response => {
    render.allowScripts?.(entry.hashes);
    const headers = new Headers(entry.headers);
    // A page rendered while the catalog moved on is sent once, and kept by nobody.
    headers.set('Cache-Control', kept ? SHARED_PAGE_CACHE_CONTROL : PRIVATE_PAGE_CACHE_CONTROL);
    if (kept) headers.set('CDN-Cache-Control', CDN_PAGE_CACHE_CONTROL);
    // The currency comes from a cookie: a cache must not give one currency's page to another.
    headers.set('Vary', 'Accept-Encoding, Cookie');
    headers.set('ETag', entry.etag);
    headers.set(PURGE_TAG_HEADER, `${ALL_PAGES_TAG} ${catalogVersionTag(entry.version)}`);
    headers.set('X-Page-Cache', state);
    if (state === 'HIT') headers.set('Age', String(Math.max(0, Math.floor((clock() - entry.storedAt) / 1000))));
    if (matchesEtag(request, entry.etag)) {
      headers.delete('content-type');
      return new Response(null, { status: 304, headers });
    }
    const encoding = negotiateEncoding(request.headers.get('accept-encoding'));
    let body: Buffer;
    if (encoding === 'br') body = entry.br;
    else if (encoding === 'gzip') body = entry.gzip;
    else body = brotliDecompressSync(entry.br);
    if (encoding) headers.set('Content-Encoding', encoding);
    headers.set('Content-Length', String(body.byteLength));
    return new Response(new Uint8Array(body), { status: 200, headers });
  };

  /** Renders the page; keeps it if it is shareable and the catalog did not move meanwhile. */
  const renderAndKeep = async (
    key: string,
    renderedAt: number,
    render: PageRender,
    renderFresh: () => Promise<Response>,
  ): Promise<{ entry: PageEntry; kept: boolean } | { response: Response }> => {
    const { value: rendered, effects } = await collectRepeatableEffects(
      async (): Promise<{ response: Response } | { response: Response; text: string }> => {
        const response = await renderFresh();
        const shareable =
          response.status === 200 &&
          response.headers.get(SHAREABLE_PAGE_HEADER) === '1' &&
          !response.headers.has('set-cookie') &&
          (response.headers.get('content-type') ?? '').startsWith('text/html');
        if (!shareable || !response.body) return { response };
        // The whole render streams into the text: its API answers are all in by its end.
        return { response, text: await response.text() };
      },
    );
    if (!('text' in rendered)) return { response: uncached(rendered.response, 'BYPASS') };
    const { response } = rendered;
    const html = withoutNonce(rendered.text, render.cspNonce);
    const entry: PageEntry = {
      version: renderedAt,
      br: brotliCompressSync(html, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
      }),
      // Both encodings now, on the render's time: a kept page is then sent without compressing.
      gzip: gzipSync(html, { level: 6 }),
      etag: `"${createHash('sha1').update(html).digest('base64url')}"`,
      headers: [...response.headers.entries()].filter(([name]) => isStorable(name)),
      hashes: inlineScriptHashes(html),
      storedAt: clock(),
      effects,
    };
    // What the render read belongs to `renderedAt` only if the version has not moved since.
    const kept = (await options.catalogVersion()) === renderedAt && version === renderedAt;
    if (kept) entries.set(key, entry);
    return { entry, kept };
  };

  return {
    stats: () => ({ ...counts, entries: entries.size, bytes: entries.usedBytes, maxBytes: entries.maxBytes }),
    async serve(request, variant, render, renderFresh) {
      if (!isAnonymousPageRequest(request)) {
        counts.bypasses++;
        return uncached(await renderFresh(), 'BYPASS');
      }
      const current = await options.catalogVersion();
      if (current !== version) {
        if (version !== null && entries.size > 0) counts.invalidations++;
        // Every page of the old version goes at once, in every process that reads the new one.
        entries.clear();
        version = current;
      }
      const key = [options.buildId, variant.store, variant.currency ?? '', request.url].join('\n');
      const hit = entries.get(key);
      if (hit) {
        counts.hits++;
        repeatEffects(hit.effects);
        return respond(request, hit, 'HIT', render, true);
      }
      counts.misses++;
      const waiting = pending.get(key);
      if (waiting) {
        const entry = await waiting;
        if (entry && entry.version === current) {
          repeatEffects(entry.effects);
          return respond(request, entry, 'HIT', render, true);
        }
      }
      let settle: (entry: PageEntry | null) => void = () => {};
      const mine = new Promise<PageEntry | null>((resolve) => (settle = resolve));
      pending.set(key, mine);
      try {
        const result = await renderAndKeep(key, current, render, renderFresh);
        if ('response' in result) {
          settle(null);
          return result.response;
        }
        settle(result.kept ? result.entry : null);
        return respond(request, result.entry, 'MISS', render, result.kept);
      } catch (error) {
        settle(null);
        throw error;
      } finally {
        if (pending.get(key) === mine) pending.delete(key);
      }
    },
  };
}
