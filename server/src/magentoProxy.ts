// Against a Magento backend the browser still talks to `/graphql` on our origin: no CORS set-up
// on the merchant's side, and GET catalog queries stay cacheable by the same CDN.
const FORWARDED_REQUEST_HEADERS = [
  'accept',
  'authorization',
  'content-type',
  'store',
  'content-currency',
  'x-magento-cache-id',
];
// `vary`: answers differ per store view and currency, and caches in between must keep them apart.
const FORWARDED_RESPONSE_HEADERS = [
  'cache-control',
  'content-type',
  'etag',
  'vary',
  'x-magento-cache-id',
  'x-magento-tags',
];

export function createMagentoProxy(upstream: string) {
  const target = new URL(upstream);
  return async (request: Request): Promise<Response> => {
    const incoming = new URL(request.url);
    const url = new URL(target);
    url.search = incoming.search;
    const headers = new Headers();
    for (const name of FORWARDED_REQUEST_HEADERS) {
      const value = request.headers.get(name);
      if (value) headers.set(name, value);
    }
    const init: RequestInit = { method: request.method, headers, signal: request.signal };
    if (request.method !== 'GET' && request.method !== 'HEAD') init.body = await request.text();
    const upstreamResponse = await fetch(url, init);
    const responseHeaders = new Headers();
    for (const name of FORWARDED_RESPONSE_HEADERS) {
      const value = upstreamResponse.headers.get(name);
      if (value) responseHeaders.set(name, value);
    }
    return new Response(upstreamResponse.body, { status: upstreamResponse.status, headers: responseHeaders });
  };
}

/**
 * `/media/…` from the backend's origin. Magento answers with absolute image URLs on its own host;
 * a backend that answers with paths on its own origin (another Vela shop) is served through here.
 */
export function createUpstreamMediaProxy(upstream: string) {
  const origin = new URL(upstream).origin;
  return async (request: Request): Promise<Response> => {
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return new Response('Method not allowed', { status: 405 });
    const incoming = new URL(request.url);
    const upstreamResponse = await fetch(new URL(`${incoming.pathname}${incoming.search}`, origin), {
      method: request.method,
      headers: request.headers.get('accept') ? { accept: request.headers.get('accept')! } : {},
      signal: request.signal,
    });
    const headers = new Headers();
    for (const name of ['cache-control', 'content-type', 'etag', 'last-modified', 'vary']) {
      const value = upstreamResponse.headers.get(name);
      if (value) headers.set(name, value);
    }
    return new Response(upstreamResponse.body, { status: upstreamResponse.status, headers });
  };
}
