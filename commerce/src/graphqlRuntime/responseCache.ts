import { createHash } from 'node:crypto';
import { BROWSER_ONLY_CACHE_CONTROL, PUBLIC_CACHE_CONTROL } from './cacheControlPlugin';
import { collectRepeatableEffects, repeatEffects } from '../kernel/cachedAnswerEffects';

// An in-process cache of public catalog answers. It stores only what the Cache-Control plugin
// already marked public (anonymous GET queries whose every root field is public catalog data),
// so carts, customers and anything sent with a token are never kept. Entries belong to one
// catalog version: a catalog write bumps the version in the database, and every process that
// reads the new version drops what it had. Stock counts as catalog: a sale that changes what a
// product page shows (stock status, "only N left") bumps the version in the order's transaction
// (see orderService). And no entry outlives the max-age its answer was sent with. What computing
// an answer counted (a search term) is counted again each time the entry is served
// (kernel/cachedAnswerEffects.ts).

export interface ResponseCacheOptions {
  /** The current catalog version; read on every cacheable request. */
  catalogVersion: () => Promise<number>;
  maxEntries?: number;
  /** Total body bytes kept; a single body over a quarter of it is never stored. */
  maxBytes?: number;
  /** Milliseconds since the epoch; tests move it to expire entries. */
  now?: () => number;
}

interface Entry {
  body: string;
  bytes: number;
  headers: [string, string][];
  etag: string;
  storedAt: number;
  expiresAt: number;
  /** Repeated each time the entry is served. */
  effects: (() => void)[];
}

/** Counters since start, and the size right now: for /metrics. */
export interface ResponseCacheStats {
  hits: number;
  misses: number;
  /** Entries dropped to stay under the budget. */
  evictions: number;
  /** Entries found past their max-age. */
  expirations: number;
  /** Times every entry was dropped because the catalog (or stock) changed. */
  invalidations: number;
  entries: number;
  bytes: number;
  maxBytes: number;
}

/** Request headers that change an answer: the store view, its currency and the response format. */
const VARYING_HEADERS = ['store', 'content-currency', 'accept'];

export interface ResponseCache {
  handle(request: Request, next: (request: Request) => Promise<Response>): Promise<Response>;
  readonly size: number;
  readonly bytes: number;
  stats(): ResponseCacheStats;
}

/**
 * Headers that belong to one caller, not to the answer: a shared entry must not replay one
 * caller's CORS grant to everyone else (or a length that no longer matches).
 */
function isStorable(name: string): boolean {
  return name !== 'content-length' && !name.startsWith('access-control-');
}

function etagOf(body: string): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

function matchesEtag(request: Request, etag: string): boolean {
  const header = request.headers.get('if-none-match');
  if (!header) return false;
  return header.split(',').some((candidate) => {
    const value = candidate.trim();
    return value === '*' || value === etag || value === `W/${etag}`;
  });
}

function maxAgeSeconds(cacheControl: string): number {
  return Number(/(?:^|,)\s*max-age=(\d+)/.exec(cacheControl)?.[1] ?? 0);
}

function respond(request: Request, entry: Entry, cacheStatus: 'HIT' | 'MISS', now: number): Response {
  const headers = new Headers(entry.headers);
  headers.set('ETag', entry.etag);
  headers.set('X-Cache', cacheStatus);
  // A cache in front of us must count the time the answer already spent here against max-age.
  if (cacheStatus === 'HIT') headers.set('Age', String(Math.max(0, Math.floor((now - entry.storedAt) / 1000))));
  if (matchesEtag(request, entry.etag)) {
    headers.delete('content-length');
    headers.delete('content-type');
    return new Response(null, { status: 304, headers });
  }
  return new Response(entry.body, { status: 200, headers });
}

export function createResponseCache(options: ResponseCacheOptions): ResponseCache {
  const maxEntries = options.maxEntries ?? 2000;
  const maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
  const clock = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  let bytes = 0;
  let version: number | null = null;
  const counts = { hits: 0, misses: 0, evictions: 0, expirations: 0, invalidations: 0 };

  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.bytes;
  };

  return {
    get size() {
      return entries.size;
    },
    get bytes() {
      return bytes;
    },
    stats: () => ({ ...counts, entries: entries.size, bytes, maxBytes }),
    async handle(request, next) {
      if (request.method !== 'GET' || request.headers.has('authorization')) return next(request);
      const current = await options.catalogVersion();
      if (current !== version) {
        if (version !== null && entries.size > 0) counts.invalidations++;
        entries.clear();
        bytes = 0;
        version = current;
      }
      const now = clock();
      const key = [new URL(request.url).search, ...VARYING_HEADERS.map((name) => request.headers.get(name) ?? '')].join(
        '\n',
      );
      const hit = entries.get(key);
      if (hit && hit.expiresAt <= now) {
        counts.expirations++;
        remove(key);
      } else if (hit) {
        // Most recently used last: eviction takes the first key.
        entries.delete(key);
        entries.set(key, hit);
        counts.hits++;
        repeatEffects(hit.effects);
        return respond(request, hit, 'HIT', now);
      }

      counts.misses++;
      const {
        value: { response, body },
        effects,
      } = await collectRepeatableEffects(async () => {
        const answer = await next(request);
        const control = answer.headers.get('cache-control');
        // Public answers, also those a shared cache may not keep (their URL does not name their
        // store or currency): this cache's key has the Store and Content-Currency headers.
        if (answer.status !== 200 || (control !== PUBLIC_CACHE_CONTROL && control !== BROWSER_ONLY_CACHE_CONTROL))
          return { response: answer, body: null };
        // Read whole here: the effects are done by the time the body is.
        return { response: answer, body: await answer.text() };
      });
      if (body === null) return response;
      const cacheControl = response.headers.get('cache-control') ?? '';
      const entry: Entry = {
        body,
        bytes: Buffer.byteLength(body),
        headers: [...response.headers.entries()].filter(([name]) => isStorable(name)),
        etag: etagOf(body),
        storedAt: now,
        expiresAt: now + maxAgeSeconds(cacheControl) * 1000,
        effects,
      };
      // The catalog may have changed while this answer was computed: keep it only if not.
      if (entry.bytes <= maxBytes / 4 && version === current) {
        remove(key);
        entries.set(key, entry);
        bytes += entry.bytes;
        while (entries.size > maxEntries || bytes > maxBytes) {
          remove(entries.keys().next().value as string);
          counts.evictions++;
        }
      }
      return respond(request, entry, 'MISS', now);
    },
  };
}
