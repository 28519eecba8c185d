import type { MiddlewareHandler } from 'hono';

// Cross-origin access to /graphql is off unless CORS_ORIGINS lists the origins that may call it.
// The API authenticates with a bearer token, never a cookie, so no answer allows credentials.
// The headers are added per response, outside the commerce API's shared response cache.

/** Request headers a browser client of the Magento dialect sends. */
const ALLOWED_HEADERS = 'Content-Type, Authorization, Store, Content-Currency, X-Magento-Cache-Id, X-Requested-With';
const ALLOWED_METHODS = 'GET, POST, OPTIONS';
/** Response headers a cross-origin client may read. */
const EXPOSED_HEADERS = 'X-Cache, X-Magento-Cache-Id';
const PREFLIGHT_MAX_AGE_SECONDS = '600';

/** `['*']` allows every origin (without credentials); otherwise exact origins; `[]` is off. */
export function corsPolicy(allowedOrigins: readonly string[]): MiddlewareHandler {
  const anyOrigin = allowedOrigins.includes('*');
  const allowed = new Set(allowedOrigins);
  const allowOriginFor = (origin: string | undefined): string | null => {
    // "null" is what sandboxed frames and file: pages send: anyone can forge it.
    if (!origin || origin === 'null') return null;
    if (anyOrigin) return '*';
    return allowed.has(origin) ? origin : null;
  };

  return async (c, next) => {
    if (allowedOrigins.length === 0) return next();
    const allowOrigin = allowOriginFor(c.req.header('origin'));
    const isPreflight = c.req.method === 'OPTIONS' && c.req.header('access-control-request-method') !== undefined;
    if (isPreflight) {
      const headers = new Headers();
      if (!anyOrigin) headers.set('Vary', 'Origin');
      if (allowOrigin) {
        headers.set('Access-Control-Allow-Origin', allowOrigin);
        headers.set('Access-Control-Allow-Methods', ALLOWED_METHODS);
        headers.set('Access-Control-Allow-Headers', ALLOWED_HEADERS);
        headers.set('Access-Control-Max-Age', PREFLIGHT_MAX_AGE_SECONDS);
      }
      return new Response(null, { status: 204, headers });
    }
    await next();
    // The same URL answers differently per origin: caches in front must keep them apart.
    if (!anyOrigin) c.res.headers.append('Vary', 'Origin');
    if (allowOrigin) {
      c.res.headers.set('Access-Control-Allow-Origin', allowOrigin);
      c.res.headers.set('Access-Control-Expose-Headers', EXPOSED_HEADERS);
    }
  };
}
