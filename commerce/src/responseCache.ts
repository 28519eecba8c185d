import { createHash } from 'node:crypto';
import { PUBLIC_CACHE_CONTROL } from './cacheControlPlugin';

// An in-process cache of public catalog answers. It stores only what the Cache-Control plugin
// already marked public (anonymous GET queries whose every root field is public catalog data),
// so carts, customers and anything sent with a token are never kept. Entries belong to one
// catalog version: a catalog write bumps the version in the database, and every process that
// reads the new version drops what it had.

export interface ResponseCacheOptions {
  /** The current catalog version; read on every cacheable request. */
  catalogVersion: () => Promise<number>;
  maxEntries?: number;
  /** Total body bytes kept; a single larger body is never stored. */
  maxBytes?: number;
}

interface Entry {
  body: string;
  headers: [string, string][];
  etag: string;
}

/** Request headers that change an answer: the store view, its currency and the response format. */
const VARYING_HEADERS = ['store', 'content-currency', 'accept'];

export interface ResponseCache {
  handle(request: Request, next: (request: Request) => Promise<Response>): Promise<Response>;
  readonly size: number;
  readonly bytes: number;
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

function respond(request: Request, entry: Entry, cacheStatus: 'HIT' | 'MISS'): Response {
  const headers = new Headers(entry.headers);
  headers.set('ETag', entry.etag);
  headers.set('X-Cache', cacheStatus);
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
  const entries = new Map<string, Entry>();
  let bytes = 0;
  let version: number | null = null;

  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.body.length;
  };

  return {
    get size() {
      return entries.size;
    },
    get bytes() {
      return bytes;
    },
    async handle(request, next) {
      if (request.method !== 'GET' || request.headers.has('authorization')) return next(request);
      const current = await options.catalogVersion();
      if (current !== version) {
        entries.clear();
        bytes = 0;
        version = current;
      }
      const key = [new URL(request.url).search, ...VARYING_HEADERS.map((name) => request.headers.get(name) ?? '')].join(
        '\n',
      );
      const hit = entries.get(key);
      if (hit) {
        // Most recently used last: eviction takes the first key.
        entries.delete(key);
        entries.set(key, hit);
        return respond(request, hit, 'HIT');
      }

      const response = await next(request);
      if (response.status !== 200 || response.headers.get('cache-control') !== PUBLIC_CACHE_CONTROL) return response;
      const body = await response.text();
      const entry: Entry = {
        body,
        headers: [...response.headers.entries()].filter(([name]) => isStorable(name)),
        etag: etagOf(body),
      };
      // The catalog may have changed while this answer was computed: keep it only if not.
      if (body.length <= maxBytes / 4 && version === current) {
        entries.set(key, entry);
        bytes += body.length;
        while (entries.size > maxEntries || bytes > maxBytes) remove(entries.keys().next().value as string);
      }
      return respond(request, entry, 'MISS');
    },
  };
}
