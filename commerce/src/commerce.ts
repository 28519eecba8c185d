import { withMagentoScalars } from './graphqlRuntime/magentoScalars';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { GraphQLSchema } from 'graphql';
import { createSchema, createYoga } from 'graphql-yoga';
import { boundedParserCache } from './graphqlRuntime/parsedDocumentCache';
import { openDatabase, type DatabasePoolStats } from './db/connection';
import { migrateToLatest } from './db/migrations';
import { withStartupLock } from './db/startupLock';
import { holdShopPresence, type ShopPresence } from './db/shopPresenceLock';
import { malformedParamsPlugin } from './graphqlRuntime/malformedParams';
import { withinBodyLimit } from './graphqlRuntime/requestBody';
import { inHostResponse } from './graphqlRuntime/hostResponse';
import { createAfterAnswer } from './kernel/afterAnswer';
import { createRequestBudget, tooManyRequests } from './kernel/requestBudget';
import { queryCostPlugin } from './graphqlRuntime/queryCost';
import { queryLimitPlugins } from './graphqlRuntime/queryLimits';
import { schemaExposurePlugins } from './graphqlRuntime/schemaExposure';
import { checkReadiness, type Readiness } from './readiness';
import { isCatalogEmpty, seedDemoCatalog } from './demo/catalogSeed';
import { createBackOfficeServices, createRequestContext, createServices } from './domains/context';
import { scopeFor } from './domains/store';
import { storeResolvers } from './domains/store/storeResolvers';
import { categoryResolvers } from './domains/catalog/categoryResolvers';
import { productResolvers } from './domains/catalog/productResolvers';
import { reviewResolvers } from './domains/catalog/reviewResolvers';
import { cmsResolvers } from './domains/cms/cmsResolvers';
import { directoryResolvers } from './domains/directory/directoryResolvers';
import { routeResolvers } from './domains/routing/routeResolvers';
import { useCatalogCacheControl } from './graphqlRuntime/cacheControlPlugin';
import { CompiledDocuments, compiledExecutionPlugin } from './graphqlRuntime/compiledExecution';
import { memoryBudget, type MemoryBudget } from './kernel/memoryBudget';
import { createResponseCache, type ResponseCacheStats } from './graphqlRuntime/responseCache';
import { countQueries } from './db/queryCount';
import { catalogVersionOfRequest, readCatalogVersion } from './db/catalogIndex';
import { maskedDomainErrors } from './graphqlRuntime/domainErrors';
import { isCheckoutConfigEmpty, seedDemoCheckout } from './demo/checkoutSeed';
import { seedShopBasics } from './domains/store';
import { cartResolvers } from './domains/cart/cartResolvers';
import { checkoutResolvers } from './domains/checkout/checkoutResolvers';
import { createSalesDocuments, loadOrder, renderOrderConfirmation, renderSalesDocumentMail } from './domains/sales';
import { offlinePaymentInstructions } from './domains/payment';
import { orderResolvers } from './domains/sales/orderResolvers';
import { createMailer } from './mail/mailer';
import { createMailOutbox } from './mail/mailOutbox';
import { withCartAccessChecks } from './domains/auth';
import { customerResolvers } from './domains/customer/customerResolvers';
import { wishlistResolvers } from './domains/wishlist/wishlistResolvers';
import { compareResolvers } from './domains/compare/compareResolvers';
import { newsletterResolvers } from './domains/newsletter/newsletterResolvers';
import { contactResolvers } from './domains/contact/contactResolvers';
import { createSitemapService, type SitemapService } from './domains/sitemap';
import { useOperationObserver, type OperationObserver } from './graphqlRuntime/operationMetrics';
import { createBackOfficeApi, type BackOfficeApi } from './backOffice/backOfficeApi';
import { importCatalogCsv } from './domains/catalogTransfer';
import { DEFAULT_STORE_ID } from './kernel/storeScope';
import {
  createBraintreeProvider,
  braintreeMethodCodes,
  createStripeProvider,
  createStripeSavedCards,
  isLiveMode,
  STRIPE_METHOD_CODE,
  type BraintreeSettings,
  type StripeSettings,
  recordOnlinePaymentAvailability,
} from './domains/payment';
import { stripeResolvers } from './domains/payment/stripeResolvers';
import { braintreeResolvers } from './domains/payment/braintreeResolvers';
import { paymentVaultResolvers } from './domains/payment/paymentVaultResolvers';
import {
  createDownloadDelivery,
  createOrderPayments,
  createPaymentWebhooks,
  type PaymentGateway,
} from './domains/sales';

