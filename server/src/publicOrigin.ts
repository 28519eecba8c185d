// Pages carry absolute URLs (canonical links, page data), and the render builds them from the
// request's URL. Node builds that URL from the Host header, which any client sets at will, so
// the render is handed a URL on the shop's own origin instead: PUBLIC_URL, or what a trusted
// reverse proxy says the shopper asked for.

export interface PublicOriginOptions {
  /** The shop's address as shoppers reach it; only its origin is used. */
  publicUrl: string;
  /** Believe X-Forwarded-Host / X-Forwarded-Proto (set only when a proxy you run overwrites them). */
  trustProxy: boolean;
}

/** A host name or IPv4 address, optionally with a port; nothing that could break out of an attribute. */
const HOST = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*(?::\d{1,5})?$/i;

/** The first value of a header a chain of proxies may have appended to. */
function firstValue(header: string | null): string | undefined {
  return header?.split(',')[0]?.trim() || undefined;
}

export function publicOriginOf(request: Request, options: PublicOriginOptions): string {
  const configured = new URL(options.publicUrl);
  if (!options.trustProxy) return configured.origin;
  const host = firstValue(request.headers.get('x-forwarded-host'));
  if (!host || !HOST.test(host)) return configured.origin;
  const proto = firstValue(request.headers.get('x-forwarded-proto'));
  const protocol = proto === 'http' || proto === 'https' ? proto : configured.protocol.replace(':', '');
  return `${protocol}://${host.toLowerCase()}`;
}

/** The same request, on the public origin; method, headers and body unchanged. */
export function onPublicOrigin(request: Request, options: PublicOriginOptions): Request {
  const url = new URL(request.url);
  const publicUrl = new URL(`${url.pathname}${url.search}`, publicOriginOf(request, options));
  if (publicUrl.href === url.href) return request;
  return new Request(publicUrl, request);
}
