import { MAX_IMPORT_REQUEST_BYTES } from '@vela/commerce';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { mountBackOffice } from './backOfficeAssets';
import { clientAddressOf } from './clientAddress';
import { compression } from './compression';
import { corsPolicy } from './cors';
import { mountHealthChecks, type ReadinessReport } from './health';
import { requestLogging, type Logger } from './logging';
import { mountMetrics, type ShopMetrics } from './metrics';
import { onPublicOrigin, publicOriginOf } from './publicOrigin';
import { robotsTxt, storePrefixesOf } from './seo/robots';
import { createSitemapHandler, sitemapFile } from './seo/sitemap';
import type { SitemapService } from '@vela/commerce';
import { securityHeaders, type SecurityVariables } from './securityHeaders';
import type { PaymentProviderSwitches } from './paymentProviderOrigins';
import { setCurrencyPreference } from './currencyPreference';
import type { GraphQLTransport } from './storefrontHandler';
import type { PageRender } from './pageCache';

export interface AppParts {
  /** The GraphQL endpoint: the embedded commerce API or the proxy to Magento; `client` is the caller's address. */
  graphql: (request: Request, client: { address: string }) => Promise<Response>;
  /** How the server render reaches GraphQL for a given incoming request. */
  ssrTransport: (request: Request) => GraphQLTransport;
  media?: (request: Request) => Promise<Response>;
  /** The embedded catalog's pages for /sitemap.xml; none when fronting Magento (its own module makes one). */
  sitemap?: SitemapService;
  /**
   * The server render; its inline scripts carry `cspNonce`, the one this response's policy allows,
   * or, for a page from the page cache, are allowed by the hashes it passes to `allowScripts`.
   */
  storefront: (request: Request, render: PageRender) => Promise<Response>;
  storefrontBuildDir: string;
  /** The built back office, served under /admin; absent when fronting Magento (its own admin does that work). */
  backOfficeBuildDir?: string;
  /** The back office's API at /admin/graphql; absent when fronting Magento. `client` is the caller's address. */
  backOfficeApi?: (request: Request, client: { address: string }) => Promise<Response>;
  /** Origins allowed to call /graphql from a browser (`['*']`: any); none by default. */
  corsOrigins?: readonly string[];
  /** The origin pages are rendered for (canonical links), never taken from the Host header. */
  publicUrl: string;
  /** Take the origin from X-Forwarded-Host / -Proto instead (behind a proxy that sets them). */
  trustProxy?: boolean;
  /** For /readyz; a process without a database of its own (fronting Magento) is always ready. */
  readiness?: () => Promise<ReadinessReport>;
  /** Origins other than the shop's that product images load from (a Magento media host). */
  imageOrigins?: readonly string[];
  /** Card gateways switched on: pages may load their scripts and frames (paymentProviderOrigins.ts). */
  paymentProviders?: PaymentProviderSwitches;
  /**
   * A gateway's webhook delivery (`gateway`: the payment method code), answered by commerce: rate
   * limited, size bounded, signature checked. Absent when fronting Magento (its module has its own).
   */
  paymentWebhook?: (gateway: string, request: Request, client: { address: string }) => Promise<Response>;
  /**
   * A download address (`/downloadable/download/...`, Magento's routes), answered by commerce:
   * bought links for their buyer, samples for anyone. Absent when fronting Magento.
   */
  download?: (request: Request, client: { address: string }) => Promise<Response>;
  /** Apple Pay's domain association file (from Stripe), when configured; its path answers 404 otherwise. */
  applePayDomainAssociation?: string;
  /** Request lines (with an X-Request-Id) go here; no request log when absent. */
  logger?: Logger;
  /** Figures for /metrics, which answers only when `metricsToken` is set too. */
  metrics?: ShopMetrics;
  metricsToken?: string;
}

export const GRAPHQL_MAX_BODY_BYTES = 256 * 1024;
/** A gateway's event is a few KB (commerce bounds it again while reading it raw). */
export const WEBHOOK_MAX_BODY_BYTES = 64 * 1024;
/** The catalog import's one limit (commerce's MAX_IMPORT_BYTES) with its multipart framing. */
export const BACK_OFFICE_MAX_BODY_BYTES = MAX_IMPORT_REQUEST_BYTES;

