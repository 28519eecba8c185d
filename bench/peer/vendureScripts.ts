// The CommonJS scripts that run inside the temporary Vendure install. They are written there as
// files and started with `node` in that folder, so the repository never imports @vendure/* (it is
// not a dependency of ours) and TypeScript never needs Vendure's types.

/**
 * The Vendure configuration shared by the seeding script and the server: SQLite through
 * better-sqlite3, bearer-token sessions (the `vendure-auth-token` header), the default search
 * plugin (its SQL index powers `search` and its facet counts), the asset server for product images,
 * and order limits raised so a load run can keep adding to one cart.
 */
export const CONFIG_SCRIPT = String.raw`'use strict';
const { DefaultLogger, DefaultSearchPlugin, LogLevel, dummyPaymentHandler } = require('@vendure/core');
const { AssetServerPlugin } = require('@vendure/asset-server-plugin');

module.exports = function vendureConfig(options) {
  return {
    apiOptions: {
      hostname: '127.0.0.1',
      port: options.port ?? 0,
      adminApiPath: 'admin-api',
      shopApiPath: 'shop-api',
    },
    authOptions: {
      tokenMethod: ['bearer', 'cookie'],
      requireVerification: false,
      superadminCredentials: { identifier: 'superadmin', password: 'superadmin' },
      cookieOptions: { secret: 'vela-peer-bench' },
    },
    dbConnectionOptions: {
      type: 'better-sqlite3',
      database: options.database,
      synchronize: options.synchronize === true,
      logging: false,
      // WAL, as a SQLite shop would run; while seeding, no fsync per statement (the file is
      // thrown away if seeding fails, so durability buys nothing there).
      enableWAL: true,
      prepareDatabase: options.fastWrites ? (db) => db.pragma('synchronous = OFF') : undefined,
    },
    paymentOptions: { paymentMethodHandlers: [dummyPaymentHandler] },
    orderOptions: { orderItemsLimit: 100000000, orderLineItemsLimit: 100000000 },
    importExportOptions: { importAssetsDir: options.importAssetsDir },
    jobQueueOptions: options.jobQueueStrategy ? { jobQueueStrategy: options.jobQueueStrategy } : {},
    logger: new DefaultLogger({ level: options.verbose ? LogLevel.Info : LogLevel.Warn }),
    plugins: [
      AssetServerPlugin.init({ route: 'assets', assetUploadDir: options.assetDir }),
      // While seeding, index updates are buffered and never flushed: the importer's collection
      // jobs would otherwise index variant by variant (a few per second here); one full reindex
      // at the end does it in batches.
      DefaultSearchPlugin.init({ bufferUpdates: options.bufferSearchUpdates === true, indexStockStatus: true }),
    ],
  };
};
`;

/**
 * Seeds a fresh database: Vendure's own populate() (initial data, the product CSV through the
 * Importer, which writes with its FastImporterService, then the collections), waits for the job
 * queue to apply the collection filters, rebuilds the search index, and raises stock so the
 * cart run measures carts, not sold-out errors (Vela's side does the same).
 * Usage: node seed.cjs <database> <initial-data.json> <products.csv> <images dir> <asset dir> <port>
 */
