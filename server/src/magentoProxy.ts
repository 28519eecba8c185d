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
const FORWARDED_RESPONSE_HEADERS = ['cache-control', 'content-type', 'etag', 'x-magento-cache-id', 'x-magento-tags'];

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