export function createApp(parts: AppParts): Hono<{ Variables: SecurityVariables }> {
  const app = new Hono<{ Variables: SecurityVariables }>();
  const clientDir = path.join(parts.storefrontBuildDir, 'client');
  // First, so the id and the timing cover everything after it.
  if (parts.logger) {
    app.use(
      '*',
      requestLogging({
        logger: parts.logger,
        trustProxy: parts.trustProxy ?? false,
        onResponse: parts.metrics ? parts.metrics.observeRequest.bind(parts.metrics) : undefined,
      }),
    );
  }
  app.use('*', compression());
  // Before the shop's security headers: back-office pages carry their own, stricter ones.
  if (parts.backOfficeBuildDir)
    mountBackOffice(app, { buildDir: parts.backOfficeBuildDir, publicUrl: parts.publicUrl });
  app.use(
    '*',
    securityHeaders({
      publicUrl: parts.publicUrl,
      imageOrigins: parts.imageOrigins,
      paymentProviders: parts.paymentProviders,
    }),
  );
  mountHealthChecks(app, parts.readiness ?? (() => Promise.resolve({ ready: true, detail: 'no database of its own' })));
  if (parts.metrics) mountMetrics(app, parts.metrics, parts.metricsToken);

  // The largest storefront mutation is a few KB; a bigger body is a mistake or an attack.
  app.use(
    '/graphql',
    bodyLimit({
      maxSize: GRAPHQL_MAX_BODY_BYTES,
      onError: (c) =>
        c.json({ errors: [{ message: `Request body larger than ${GRAPHQL_MAX_BODY_BYTES} bytes.` }] }, 413),
    }),
  );
  app.use('/graphql', corsPolicy(parts.corsOrigins ?? []));
  app.all('/graphql', (c) => parts.graphql(c.req.raw, { address: clientAddressOf(c, parts.trustProxy ?? false) }));
  if (parts.backOfficeApi) {
    const backOfficeApi = parts.backOfficeApi;
    // A catalog upload is the largest body: the import's own limit plus the multipart framing.
    app.use(
      '/admin/graphql',
      bodyLimit({
        maxSize: BACK_OFFICE_MAX_BODY_BYTES,
        onError: (c) =>
          c.json({ errors: [{ message: `Request body larger than ${BACK_OFFICE_MAX_BODY_BYTES} bytes.` }] }, 413),
      }),
    );
    // No CORS: only the back office's own pages, on this origin, may call it.
    const clientOf = (c: Context) => ({ address: clientAddressOf(c, parts.trustProxy ?? false) });
    app.all('/admin/graphql', (c) => backOfficeApi(c.req.raw, clientOf(c)));
    app.all('/admin/export/catalog.csv', (c) => backOfficeApi(c.req.raw, clientOf(c)));
    // Reports and the order list as CSV (commerce/src/backOffice/reportDownload.ts).
    app.all('/admin/export/report.csv', (c) => backOfficeApi(c.req.raw, clientOf(c)));
    app.all('/admin/export/orders.csv', (c) => backOfficeApi(c.req.raw, clientOf(c)));
    // Invoices, packing slips and credit memos as PDF (commerce/src/backOffice/salesDocumentDownload.ts).
    app.all('/admin/documents/*', (c) => backOfficeApi(c.req.raw, clientOf(c)));
  }
  if (parts.paymentWebhook) {
    const paymentWebhook = parts.paymentWebhook;
    // The path Stripe's module for Adobe Commerce registers, so a merchant's Stripe set-up carries over.
    app.use(
      '/stripe/webhooks',
      bodyLimit({
        maxSize: WEBHOOK_MAX_BODY_BYTES,
        onError: (c) => c.json({ error: `Request body larger than ${WEBHOOK_MAX_BODY_BYTES} bytes.` }, 413),
      }),
    );
    app.all('/stripe/webhooks', (c) =>
      paymentWebhook('stripe_payments', c.req.raw, { address: clientAddressOf(c, parts.trustProxy ?? false) }),
    );
    // Braintree's notifications (set as the webhook's destination in Braintree's control panel).
    app.use(
      '/braintree/webhooks',
      bodyLimit({
        maxSize: WEBHOOK_MAX_BODY_BYTES,
        onError: (c) => c.json({ error: `Request body larger than ${WEBHOOK_MAX_BODY_BYTES} bytes.` }, 413),
      }),
    );
    app.all('/braintree/webhooks', (c) =>
      paymentWebhook('braintree', c.req.raw, { address: clientAddressOf(c, parts.trustProxy ?? false) }),
    );
  }
  if (parts.download) {
    const download = parts.download;
    app.all('/downloadable/download/*', (c) =>
      download(c.req.raw, { address: clientAddressOf(c, parts.trustProxy ?? false) }),
    );
  }
  if (parts.media) {
    const media = parts.media;
    app.all('/media/*', (c) => media(c.req.raw));
  }

  // Apple Pay (through Stripe) checks the shop's domain with this file; never the storefront's page.
  const association = parts.applePayDomainAssociation;
  app.get('/.well-known/apple-developer-merchantid-domain-association', (c) =>
    association
      ? c.text(association, 200, { 'Cache-Control': 'public, max-age=3600' })
      : c.text('Not found', 404, { 'Cache-Control': 'no-store' }),
  );

  const origin = { publicUrl: parts.publicUrl, trustProxy: parts.trustProxy ?? false };
  app.get('/robots.txt', async (c) =>
    c.text(
      robotsTxt(publicOriginOf(c.req.raw, origin), parts.sitemap !== undefined, await storePrefixesOf(parts.sitemap)),
      200,
      { 'Cache-Control': 'public, max-age=3600' },
    ),
  );
  if (parts.sitemap) {
    const sitemap = createSitemapHandler(parts.sitemap);
    app.get('/sitemap.xml', (c) => sitemap(c.req.raw, publicOriginOf(c.req.raw, origin), null));
    // The default store's /sitemap-N.xml and another store's /sitemap-<code>-N.xml.
    app.get('/:file{sitemap-[a-z0-9_-]+\\.xml}', (c) => {
      const file = sitemapFile(c.req.path);
      return file === null ? c.text('Not found', 404) : sitemap(c.req.raw, publicOriginOf(c.req.raw, origin), file);
    });
  }

  // Without a build (the API alone, or before `npm run build`) there is nothing to serve, and
  // serveStatic would print a plain-text warning at every request into the JSON log.
  if (existsSync(clientDir)) {
    // Hashed build output never changes under the same name: cache it for a year. The build made
    // brotli and gzip copies, so no request spends CPU compressing the framework chunk.
    app.use(
      '/assets/*',
      serveStatic({
        root: clientDir,
        precompressed: true,
        onFound: (_path, c) => c.header('Cache-Control', 'public, max-age=31536000, immutable'),
      }),
    );
    // The service worker and the manifest keep their names across releases: browsers must ask
    // every time, or a shop would keep running an old worker after a deploy.
    for (const file of ['/sw.js', '/manifest.webmanifest']) {
      app.get(
        file,
        serveStatic({
          root: clientDir,
          onFound: (_path, c) => c.header('Cache-Control', 'no-cache'),
        }),
      );
    }
    app.use(
      '*',
      serveStatic({
        root: clientDir,
        onFound: (_path, c) => c.header('Cache-Control', 'public, max-age=3600'),
      }),
    );
  }
  app.all('/assets/*', (c) => c.text('Not found', 404));

  app.post('/currency', (c) =>
    setCurrencyPreference(c.req.raw, publicOriginOf(c.req.raw, origin).startsWith('https:')),
  );
  app.all('*', (c) =>
    parts.storefront(onPublicOrigin(c.req.raw, origin), {
      cspNonce: c.get('cspNonce'),
      allowScripts: (hashes) => c.set('cspScriptHashes', hashes),
    }),
  );
  return app;
}
