import type { SitemapService } from '@vela/commerce';

type SitemapStore = Awaited<ReturnType<SitemapService['plan']>>['stores'][number];
type SitemapEntry = SitemapService['paths'] extends (...args: never[]) => AsyncGenerator<(infer E)[]> ? E : never;

const XMLNS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const XHTML_NS = 'http://www.w3.org/1999/xhtml';
const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);

/** An absolute, percent-encoded and entity-escaped URL for a path of the shop. */
const loc = (origin: string, path: string) => escapeXml(new URL(`/${path}`, origin).href);

/** One sitemap file: a store's (null: the default store's, whose files keep their first names) part. */
export interface SitemapFile {
  store: string | null;
  part: number;
}

/**
 * `/sitemap-12.xml` → the default store's file 12, `/sitemap-fr-2.xml` → store `fr`'s file 2;
 * anything else (`sitemap-01.xml`, `sitemap-0.xml`) is not ours.
 */
export function sitemapFile(pathname: string): SitemapFile | null {
  const match = /^\/sitemap-(?:([a-z][a-z0-9_]*)-)?([1-9]\d{0,5})\.xml$/.exec(pathname);
  return match ? { store: match[1] ?? null, part: Number(match[2]) } : null;
}

/** The address of a store's file N: the default store's as before stores had their own. */
const fileName = (store: SitemapStore, part: number) =>
  store.isDefault ? `sitemap-${part}.xml` : `sitemap-${store.code}-${part}.xml`;

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

function urlElement(origin: string, entry: SitemapEntry): string {
  const links = entry.alternates
    .map(
      (alternate) =>
        `<xhtml:link rel="alternate" hreflang="${escapeXml(alternate.hreflang)}" href="${loc(origin, alternate.path)}"/>`,
    )
    .join('');
  return `<url><loc>${loc(origin, entry.path)}</loc>${links}</url>\n`;
}

/**
 * /sitemap.xml (an index of every store's files, each with the catalog's last change as
 * <lastmod>) and the files (up to 50,000 URLs each, every URL with its addresses in the other
 * stores as hreflang alternates): the default store's at /sitemap-N.xml, another store's at
 * /sitemap-<code>-N.xml. Files stream a page of rows at a time: a 100,000-product catalog never
 * sits in memory. The catalog version is the entity tag: a crawler's conditional request for a
 * file costs a few small queries (the store views, their settings, the version), no count, once
 * nothing changed.
 */
export function createSitemapHandler(sitemap: SitemapService) {
  const index = async (request: Request, origin: string): Promise<Response> => {
    const plan = await sitemap.plan();
    const headers = xmlHeaders(plan.version);
    if (notModified(request, plan.version)) return new Response(null, { status: 304, headers });
    if (request.method === 'HEAD') return new Response(null, { headers });
    const entries = plan.stores.flatMap((store) =>
      Array.from(
        { length: store.files },
        (_, i) =>
          `<sitemap><loc>${loc(origin, fileName(store, i + 1))}</loc><lastmod>${plan.changedAt}</lastmod></sitemap>`,
      ),
    );
    const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${XMLNS}">\n${entries.join('\n')}\n</sitemapindex>\n`;
    return new Response(xml, { headers });
  };

  return async (request: Request, origin: string, file: SitemapFile | null): Promise<Response> => {
    if (file === null) return index(request, origin);
    const notFound = () => new Response('Not found', { status: 404 });
    const [stores, current] = await Promise.all([sitemap.stores(), sitemap.version()]);
    // The default store's files only under their first names (sitemap-N.xml).
    const store = stores.find((s) => (file.store === null ? s.isDefault : s.code === file.store && !s.isDefault));
    if (!store) return notFound();
    const headers = xmlHeaders(current.version);
    // Before counting the store's pages: the same catalog version has the same files.
    if (notModified(request, current.version)) return new Response(null, { status: 304, headers });
    if (file.part > ((await sitemap.files(store.code)) ?? 0)) return notFound();
    if (request.method === 'HEAD') return new Response(null, { headers });

    const encoder = new TextEncoder();
    const pages = sitemap.paths(store.code, file.part);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(
          encoder.encode(
            `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${XMLNS}" xmlns:xhtml="${XHTML_NS}">\n`,
          ),
        );
      },
      // Pulled: the next page of rows is read only when the client has taken the last one.
      async pull(controller) {
        const next = await pages.next();
        if (next.done) {
          controller.enqueue(encoder.encode('</urlset>\n'));
          controller.close();
          return;
        }
        controller.enqueue(encoder.encode(next.value.map((entry) => urlElement(origin, entry)).join('')));
      },
      async cancel() {
        await pages.return(undefined);
      },
    });
    return new Response(body, { headers });
  };
}