/** A card order still waiting for its payment this long is voided and canceled (its stock returned). */
const ABANDONED_PAYMENT_MINUTES = 60;

/** The shop's API parses what anyone sends; the back office's mostly its own app's documents. */
const STOREFRONT_PARSER_SHARE = 0.8;

export interface CommerceConfig {
  /** postgres://… selects PostgreSQL; anything else uses the SQLite file. */
  databaseUrl?: string;
  /** Default 'var/vela.db' relative to process.cwd(). */
  sqlitePath?: string;
  /** Default true: fill the demo catalog when the catalog is empty (first start only). */
  seedDemo?: boolean;
  log?: (line: string) => void;
  /** Where order e-mails are written as .eml files when no SMTP server is set; default 'var/mail'. */
  mailDir?: string;
  /** smtp(s)://user:pass@host:port sends order e-mails through that server instead. */
  smtpUrl?: string;
  /** The From: address of order e-mails. */
  mailFrom?: string;
  /** Default true: keep public catalog GET answers in memory until the catalog changes. */
  responseCache?: boolean;
  /** Default true: run repeated queries compiled (compiledExecution.ts); false interprets every one. */
  compiledExecution?: boolean;
  /**
   * Memory the response cache may use (default: its share of the memory budget, kernel/memoryBudget.ts);
   * least recently used answers go first.
   */
  responseCacheMaxBytes?: number;
  /** Every cache's bound (default: derived from this process's V8 heap limit); tests pass a small one. */
  memoryBudget?: MemoryBudget;
  /**
   * GraphQL requests per minute per client (the address the host passes); off when 0 or unset.
   * Counted per process, shared through the database every second (kernel/requestBudget.ts).
   */
  requestsPerMinute?: number;
  /** URLs per sitemap file (default and most the protocol allows: 50,000); tests split smaller. */
  sitemapUrlsPerFile?: number;
  /** PostgreSQL connections per process (default 10). */
  poolSize?: number;
  /** SQLite's page cache per connection, MiB (default 32). */
  sqliteCacheMb?: number;
  /** Log every SQL statement slower than this many milliseconds; off when undefined. */
  slowQueryMs?: number;
  /** The clock for token lifetimes, lockouts and reset links; tests pass one they can move. */
  now?: () => Date;
  /**
   * The shop's address as shoppers reach it: links in e-mails, and the absolute base and image URLs
   * the API answers (default http://localhost:3000, the server's own default).
   */
  publicUrl?: string;
  /** Default false: introspection and "Did you mean" hints are refused (see schemaExposure.ts). */
  exposeSchema?: boolean;
  /** Told about every executed operation and every order placed (the server's /metrics). */
  observer?: OperationObserver;
  /** Default true: deliver queued e-mails from this process (off: another process does, or a test). */
  mailWorker?: boolean;
  /** How often the mail worker looks for retries that came due (default 5000 ms). */
  mailPollMs?: number;
  /** E-mails this process delivers at once (default 8). */
  mailConcurrency?: number;
  /** Unexpected errors and failed background work; defaults to `log`. */
  logError?: (line: string) => void;
  /** Where product images live (the server's MEDIA_DIR): catalog imports copy images there. */
  mediaDir?: string;
  /** Card payments through Stripe (the keys come from the server's environment); off when absent. */
  stripe?: StripeSettings;
  /** Card payments (and kept cards) through Braintree (keys from the server's environment); off when absent. */
  braintree?: BraintreeSettings;
}

/** Who is calling, as the host process knows it (never from a header it did not configure). */
export interface CommerceClient {
  /** The caller's network address: what per-client rate limits count against. */
  address: string;
}