export const SEED_SCRIPT = String.raw`'use strict';
const { InMemoryJobQueueStrategy } = require('@vendure/core/dist/job-queue/in-memory-job-queue-strategy');
const { bootstrap, CollectionService, JobQueueService, RequestContextService, SearchService, TransactionalConnection } = require('@vendure/core');
const { populate } = require('@vendure/core/cli');
const vendureConfig = require('./vendure-config.cjs');

const [database, initialDataPath, productsCsv, importAssetsDir, assetDir, port] = process.argv.slice(2);
const jobQueueStrategy = new InMemoryJobQueueStrategy({ concurrency: 1, pollInterval: 50 });
const seconds = (since) => ((Date.now() - since) / 1000).toFixed(1) + ' s';

/** Resolves once no job has been pending, running or retrying for a second; throws if one failed. */
async function settle() {
  let quiet = 0;
  while (quiet < 10) {
    const jobs = [...jobQueueStrategy.jobs.values()];
    const failed = jobs.find((job) => job.state === 'FAILED');
    if (failed) throw new Error('job ' + failed.queueName + ' failed: ' + JSON.stringify(failed.error));
    const open = jobs.some((job) => ['PENDING', 'RUNNING', 'RETRYING'].includes(job.state));
    quiet = open ? 0 : quiet + 1;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function main() {
  const started = Date.now();
  const config = vendureConfig({ database, port: Number(port), importAssetsDir, assetDir, synchronize: true, fastWrites: true, bufferSearchUpdates: true, jobQueueStrategy });
  // The server, not bootstrapWorker: the in-memory job queue only runs in the server process.
  const app = await bootstrap(config);
  await app.get(JobQueueService).start();
  // populate() rebuilds the search index right after creating the collections, before their
  // filters have run (so without collections), and a full rebuild of 10,000 products takes
  // minutes: it is skipped here and done once, below, when the collections are filled.
  const searchService = app.get(SearchService);
  const reindex = searchService.reindex.bind(searchService);
  searchService.reindex = async () => undefined;
  await populate(async () => app, require(initialDataPath), productsCsv);
  searchService.reindex = reindex;
  console.log('populated in ' + seconds(started));
  const ctx = await app.get(RequestContextService).create({ apiType: 'admin' });
  const connection = app.get(TransactionalConnection).rawConnection;
  const count = async (sql) => Number((await connection.query(sql))[0].n);
  // populate() enqueues the collection filter jobs once its transactions have committed, a moment
  // later, and the search plugin (bufferUpdates) holds them in its buffer: apply the filters of
  // every collection once more, explicitly, release the buffer and wait.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  await app.get(CollectionService).triggerApplyFiltersJob(ctx);
  await app.get(JobQueueService).flush('search-plugin-apply-collection-filters');
  await settle();
  const inCollections = await count('SELECT COUNT(*) AS n FROM collection_product_variants_product_variant');
  if (inCollections === 0) throw new Error('the collection filters placed no variant in a collection');
  console.log('collections applied at ' + seconds(started) + ': ' + inCollections + ' variant links');
  await reindex(ctx);
  await settle();
  const variants = await count('SELECT COUNT(*) AS n FROM product_variant');
  const indexed = await count('SELECT COUNT(*) AS n FROM search_index_item');
  const withoutCollection = await count("SELECT COUNT(*) AS n FROM search_index_item WHERE collectionIds = ''");
  if (indexed !== variants) throw new Error('the search index holds ' + indexed + ' of ' + variants + ' variants');
  console.log('search index built at ' + seconds(started) + ' (' + withoutCollection + ' variants in no collection)');
  // Stock for the cart run, as Vela's side raises its own.
  await connection.query('UPDATE stock_level SET stockOnHand = 100000000, stockAllocated = 0');
  // Everything into the main file: the harness copies that file alone.
  await connection.query('PRAGMA wal_checkpoint(TRUNCATE)');
  const products = await count('SELECT COUNT(*) AS n FROM product');
  console.log('seeded ' + products + ' products, ' + variants + ' variants in ' + seconds(started));
  await app.close();
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
`;

/** Starts the Shop API on a port and prints "ready". Usage: node server.cjs <database> <port> <asset dir> */
export const SERVER_SCRIPT = String.raw`'use strict';
const { bootstrap } = require('@vendure/core');
const vendureConfig = require('./vendure-config.cjs');

const [database, port, assetDir] = process.argv.slice(2);
bootstrap(vendureConfig({ database, port: Number(port), assetDir })).then(
  (app) => {
    console.log('vela-peer: ready');
    process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
  },
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
`;
