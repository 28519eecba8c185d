import type { SitemapService } from '@vela/commerce';

const XMLNS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);

/** An absolute, percent-encoded and entity-escaped <loc> for a path of the shop. */
const loc = (origin: string, path: string) => escapeXml(new URL(`/${path}`, origin).href);

/** `/sitemap-12.xml` → 12; anything else (`sitemap-01.xml`, `sitemap-0.xml`) is not ours. */
export function sitemapPart(pathname: string): number | null {
  const match = /^\/sitemap-([1-9]\d{0,5})\.xml$/.exec(pathname);
  return match ? Number(match[1]) : null;
}

function xmlHeaders(version: number): Headers {
  return new Headers({
    'Content-Type': 'application/xml; charset=utf-8',
    // Crawlers come back on their own schedule; the tag tells them (and a CDN) when it changed.
    'Cache-Control': 'public, max-age=3600',
    ETag: `"catalog-${version}"`,
  });
}

const notModified = (request: Request, version: number) =>
  request.headers.get('if-none-match') === `"catalog-${version}"`;

/**
 * /sitemap.xml (an index of every file, each with the catalog's last change as <lastmod>) and
 * /sitemap-N.xml (up to 50,000 URLs each), streamed a page of rows at a time: a 100,000-product
 * catalog never sits in memory. The catalog version is the entity tag, so a crawler's
 * conditional request costs two small queries once nothing changed.
 */
export function createSitemapHandler(sitemap: SitemapService) {
  return async (request: Request, origin: string, part: number | null): Promise<Response> => {
    const plan = await sitemap.plan();
    if (part !== null && part > plan.files) return new Response('Not found', { status: 404 });
    const headers = xmlHeaders(plan.version);
    if (notModified(request, plan.version)) return new Response(null, { status: 304, headers });
    if (request.method === 'HEAD') return new Response(null, { headers });

    if (part === null) {
      const entries = Array.from(
        { length: plan.files },
        (_, i) =>
          `<sitemap><loc>${loc(origin, `sitemap-${i + 1}.xml`)}</loc><lastmod>${plan.changedAt}</lastmod></sitemap>`,
      );
      const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${XMLNS}">\n${entries.join('\n')}\n</sitemapindex>\n`;
      return new Response(xml, { headers });
    }

    const encoder = new TextEncoder();
    const pages = sitemap.paths(part);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode(`<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${XMLNS}">\n`));
      },
      // Pulled: the next page of rows is read only when the client has taken the last one.
      async pull(controller) {
        const next = await pages.next();
        if (next.done) {
          controller.enqueue(encoder.encode('</urlset>\n'));
          controller.close();
          return;
        }
        controller.enqueue(
          encoder.encode(next.value.map((path) => `<url><loc>${loc(origin, path)}</loc></url>\n`).join('')),
        );
      },
      async cancel() {
        await pages.return(undefined);
      },
    });
    return new Response(body, { headers });
  };
}