export interface Commerce {
  fetch(request: Request, client?: CommerceClient): Promise<Response>;
  schema: GraphQLSchema;
  /** For /readyz: the database answers and its migrations are applied. */
  readiness(): Promise<Readiness>;
  /** Point-in-time figures for metrics: read when scraped, never on a request's path. */
  gauges(): CommerceGauges;
  /**
   * The catalog version in the database: every write that changes what a shopper sees (catalog,
   * stock, CMS, store settings) bumps it. One small query; the server's page cache reads it per page.
   */
  catalogVersion(): Promise<number>;
  /** E-mails waiting to go out, and those given up after every retry. */
  mailOutboxDepth(): Promise<{ pending: number; failed: number }>;
  /** Seconds the oldest e-mail still waiting to go out has waited (0 when none waits). */
  mailOutboxOldestPendingSeconds(): Promise<number>;
  /** Delivers every queued e-mail that is due, now; resolves with how many went out. */
  deliverMail(): Promise<number>;
  /** The pages search engines should find, for /sitemap.xml. */
  sitemap: SitemapService;
  /** The back office's API (/admin/graphql): staff only, its own schema. */
  backOffice: BackOfficeApi;
  /**
   * A payment gateway's webhook delivery (`gateway`: the method code, `stripe_payments`): rate
   * limited, size bounded, signature checked, applied once.
   */
  paymentWebhook(gateway: string, request: Request, client?: CommerceClient): Promise<Response>;
  /**
   * A download address (`/downloadable/download/...`): a bought link for its buyer once invoiced,
   * or a sample for anyone; rate limited, streamed from the media directory's private folder.
   */
  download(request: Request, client?: CommerceClient): Promise<Response>;
  /**
   * Expires card orders still waiting for their payment after an hour (also run every five minutes
   * while a gateway is configured); resolves with how many were canceled.
   */
  expireAbandonedPayments(): Promise<number>;
  /** Deletes at Stripe the Stripe Customers of deleted accounts now (the sweep does it every 5 minutes). */
  forgetDeletedStripeCustomers(): Promise<number>;
  /**
   * Deletes guests' compare lists nobody changed for 30 days (also run every hour); resolves with
   * how many were deleted.
   */
  deleteStaleGuestCompareLists(): Promise<number>;
  close(): Promise<void>;
}

export interface CommerceGauges {
  /** PostgreSQL connections of this process; absent on SQLite (one connection, no pool). */
  databasePool?: DatabasePoolStats;
  /** Absent when the response cache is off. */
  responseCache?: ResponseCacheStats;
  /** What the caches may hold, from the heap limit. */
  memoryBudget: MemoryBudget;
}

const SCHEMA_DIR = fileURLToPath(new URL('./schema/', import.meta.url));

/** Every domain's SDL file, in a stable order. */
export function loadTypeDefs(): string[] {
  return readdirSync(SCHEMA_DIR)
    .filter((file) => file.endsWith('.graphql'))
    .sort()
    .map((file) => readFileSync(`${SCHEMA_DIR}${file}`, 'utf8'));
}

export function buildCommerceSchema(): GraphQLSchema {
  // Magento's Int and Float accept numeric strings; clients written for Magento send them.
  return withMagentoScalars(
    createSchema({
      typeDefs: loadTypeDefs(),
      resolvers: [
        storeResolvers,
        categoryResolvers,
        productResolvers,
        reviewResolvers,
        routeResolvers,
        cmsResolvers,
        directoryResolvers,
        // Customer carts are refused to anyone but their customer, before any cart resolver runs.
        withCartAccessChecks(cartResolvers),
        withCartAccessChecks(checkoutResolvers),
        withCartAccessChecks(orderResolvers),
        customerResolvers,
        wishlistResolvers,
        compareResolvers,
        newsletterResolvers,
        contactResolvers,
        stripeResolvers,
        braintreeResolvers,
        paymentVaultResolvers,
      ],
    }),
  );
}

