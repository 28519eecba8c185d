import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { getRequestListener } from '@hono/node-server';
import { createCommerce, renderDemoProductSvg, type Commerce, type SitemapService } from '@vela/commerce';
import { isClusterWorker, runPrimary, shareWorkerMetrics } from './cluster';
import { ConfigError, readConfig } from './config';
import { createApp } from './createApp';
import { trackForShutdown } from './gracefulShutdown';
import { refuseConnectAndTrack, refusingUnservedMethods } from './refusedMethods';
import type { ReadinessReport } from './health';
import { createMediaHandler } from './media/createMediaHandler';
import { createMagentoProxy, createUpstreamMediaProxy } from './magentoProxy';
import { createStorefrontHandler, type GraphQLTransport } from './storefrontHandler';
import { createLogger, type Logger } from './logging';
import { createPageCache, type PageCache } from './pageCache';
import { createShopMetrics } from './metrics';
import { firstAccountCommand } from './cli/firstAccountHint';
import { attachToSupervisor, tellSupervisorOpen } from './supervisor';

// Until the configuration is read (and when it cannot be), lines go out at the default level.
let logger: Logger = createLogger('info');

function log(line: string) {
  logger.info(line);
}

async function main() {
  const config = readConfig();
  logger = createLogger(config.logLevel);
  if (!isClusterWorker()) attachToSupervisor();
  if (config.workers > 1 && !isClusterWorker()) {
    runPrimary({
      workers: config.workers,
      shutdownTimeoutMs: config.shutdownTimeoutMs,
      logger,
      openMessage: (port) => startMessage(config.host, port),
      onOpen: tellSupervisorOpen,
    });
    return;
  }
  const metrics = createShopMetrics();
  if (isClusterWorker()) metrics.exposition = shareWorkerMetrics(metrics.registry);
  let commerce: Commerce | undefined;
  let graphql: (request: Request, client: { address: string }) => Promise<Response>;
  let ssrTransport: (request: Request) => GraphQLTransport;
  let media: ((request: Request) => Promise<Response>) | undefined;
  let sitemap: SitemapService | undefined;
  let readiness: (() => Promise<ReadinessReport>) | undefined;
  let imageOrigins: string[] = [];
  let backOfficeApi: ((request: Request, client: { address: string }) => Promise<Response>) | undefined;
  let paymentWebhook:
    ((gateway: string, request: Request, client: { address: string }) => Promise<Response>) | undefined;
  let download: ((request: Request, client: { address: string }) => Promise<Response>) | undefined;

  if (config.magentoGraphqlUrl) {
    log(`fronting Magento at ${config.magentoGraphqlUrl}; the embedded commerce API is not mounted`);
    graphql = createMagentoProxy(config.magentoGraphqlUrl);
    const uri = config.magentoGraphqlUrl;
    ssrTransport = () => ({ uri, fetch });
    // Magento answers with absolute image URLs on its own host.
    imageOrigins = [new URL(config.magentoGraphqlUrl).origin];
    media = createUpstreamMediaProxy(config.magentoGraphqlUrl);
  } else {
    // Image URLs are absolute on PUBLIC_URL (as Magento's are on its base URL); a shopper who
    // reached the shop by another name (127.0.0.1 for localhost) still sees them.
    imageOrigins = [new URL(config.publicUrl).origin];
    const started = Date.now();
    commerce = await createCommerce({
      databaseUrl: config.databaseUrl,
      sqlitePath: config.sqlitePath,
      seedDemo: config.seedDemo,
      mailDir: config.mailDir,
      publicUrl: config.publicUrl,
      smtpUrl: config.smtpUrl,
      mailFrom: config.mailFrom,
      responseCache: config.responseCache,
      responseCacheMaxBytes: config.responseCacheMaxBytes,
      requestsPerMinute: config.graphqlRequestsPerMinute,
      poolSize: config.pgPoolSize,
      sqliteCacheMb: config.sqliteCacheMb,
      slowQueryMs: config.slowSqlMs,
      exposeSchema: config.graphqlIntrospection,
      log,
      logError: (line) => logger.error(line),
      observer: metrics.operations,
      mediaDir: config.mediaDir,
      stripe: config.stripe,
      braintree: config.braintree,
    });
    log(`commerce ready on ${config.databaseUrl ? 'PostgreSQL' : config.sqlitePath} in ${Date.now() - started} ms`);
    const api = commerce;
    graphql = (request, client) => api.fetch(request, client);
    readiness = () => api.readiness();
    metrics.readGauges(
      () => api.gauges(),
      async () => ({
        ...(await api.mailOutboxDepth()),
        oldestPendingSeconds: await api.mailOutboxOldestPendingSeconds(),
      }),
    );
    // The render runs operations in-process: no socket, no serialisation through the network stack.
    const inProcessFetch = ((input: RequestInfo | URL, init?: RequestInit) =>
      api.fetch(new Request(input, init))) as typeof fetch;
    ssrTransport = (request) => ({ uri: new URL('/graphql', request.url).href, fetch: inProcessFetch });
    sitemap = api.sitemap;
    backOfficeApi = (request, client) => api.backOffice.fetch(request, client);
    paymentWebhook = (gateway, request, client) => api.paymentWebhook(gateway, request, client);
    download = (request, client) => api.download(request, client);
    if (!(await api.backOffice.hasStaff()) && !isClusterWorker())
      log(
        `back office: no staff account yet. Create the first one with \`${firstAccountCommand(process.env)}\` (it reads the password from standard input), then sign in at /admin`,
      );
    media = createMediaHandler({
      mediaDir: config.mediaDir,
      cacheDir: config.mediaCacheDir,
      sizes: config.mediaSizes,
      renderSource: renderDemoProductSvg,
    });
  }

  // Pages are kept only where the catalog version says when they change: not in front of Magento.
  const api = commerce;
  const pageCacheFor =
    api && config.pageCache
      ? (buildId: string) =>
          createPageCache({
            catalogVersion: () => api.catalogVersion(),
            maxBytes: api.gauges().memoryBudget.pageCacheBytes,
            buildId,
          })
      : undefined;
  const storefront = await loadStorefront(config.storefrontBuildDir, ssrTransport, pageCacheFor);
  const app = createApp({
    graphql,
    ssrTransport,
    media,
    sitemap,
    storefront,
    storefrontBuildDir: config.storefrontBuildDir,
    backOfficeApi,
    backOfficeBuildDir: config.magentoGraphqlUrl ? undefined : config.backOfficeBuildDir,
    corsOrigins: config.corsOrigins,
    publicUrl: config.publicUrl,
    trustProxy: config.trustProxy,
    // From SIGTERM on, a balancer sees this process leave while it still answers.
    readiness: async () => {
      if (shutdown.stopping()) return { ready: false, detail: 'shutting down' };
      return readiness ? readiness() : { ready: true, detail: 'no database of its own' };
    },
    imageOrigins,
    // A gateway's origins open in embedded mode with its keys; in front of a Magento that has the
    // gateway's module, when MAGENTO_PAYMENT_PROVIDERS names it (the keys are the Magento's).
    paymentProviders: config.magentoGraphqlUrl
      ? config.magentoPaymentProviders
      : {
          stripe: config.stripe !== undefined,
          braintree: config.braintree?.environment ?? null,
          braintreeWallets: {
            applePay: Boolean(config.braintree?.wallets?.applePayMerchantName),
            googlePay: Boolean(config.braintree?.wallets?.googlePay),
          },
        },
    paymentWebhook,
    download,
    applePayDomainAssociation: config.applePayDomainAssociation,
    logger,
    metrics,
    metricsToken: config.metricsToken,
  });
  // @hono/node-server's serve(), with methods the shop never serves answered before Hono.
  const server = createServer(refusingUnservedMethods(getRequestListener(app.fetch, { hostname: config.host })));
  refuseConnectAndTrack(server);
  server.listen(config.port, config.host, () => {
    // In a cluster the primary says it once all workers listen.
    if (!isClusterWorker()) {
      log(startMessage(config.host, (server.address() as AddressInfo).port));
      tellSupervisorOpen();
    }
  });
  const shutdown = trackForShutdown(server);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(
      `${signal}: not ready; answering new connections with Connection: close for ${config.shutdownAcceptMs} ms, then finishing requests in flight (at most ${config.shutdownTimeoutMs} ms)`,
    );
    const { cut } = await shutdown.drain(config.shutdownTimeoutMs, config.shutdownAcceptMs);
    if (cut > 0) log(`shutdown deadline reached: ${cut} request(s) cut off`);
    // After the last request: SQLite checkpoints its WAL into the database file and removes it.
    await commerce?.close();
    log('stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

/** The address to open, as reachable from this machine, and what the listener really binds to. */
function startMessage(host: string, port: number): string {
  if (host === '0.0.0.0' || host === '::')
    return `shop open at http://localhost:${port} (listening on all interfaces, port ${port})`;
  const shown = host.includes(':') ? `[${host}]` : host;
  return `shop open at http://${shown}:${port}`;
}

/** Without a build the API still serves and pages answer 503, so `npm run build` can follow. */
async function loadStorefront(
  buildDir: string,
  transportFor: (request: Request) => GraphQLTransport,
  pageCacheFor?: (buildId: string) => PageCache,
) {
  if (existsSync(path.join(buildDir, 'server', 'index.js')))
    return createStorefrontHandler(buildDir, transportFor, pageCacheFor);
  log(`no storefront build in ${buildDir}: pages answer 503 until \`npm run build\``);
  return () =>
    Promise.resolve(
      new Response('The storefront is not built yet.', {
        status: 503,
        headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Retry-After': '60' },
      }),
    );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    logger.fatal(`configuration error: ${error.message}`);
  } else {
    logger.fatal({ err: error }, 'failed to start');
  }
  // pino writes stdout synchronously, so nothing is lost by leaving at once.
  process.exit(1);
});