export async function createCommerce(config: CommerceConfig = {}): Promise<Commerce> {
  const log = config.log ?? (() => {});
  const logError = config.logError ?? log;
  const connection = openDatabase({
    databaseUrl: config.databaseUrl,
    sqlitePath: config.sqlitePath,
    poolSize: config.poolSize,
    sqliteCacheMb: config.sqliteCacheMb,
    slowQueryMs: config.slowQueryMs,
  });
  let presence: ShopPresence | undefined;
  try {
    // Before migrating: a restore in progress finishes first (db/shopPresenceLock.ts).
    if (connection.engine === 'postgres' && config.databaseUrl)
      presence = await holdShopPresence(config.databaseUrl, logError);
    await withStartupLock(connection.db, connection.engine, async (db) => {
      const applied = await migrateToLatest(db, connection.searchIndex);
      if (applied.length > 0) log(`commerce: applied migrations ${applied.join(', ')}`);
      if ((config.seedDemo ?? true) && (await isCatalogEmpty(db))) {
        const started = Date.now();
        const result = await seedDemoCatalog(db, connection.searchIndex, { log });
        log(`commerce: seeded demo catalog (${result.products} products) in ${Date.now() - started} ms`);
      } else if ((config.seedDemo ?? true) && (await isCheckoutConfigEmpty(db))) {
        // A catalog seeded before checkout existed still needs carriers, rules and tax rates.
        await db.transaction().execute((trx) => seedDemoCheckout(trx));
      } else if (!(config.seedDemo ?? true)) {
        // Without the demo, what a new Magento installation has: the shop can take its first order.
        const seeded = await seedShopBasics(db);
        if (seeded.length > 0) log(`commerce: seeded ${seeded.join(', ')}`);
      }
    });
    // Carts offer a card method only while this shop has its gateway's keys.
    await recordOnlinePaymentAvailability(
      connection.db,
      new Set([
        ...(config.stripe ? [STRIPE_METHOD_CODE] : []),
        ...(config.braintree ? braintreeMethodCodes(config.braintree) : []),
      ]),
    );
  } catch (error) {
    await presence?.release();
    await connection.close();
    throw error;
  }

  const mailer = createMailer({ mailDir: config.mailDir, smtpUrl: config.smtpUrl, from: config.mailFrom });
  const clock = config.now ?? (() => new Date());
  const mailOutbox = createMailOutbox({
    db: connection.db,
    mailer,
    now: () => clock().getTime(),
    log: logError,
    pollMs: config.mailPollMs,
    concurrency: config.mailConcurrency,
    async renderOrderConfirmation(orderId) {
      const order = await loadOrder(connection.db, orderId);
      if (!order) throw new Error(`order ${orderId} does not exist`);
      // In the language and name of the store view the order was placed in.
      const store = await services.store.settingsOf(order.order.store_id);
      return {
        to: order.order.email,
        ...renderOrderConfirmation(
          order,
          store.store_name ?? 'Vela',
          store.locale ?? 'en_US',
          offlinePaymentInstructions(order.order.payment_method, store),
        ),
      };
    },
    async renderSalesDocumentMail(document, number) {
      const printed = await mailedDocuments.print(document, number);
      if (!printed) throw new Error(`${document} ${number} does not exist`);
      return renderSalesDocumentMail(document, printed);
    },
  });
  // Invoices and credit memos mailed to customers, printed as staff download them.
  const mailedDocuments = createSalesDocuments(connection.db, async (storeId) => {
    const store = await services.store.settingsOf(storeId);
    return { name: store.store_name ?? 'Vela', locale: store.locale ?? 'en_US' };
  });
  const afterAnswer = createAfterAnswer(logError);
  const requestBudget = config.requestsPerMinute
    ? createRequestBudget(connection.db, config.now ?? (() => new Date()), config.requestsPerMinute, logError)
    : null;
  const budget = config.memoryBudget ?? memoryBudget();
  const braintreeSettings = config.braintree;
  const stripeProvider = config.stripe ? createStripeProvider(config.stripe) : null;
  const stripeSavedCards = stripeProvider ? createStripeSavedCards(connection.db, clock, stripeProvider.cards) : null;
  const gateways = new Map<string, PaymentGateway>([
    ...(config.stripe && stripeProvider && stripeSavedCards
      ? [
          [
            STRIPE_METHOD_CODE,
            {
              provider: stripeProvider,
              captureLater: config.stripe.captureLater ?? false,
              customerFor: stripeSavedCards.paymentCustomer,
            },
          ] as const,
        ]
      : []),
    // A new card and a kept one are two methods (as in Magento), both paid through the one account.
    ...(braintreeSettings
      ? braintreeMethodCodes(braintreeSettings).map(
          (code) =>
            [
              code,
              {
                provider: createBraintreeProvider(braintreeSettings, code),
                captureLater: braintreeSettings.captureLater ?? false,
              },
            ] as const,
        )
      : []),
  ]);
  const orderPayments = createOrderPayments(connection.db, { gateways, mailOutbox, clock, log: logError });
  const services = createServices(
    connection.db,
    connection.searchIndex,
    {
      log,
      mailOutbox,
      payments: orderPayments,
      onOrderPlaced: () => {
        config.observer?.orderPlaced();
        return Promise.resolve();
      },
    },
    {
      now: config.now,
      publicUrl: config.publicUrl,
      log,
      mailOutbox,
      afterAnswer,
      ...(stripeSavedCards ? { afterCustomerDeleted: () => stripeSavedCards.forgetDeletedCustomers() } : {}),
    },
    budget,
    config.stripe
      ? { publishableKey: config.stripe.publishableKey, captureLater: config.stripe.captureLater ?? false }
      : null,
    gateways,
    stripeSavedCards,
    braintreeSettings?.environment ?? null,
    {
      applePayMerchantName: braintreeSettings?.wallets?.applePayMerchantName ?? null,
      googlePayMerchantId: braintreeSettings?.wallets?.googlePay?.merchantId ?? null,
    },
  );
  const paymentWebhooks = createPaymentWebhooks(connection.db, {
    gateways,
    payments: orderPayments,
    rateLimits: services.rateLimits,
    log: logError,
  });
  if (config.mailWorker ?? true) mailOutbox.start();
  const schema = buildCommerceSchema();
  const mediaDir = config.mediaDir ?? 'var/media';
  const downloads = createDownloadDelivery(connection.db, { mediaDir, rateLimits: services.rateLimits, now: clock });
  const backOffice = createBackOfficeApi({
    db: connection.db,
    parserCacheBytes: Math.floor(budget.parsedDocumentBytes * (1 - STOREFRONT_PARSER_SHARE)),
    searchIndex: connection.searchIndex,
    clock,
    services: createBackOfficeServices(connection.db, connection.searchIndex, {
      clock,
      shop: services,
      mailOutbox,
      publicUrl: config.publicUrl,
      async storeSettings(storeId) {
        const store = await services.store.settingsOf(storeId);
        return { name: store.store_name ?? 'Vela', locale: store.locale ?? 'en_US' };
      },
      shopName: async () => (await services.store.settingsOf(DEFAULT_STORE_ID)).store_name ?? 'Vela',
      rateLimits: services.rateLimits,
      gateways,
      stripeSettings: config.stripe
        ? {
            live: isLiveMode(config.stripe),
            captureLater: config.stripe.captureLater ?? false,
            publishableKey: config.stripe.publishableKey,
          }
        : null,
      braintreeSettings: braintreeSettings
        ? {
            live: braintreeSettings.environment === 'production',
            captureLater: braintreeSettings.captureLater ?? false,
            merchantId: braintreeSettings.merchantId,
            publicKey: braintreeSettings.publicKey,
          }
        : null,
    }),
    mediaDir,
    importer: (input, options) =>
      importCatalogCsv(connection.db, connection.searchIndex, input, { mediaDir, ...options }),
    exposeSchema: config.exposeSchema,
    logError,
    requestBudget,
  });
  const yoga = createYoga<{ client?: CommerceClient }>({
    schema,
    graphqlEndpoint: '/graphql',
    // An unknown Store header or a currency the store does not offer fails the whole request.
    context: async ({ request, client }) =>
      createRequestContext(
        services,
        scopeFor(
          await services.storeViews.setup(),
          request.headers.get('store'),
          request.headers.get('content-currency'),
        ),
        request,
        client?.address,
      ),
    logging: false,
    parserAndValidationCache: boundedParserCache(Math.floor(budget.parsedDocumentBytes * STOREFRONT_PARSER_SHARE)),
    // The body's size is checked before Yoga sees the request (requestBody.ts): Yoga's own check
    // copies every request into web streams.
    maxRequestBodySize: false,
    // Yoga's GraphiQL page loads its code from a public CDN.
    graphiql: false,
    // Yoga's default CORS echoes any origin, null included, with credentials. Whether other
    // origins may call the API is the host process's decision (server/src/cors.ts).
    cors: false,
    plugins: [
      malformedParamsPlugin(),
      ...queryLimitPlugins(),
      queryCostPlugin(),
      ...schemaExposurePlugins(config.exposeSchema ?? false),
      useCatalogCacheControl(),
      ...(config.compiledExecution === false
        ? []
        : [compiledExecutionPlugin(new CompiledDocuments(budget.compiledDocuments))]),
      ...(config.observer ? [useOperationObserver(config.observer)] : []),
    ],
    maskedErrors: maskedDomainErrors('commerce', logError),
  });

  // Turned off to measure and debug the API without it (VELA_RESPONSE_CACHE=off in the server's settings).
  const responseCache =
    config.responseCache === false
      ? null
      : createResponseCache({
          catalogVersion: () => catalogVersionOfRequest(connection.db),
          maxBytes: config.responseCacheMaxBytes ?? budget.responseCacheBytes,
          now: config.now ? () => config.now!().getTime() : undefined,
        });
  // Counts from windows that have passed are dead weight; dropping them keeps the table the size
  // of the current traffic.
  const pruneRateLimits = setInterval(
    () =>
      void services.rateLimits
        .prune()
        .catch((error: unknown) => logError(`commerce: rate-limit prune failed: ${String(error)}`)),
    10 * 60_000,
  );
  pruneRateLimits.unref();
  // A guest's compare list is a row anyone can make; one left for a month is not coming back.
  const sweepCompareLists = setInterval(
    () =>
      void services.compareLists
        .deleteStaleGuestLists()
        .catch((error: unknown) => logError(`commerce: compare-list clean-up failed: ${String(error)}`)),
    60 * 60_000,
  );
  sweepCompareLists.unref();
  // A card order whose shopper left during 3-D Secure holds stock until it expires.
  const expirePayments = () =>
    orderPayments.expireAbandoned(ABANDONED_PAYMENT_MINUTES).catch((error: unknown) => {
      logError(
        `commerce: expiring abandoned card payments failed: ${error instanceof Error ? error.message : String(error)}`,
      );
      return 0;
    });
  // The Stripe Customers of deleted accounts: a deletion Stripe did not take is tried again here.
  const forgetStripeCustomers = () =>
    stripeSavedCards?.forgetDeletedCustomers().catch((error: unknown) => {
      logError(
        `commerce: deleting Stripe Customers of deleted accounts failed: ${error instanceof Error ? error.message : String(error)}`,
      );
      return 0;
    });
  const paymentSweep =
    gateways.size > 0
      ? setInterval(() => {
          void expirePayments();
          void forgetStripeCustomers();
        }, 5 * 60_000)
      : null;
  paymentSweep?.unref();

  return {
    fetch: async (incoming, client) => {
      const wait = requestBudget && client?.address ? requestBudget.take(client.address) : null;
      if (wait !== null) return tooManyRequests(wait);
      const request = await withinBodyLimit(incoming);
      if (request instanceof Response) return request;
      const execute = async (executed: Request) => inHostResponse(await yoga.fetch(executed, { client }));
      const { value: response, queries } = await countQueries(() =>
        responseCache ? responseCache.handle(request, execute) : execute(request),
      );
      response.headers.set('X-Query-Count', String(queries));
      return response;
    },
    schema,
    catalogVersion: () => readCatalogVersion(connection.db),
    readiness: () => checkReadiness(connection.db, connection.searchIndex, () => clock().getTime()),
    gauges: () => ({
      databasePool: connection.poolStats(),
      responseCache: responseCache?.stats(),
      memoryBudget: budget,
    }),
    mailOutboxDepth: () => mailOutbox.depth(),
    mailOutboxOldestPendingSeconds: () => mailOutbox.oldestPendingSeconds(),
    sitemap: createSitemapService(connection.db, config.sitemapUrlsPerFile),
    backOffice,
    paymentWebhook: (gateway, request, client) => paymentWebhooks(gateway, request, client?.address ?? 'unknown'),
    download: (request, client) => downloads(request, client?.address ?? 'unknown'),
    deliverMail: async () => {
      await afterAnswer.settled();
      return mailOutbox.deliverDue();
    },
    expireAbandonedPayments: () => orderPayments.expireAbandoned(ABANDONED_PAYMENT_MINUTES),
    forgetDeletedStripeCustomers: async () => (stripeSavedCards ? stripeSavedCards.forgetDeletedCustomers() : 0),
    deleteStaleGuestCompareLists: () => services.compareLists.deleteStaleGuestLists(),
    close: async () => {
      clearInterval(pruneRateLimits);
      clearInterval(sweepCompareLists);
      if (paymentSweep) clearInterval(paymentSweep);
      // An import started from the back office finishes its batch before the database closes.
      await backOffice.settled();
      // Work started after an answer (a reset link) is written before anything closes.
      await afterAnswer.settled();
      await requestBudget?.stop();
      // Searches counted in the last second are written before the database closes.
      await services.searchTerms.flush();
      // A delivery in progress finishes (and is marked) before the database closes.
      await mailOutbox.stop();
      await connection.close();
      await presence?.release();
    },
  };
}
