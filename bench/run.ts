// `npm run bench`: API latency and throughput on the demo and a 50,000-product catalog, and the
// storefront's first-load JavaScript and Lighthouse scores. Results go to bench/results/*.json and bench/results/README.md.
// Benchmarks measure; they do not fail on timings. Budgets are printed beside the figures.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { runCheckoutLoad, stockUpSimpleProducts, type CheckoutFigures } from './checkout';
import { measureFirstLoadJs, type FirstLoadJs } from './lib/firstLoadJs';
import { LIGHTHOUSE_BUDGETS, lighthouseTable, runLighthouse, type LighthousePageResult } from './lighthouse';
import { run, startProcess, stopProcess } from './lib/processes';
import { benchStartup, startupTable } from './startup';
import { benchPagesBothWays, pagesSection } from './pages';
import { mixedTable, runMixedTraffic, type MixedFigures } from './mixed';
import { benchSitemap, sitemapTable } from './sitemap';
import { benchImport } from './importBench';
import { benchSaves } from './catalogSaves';
import { cpuMsOf } from './lib/procStats';
import { storefrontDocument as loadStorefrontDocument } from './lib/storefrontDocument';
import { benchPeer } from './peer/run';
import { runSoak, writeSoakResults } from './soak';
import { parseBenchArgs, usage } from './benchArgs';
import { neverSeenSearchPhrase } from './lib/shopAddresses';

// The storefront's names for the guest cart id (storefront/app/data/cartId.ts); the bench does not import app code.
const CART_ID_STORAGE_KEY = 'vela.cartId';
const CART_ID_COOKIE = 'vela_cart';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const resultsDir = path.join(root, 'bench', 'results');
const parsedArgs = parseBenchArgs(process.argv.slice(2));
if (parsedArgs.kind === 'help') {
  console.log(usage());
  process.exit(0);
}
if (parsedArgs.kind === 'unknown') {
  console.error(`unknown benchmark: ${parsedArgs.names.join(', ')}\n\n${usage()}`);
  process.exit(2);
}
const args = parsedArgs.names;
const only = (name: string) => args.size === 0 || args.has(name);
const largeCatalogSize = Number(process.env.BENCH_PRODUCTS ?? 50_000);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);

/** The storefront's own operations, so the API is measured on exactly what shoppers send. */
const CATEGORY_OPERATION = process.env.BENCH_CATEGORY_OPERATION ?? 'CatalogListing';
const PRODUCT_OPERATION = process.env.BENCH_PRODUCT_OPERATION ?? 'ProductPage';

const storefrontDocument = (operationName: string) => loadStorefrontDocument(root, operationName);

/** A PostgreSQL server for the mixed run: BENCH_POSTGRES_URL, or a throwaway cluster for the run. */
async function withPostgres<T>(work: (adminUrl: string) => Promise<T>): Promise<T> {
  if (process.env.BENCH_POSTGRES_URL) return work(process.env.BENCH_POSTGRES_URL);
  const cluster = spawn(path.join(root, 'scripts', 'with-postgres.sh'), ['--serve'], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    cluster.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /TEST_POSTGRES_URL=(\S+)/.exec(out);
      if (match) resolve(match[1]!);
    });
    cluster.on('exit', (code) => reject(new Error(`scripts/with-postgres.sh exited with ${code}`)));
  });
  try {
    return await work(url);
  } finally {
    const exited = new Promise((resolve) => cluster.once('exit', resolve));
    cluster.stdin.end();
    await exited;
  }
}

async function benchMixed(): Promise<MixedFigures[]> {
  const shoppers = Number(process.env.BENCH_SHOPPERS ?? 20);
  const mixedSeconds = Number(process.env.BENCH_MIXED_SECONDS ?? 600);
  const wanted = new Set(
    (process.env.BENCH_MIXED_SETUPS ?? 'sqlite,sqlite-bounded,sqlite-npm-start,postgres,postgres2').split(','),
  );
  const heapSnapshots = process.env.BENCH_HEAP_SNAPSHOTS === '1';
  const options = { shoppers, seconds: mixedSeconds, port: 4300, heapSnapshots };
  const runs: MixedFigures[] = [];
  const report = (figures: MixedFigures) => {
    runs.push(figures);
    console.log(mixedTable([figures]).join('\n'));
  };
  if (wanted.has('sqlite')) report(await runMixedTraffic(root, { label: 'SQLite, one process', workers: 1 }, options));
  // The memory bounds docs/operations.md recommends: the V8 heap limit and SQLite's page cache.
  if (wanted.has('sqlite-bounded'))
    report(
      await runMixedTraffic(
        root,
        {
          label: 'SQLite, one process, memory bounded (--max-old-space-size=160, VELA_SQLITE_CACHE_MB=8)',
          workers: 1,
          env: { NODE_OPTIONS: '--max-old-space-size=160', VELA_SQLITE_CACHE_MB: '8' },
        },
        options,
      ),
    );
  // What `npm start` runs with (package.json): V8's heap bounded, young generation 4 MiB per half.
  if (wanted.has('sqlite-npm-start'))
    report(
      await runMixedTraffic(
        root,
        {
          label: "SQLite, one process, npm start's memory flags (--max-old-space-size=192 --max-semi-space-size=4)",
          workers: 1,
          env: { NODE_OPTIONS: '--max-old-space-size=192 --max-semi-space-size=4' },
        },
        options,
      ),
    );
  const onPostgres = [
    ['postgres', 'PostgreSQL, one process', 1],
    ['postgres2', 'PostgreSQL, two processes (WORKERS=2)', 2],
  ] as const;
  if (onPostgres.some(([key]) => wanted.has(key))) {
    await withPostgres(async (adminUrl) => {
      for (const [key, label, workers] of onPostgres) {
        if (!wanted.has(key)) continue;
        const name = `vela_bench_mixed_${key}_${Date.now()}`;
        const client = new pg.Client({ connectionString: adminUrl });
        await client.connect();
        await client.query(`create database ${name}`);
        await client.end();
        const url = new URL(adminUrl);
        url.pathname = `/${name}`;
        report(await runMixedTraffic(root, { label, workers, databaseUrl: url.toString() }, options));
      }
    });
  }
  return runs;
}

async function benchSoak(): Promise<void> {
  const minutes = Number(process.env.BENCH_SOAK_MINUTES ?? 60);
  const figures = await runSoak(root, {
    seconds: Math.round(minutes * 60),
    port: Number(process.env.BENCH_SOAK_PORT ?? 4405),
    editEverySeconds: Number(process.env.BENCH_SOAK_EDIT_SECONDS ?? 3),
    importEverySeconds: Number(process.env.BENCH_SOAK_IMPORT_MINUTES ?? 10) * 60,
  });
  const label = `${minutes}-minute run, ${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}`;
  writeSoakResults(resultsDir, figures, label);
  console.log(readFileSync(path.join(resultsDir, 'soak.md'), 'utf8'));
  if (figures.errorCount > 0 || figures.shopRestarts > 0)
    throw new Error(`the soak failed: ${figures.errorCount} error(s), ${figures.shopRestarts} shop process death(s)`);
}

async function gql<T>(base: string, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const url = `${base}/graphql?query=${encodeURIComponent(query)}&variables=${encodeURIComponent(JSON.stringify(variables))}`;
  const body = (await (await fetch(url)).json()) as { data?: T; errors?: unknown };
  if (!body.data) throw new Error(`query failed: ${JSON.stringify(body.errors)}`);
  return body.data;
}

async function gqlMutation<T>(base: string, query: string): Promise<T> {
  const response = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ query }),
  });
  const body = (await response.json()) as { data?: T; errors?: unknown };
  if (!body.data || body.errors) throw new Error(`mutation failed: ${JSON.stringify(body.errors)}`);
  return body.data;
}

interface LoadFigures {
  connections: number;
  p50: number;
  p99: number;
  mean: number;
  requestsPerSecond: number;
  requests: number;
  errors: number;
  non2xx: number;
}

/** `nextPath`: a new path (and query) for every request, as for searches no shopper typed before. */
async function load(url: string, connections: number, nextPath?: () => string): Promise<LoadFigures> {
  // autocannon's request sequences (bench/types/autocannon.d.ts leaves them out): each request is
  // built by setupRequest.
  const settings: Parameters<typeof autocannon>[0] & {
    requests?: Array<{ setupRequest: (request: object) => object }>;
  } = { url, connections, duration: seconds };
  if (nextPath) settings.requests = [{ setupRequest: (request) => ({ ...request, path: nextPath() }) }];
  const result = await autocannon(settings);
  return {
    connections,
    p50: result.latency.p50,
    p99: result.latency.p99,
    mean: result.latency.mean,
    requestsPerSecond: result.requests.mean,
    requests: result.requests.total,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

interface ApiScenario {
  catalog: string;
  products: number;
  operation: string;
  single: LoadFigures;
  concurrent: LoadFigures;
  /** CPU time of the API process per request over the 10-connection run (user + system). */
  cpuMsPerRequest: number;
}

/** Whether the API bench runs with the response cache (BENCH_API_CACHE=on); off measures the API itself. */
const apiResponseCache = process.env.BENCH_API_CACHE === 'on';

async function benchCatalog(
  label: string,
  sqlitePath: string,
  port: number,
  categoryQuery: string,
  productQuery: string,
): Promise<ApiScenario[]> {
  // The API process is pinned to one core; the load generator gets the other.
  const server = await startProcess(
    'taskset',
    ['-c', '1', process.execPath, '--import', 'tsx', 'bench/apiServer.ts', sqlitePath, String(port)],
    {
      cwd: root,
      readyText: 'ready',
      timeoutMs: 900_000,
      env: { VELA_RESPONSE_CACHE: apiResponseCache ? 'on' : 'off' },
    },
  );
  try {
    const base = `http://127.0.0.1:${port}`;
    const { categoryList } = await gql<{
      categoryList: {
        uid: string;
        name: string;
        product_count: number;
        children: { uid: string; name: string; product_count: number }[];
      }[];
    }>(base, '{ categoryList { uid name product_count children { uid name product_count } } }');
    const categories = categoryList
      .flatMap((c) => [c, ...(c.children ?? [])])
      .sort((a, b) => b.product_count - a.product_count);
    const category = categories[0]!;
    const { products } = await gql<{ products: { total_count: number; items: { url_key: string; name: string }[] } }>(
      base,
      '{ products(filter: {}, pageSize: 1, sort: { position: ASC }) { total_count items { url_key name } } }',
    );
    const productUrlKey = products.items[0]!.url_key;
    // The noun of the first product's name ("Weekender", "Skirt"): a search with many matches and facets.
    const searchTerm = process.env.BENCH_SEARCH_TERM ?? products.items[0]!.name.split(' ').at(-1)!.toLowerCase();
    const categoryVariables = JSON.parse(process.env.BENCH_CATEGORY_VARIABLES ?? 'null') ?? {
      filter: { category_uid: { eq: category.uid } },
      pageSize: 24,
      currentPage: 1,
      sort: { position: 'ASC' },
    };
    const productVariables = { urlKey: productUrlKey };
    const scenarios: ApiScenario[] = [];
    const searchVariables = { search: searchTerm, pageSize: 24, currentPage: 1 };
    const pathOf = (query: string, variables: object) =>
      `/graphql?query=${encodeURIComponent(query)}&variables=${encodeURIComponent(JSON.stringify(variables))}`;
    // A phrase no shopper typed before on every request: full-text matching, ranking and facets
    // each time, none of the per-phrase caches.
    const neverSeenSearch = () =>
      pathOf(categoryQuery, { search: neverSeenSearchPhrase(), pageSize: 24, currentPage: 1 });
    for (const [operation, query, variables, nextPath] of [
      [CATEGORY_OPERATION, categoryQuery, categoryVariables, undefined],
      [PRODUCT_OPERATION, productQuery, productVariables, undefined],
      [`${CATEGORY_OPERATION} search "${searchTerm}"`, categoryQuery, searchVariables, undefined],
      [`${CATEGORY_OPERATION} search, a phrase never seen before`, categoryQuery, searchVariables, neverSeenSearch],
    ] as const) {
      const url = `${base}${pathOf(query, variables)}`;
      const check = (await (await fetch(nextPath ? `${base}${nextPath()}` : url)).json()) as { errors?: unknown };
      if (check.errors) throw new Error(`${operation} failed: ${JSON.stringify(check.errors)}`);
      await load(url, 1, nextPath); // warm-up: JIT, statement cache
      const single = await load(url, 1, nextPath);
      const cpuBefore = cpuMsOf(server.pid!);
      const concurrent = await load(url, 10, nextPath);
      const cpuMsPerRequest = (cpuMsOf(server.pid!) - cpuBefore) / Math.max(1, concurrent.requests);
      console.log(
        `${label} ${operation}: p50 ${single.p50} ms, p99 ${single.p99} ms, ${concurrent.requestsPerSecond.toFixed(0)} req/s at 10 connections, ${cpuMsPerRequest.toFixed(2)} CPU-ms per request`,
      );
      scenarios.push({
        catalog: label,
        products: products.total_count,
        operation,
        single,
        concurrent,
        cpuMsPerRequest,
      });
    }
    return scenarios;
  } finally {
    await stopProcess(server);
  }
}

async function benchCheckout(): Promise<CheckoutFigures> {
  const work = mkdtempSync(path.join(os.tmpdir(), 'vela-bench-checkout-'));
  const dbPath = path.join(work, 'shop.db');
  try {
    // Seed once, raise stock while no server holds the file, then measure.
    const seeding = await startProcess(process.execPath, ['--import', 'tsx', 'bench/apiServer.ts', dbPath, '4404'], {
      cwd: root,
      readyText: 'ready',
      env: { VELA_MAIL_DIR: path.join(work, 'mail') },
    });
    await stopProcess(seeding);
    const skus = stockUpSimpleProducts(dbPath);
    const server = await startProcess(
      'taskset',
      ['-c', '1', process.execPath, '--import', 'tsx', 'bench/apiServer.ts', dbPath, '4404'],
      { cwd: root, readyText: 'ready', env: { VELA_MAIL_DIR: path.join(work, 'mail') } },
    );
    try {
      const shoppers = Number(process.env.BENCH_SHOPPERS ?? 20);
      const figures = await runCheckoutLoad('http://127.0.0.1:4404', skus, shoppers, Math.max(seconds, 10));
      console.log(
        `checkout: ${figures.checkouts} orders, ${figures.checkoutsPerSecond.toFixed(1)}/s, request p99 ${figures.p99.toFixed(1)} ms, ${figures.errors} errors`,
      );
      return figures;
    } finally {
      await stopProcess(server);
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** The API bench's two ports (BENCH_API_PORT and the next): engineers sharing a machine pick their own. */
const apiPort = Number(process.env.BENCH_API_PORT ?? 4401);

async function benchApi(): Promise<ApiScenario[]> {
  const categoryQuery = await storefrontDocument(CATEGORY_OPERATION);
  const productQuery = await storefrontDocument(PRODUCT_OPERATION);
  const work = mkdtempSync(path.join(os.tmpdir(), 'vela-bench-'));
  try {
    const demo = await benchCatalog('demo', path.join(work, 'demo.db'), apiPort, categoryQuery, productQuery);
    const largePath = path.join(work, 'large.db');
    console.log(`generating a ${largeCatalogSize}-product catalog…`);
    await run(
      process.execPath,
      [
        '--import',
        'tsx',
        'commerce/src/cli.ts',
        'generate',
        '--products',
        String(largeCatalogSize),
        '--sqlite',
        largePath,
      ],
      root,
    );
    const large = await benchCatalog(
      `${largeCatalogSize} products`,
      largePath,
      apiPort + 1,
      categoryQuery,
      productQuery,
    );
    return [...demo, ...large];
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** The shop's landing pages: home, the biggest top-level category, a product and a search. */
interface ShopPages {
  home: string;
  category: string;
  product: string;
  configurable: string;
  search: string;
  cart: string;
}

/** The pages to measure, and a simple product's SKU to put in the cart page's cart. */
async function shopPages(base: string): Promise<{ pages: ShopPages; simpleSku: string }> {
  const { storeConfig } = await gql<{ storeConfig: { category_url_suffix: string | null } }>(
    base,
    '{ storeConfig { category_url_suffix } }',
  );
  const { categoryList } = await gql<{ categoryList: { children: { url_path: string; product_count: number }[] }[] }>(
    base,
    '{ categoryList { children { url_path product_count } } }',
  );
  const category = categoryList.flatMap((c) => c.children ?? []).sort((a, b) => b.product_count - a.product_count)[0];
  if (!category) throw new Error('the catalog has no categories');
  const { products } = await gql<{
    products: {
      items: { __typename: string; name: string; sku: string; url_key: string; url_suffix: string | null }[];
    };
  }>(base, '{ products(filter: {}, pageSize: 100) { items { __typename name sku url_key url_suffix } } }');
  const product = products.items.find((item) => item.__typename === 'SimpleProduct');
  const configurable = products.items.find((item) => item.__typename === 'ConfigurableProduct');
  if (!product || !configurable) throw new Error('the catalog has no simple or no configurable product');
  const term = product.name.split(/\s+/).at(-1) ?? product.name;
  const pages = {
    home: '/',
    category: `/${category.url_path}${storeConfig.category_url_suffix ?? '.html'}`,
    product: `/${product.url_key}${product.url_suffix ?? '.html'}`,
    configurable: `/${configurable.url_key}${configurable.url_suffix ?? '.html'}`,
    search: `/search?q=${encodeURIComponent(term)}`,
    cart: '/cart',
  };
  return { pages, simpleSku: product.sku };
}

/** A guest cart holding one of `sku`, made through the API as the storefront would. */
async function cartWithItem(base: string, sku: string): Promise<string> {
  const { createEmptyCart: cartId } = await gqlMutation<{ createEmptyCart: string }>(
    base,
    'mutation { createEmptyCart }',
  );
  await gqlMutation(
    base,
    `mutation { addProductsToCart(cartId: ${JSON.stringify(cartId)}, cartItems: [{ sku: ${JSON.stringify(sku)}, quantity: 1 }]) { cart { id } } }`,
  );
  return cartId;
}

/**
 * Builds the storefront into its own folder (others may be rebuilding storefront/build) and
 * serves it with a fresh demo shop on port 4403 while `measure` runs.
 */
async function withShop<T>(measure: (base: string, pages: ShopPages, simpleSku: string) => Promise<T>): Promise<T> {
  const buildDir = path.join(root, 'bench', 'build', 'storefront');
  rmSync(buildDir, { recursive: true, force: true });
  await run('npm', ['run', 'build', '-w', '@vela/storefront'], root, { STOREFRONT_BUILD_DIR: buildDir });
  // Without its worker the page logs a failed registration, and Lighthouse's best practices drop.
  if (!existsSync(path.join(buildDir, 'client', 'sw.js'))) throw new Error(`the build in ${buildDir} has no sw.js`);
  const varDir = mkdtempSync(path.join(os.tmpdir(), 'vela-bench-shop-'));
  const server = await startProcess(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: { PORT: '4403', VAR_DIR: varDir, STOREFRONT_BUILD_DIR: buildDir, NODE_ENV: 'production' },
    readyText: 'shop open',
    timeoutMs: 600_000,
  });
  try {
    const base = 'http://127.0.0.1:4403';
    const { pages, simpleSku } = await shopPages(base);
    return await measure(base, pages, simpleSku);
  } finally {
    await stopProcess(server);
    rmSync(varDir, { recursive: true, force: true });
  }
}

/** "/assets/framework-CGGhAiWN.js" → "framework": the chunk without its content hash. */
function chunkName(assetPath: string): string {
  return (assetPath.split('/').pop() ?? assetPath).replace(/-[\w-]{8}\.js$/, '');
}

async function benchBundle(base: string, pages: ShopPages): Promise<FirstLoadJs[]> {
  const results = [];
  for (const page of Object.values(pages)) results.push(await measureFirstLoadJs(base + page));
  return results;
}

async function benchLighthouse(base: string, pages: ShopPages, cartSku: string): Promise<LighthousePageResult[]> {
  const runs = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
  const cartId = await cartWithItem(base, cartSku);
  return runLighthouse(
    base,
    Object.entries(pages).map(([name, page]) => ({
      name,
      path: page,
      // A returning shopper's browser holds the cart id in both places (storefront/app/data/cartId.ts).
      ...(name === 'cart'
        ? { localStorage: { [CART_ID_STORAGE_KEY]: cartId }, cookies: { [CART_ID_COOKIE]: cartId } }
        : {}),
    })),
    runs,
  );
}

/**
 * README.md keeps one section per benchmark; a partial run (`-- bundle`) replaces only its own
 * sections and leaves the others' last figures in place.
 */
function mergeReadme(previous: string | undefined, header: string[], sections: Map<string, string[]>): string {
  const kept = new Map<string, string[]>();
  if (previous) {
    let heading: string | undefined;
    for (const line of previous.split('\n')) {
      if (line.startsWith('## ')) kept.set((heading = line), [line]);
      else if (heading) kept.get(heading)!.push(line);
    }
  }
  for (const [heading, lines] of sections) kept.set(heading, lines);
  const body = [...kept.values()].map((lines) => lines.join('\n').trimEnd());
  return [...header, ...body.flatMap((b) => [b, ''])].join('\n');
}

function kb(bytes: number) {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

async function main() {
  mkdirSync(resultsDir, { recursive: true });
  // Catalog import: its own report (bench/results/import.md), only when asked for by name.
  if (args.has('import')) {
    await benchImport(root);
    if (args.size === 1) return;
  }
  // Product saves on a large catalog (bench/results/saves.md): minutes, so only by name.
  if (args.has('saves')) {
    await benchSaves(root);
    if (args.size === 1) return;
  }
  // Vela beside Vendure (bench/results/peer.md): installs Vendure in a temporary folder, so only by name.
  if (args.has('peer')) {
    await benchPeer(root);
    if (args.size === 1) return;
  }
  // The soak (bench/results/soak.md): an hour by default, so only by name. Fails on an error or a death.
  if (args.has('soak')) {
    await benchSoak();
    if (args.size === 1) return;
  }
  const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}`;
  const header = [
    `# Benchmark results`,
    '',
    `Last run ${new Date().toISOString()} on ${machine}. Rerun: \`npm run bench\` (or \`npm run bench -- api\` / \`-- checkout\` / \`-- bundle\` / \`-- lighthouse\` / \`-- startup\` / \`-- pages\`; \`-- mixed\` and \`-- soak\` only by name).`,
    '',
  ];
  const sections = new Map<string, string[]>();
  if (only('api')) {
    const api = await benchApi();
    writeFileSync(
      path.join(resultsDir, 'api.json'),
      JSON.stringify({ machine, seconds, responseCache: apiResponseCache, scenarios: api }, null, 2) + '\n',
    );
    const lines: string[] = [];
    lines.push(
      '## API (GET /graphql, API process pinned to one core)',
      '',
      `${seconds} s per run; latency with 1 connection, throughput and CPU per request with 10. Response cache ${apiResponseCache ? 'on' : 'off (the API itself; `BENCH_API_CACHE=on` measures with it)'}.`,
      '',
    );
    lines.push(
      '| catalog | operation | p50 | p99 | req/s (1 conn) | req/s (10 conn) | p99 (10 conn) | CPU-ms per request | errors |',
      '|---|---|---|---|---|---|---|---|---|',
    );
    for (const s of api) {
      lines.push(
        `| ${s.catalog} | ${s.operation} | ${s.single.p50} ms | ${s.single.p99} ms | ${s.single.requestsPerSecond.toFixed(0)} | ${s.concurrent.requestsPerSecond.toFixed(0)} | ${s.concurrent.p99} ms | ${s.cpuMsPerRequest.toFixed(2)} | ${s.single.errors + s.single.non2xx + s.concurrent.errors + s.concurrent.non2xx} |`,
      );
    }
    lines.push('', 'Budget: p50 under 10 ms for the category query on 50,000 products.', '');
    sections.set(lines[0]!, lines);
  }
  if (only('checkout')) {
    const figures = await benchCheckout();
    writeFileSync(path.join(resultsDir, 'checkout.json'), JSON.stringify({ machine, ...figures }, null, 2) + '\n');
    const ms = (n: number) => `${n.toFixed(1)} ms`;
    const section = [
      '## Guest checkout under load (POST /graphql, API process pinned to one core)',
      '',
      `${figures.shoppers} shoppers, each repeating create cart → add → e-mail → shipping address → billing → shipping method → payment → place order for ${figures.seconds.toFixed(0)} s on the demo catalog (stock raised so nothing sells out).`,
      '',
      '| checkouts | checkouts/s | requests/s | request p50 | request p99 | checkout p50 | checkout p99 | errors |',
      '|---|---|---|---|---|---|---|---|',
      `| ${figures.checkouts} | ${figures.checkoutsPerSecond.toFixed(1)} | ${figures.requestsPerSecond.toFixed(0)} | ${ms(figures.p50)} | ${ms(figures.p99)} | ${ms(figures.checkoutP50)} | ${ms(figures.checkoutP99)} | ${figures.errors} |`,
      '',
      'Target: 0 errors.' + (figures.firstErrors.length ? ` First errors: ${figures.firstErrors.join(' / ')}` : ''),
      '',
    ];
    sections.set(section[0]!, section);
  }
  if (only('pages')) {
    await run('node', ['scripts/build-server.mjs'], root);
    const figures = await benchPagesBothWays(root, Number(process.env.BENCH_PAGES_PORT ?? 4406));
    writeFileSync(path.join(resultsDir, 'pages.json'), JSON.stringify({ machine, figures }, null, 2) + '\n');
    const section = pagesSection(figures);
    sections.set(section[0]!, section);
  }
  if (only('startup')) {
    await run('node', ['scripts/build-server.mjs'], root);
    const figures = await benchStartup(root);
    writeFileSync(path.join(resultsDir, 'startup.json'), JSON.stringify({ machine, figures }, null, 2) + '\n');
    const section = startupTable(figures);
    sections.set(section[0]!, section);
  }
  // Half an hour of machine time: only when asked for by name.
  if (args.has('mixed')) {
    await run('node', ['scripts/build-server.mjs'], root);
    const fresh = await benchMixed();
    // BENCH_MIXED_SETUPS may rerun one setup: the others keep their last figures.
    const previousFile = path.join(resultsDir, 'mixed.json');
    const previous = existsSync(previousFile)
      ? ((JSON.parse(readFileSync(previousFile, 'utf8')) as { runs?: MixedFigures[] }).runs ?? [])
      : [];
    const runs = [...fresh, ...previous.filter((old) => !fresh.some((run) => run.label === old.label))];
    writeFileSync(previousFile, JSON.stringify({ machine, runs }, null, 2) + '\n');
    const section = mixedTable(runs);
    sections.set(section[0]!, section);
  }
  if (only('sitemap')) {
    const figures = await benchSitemap(root, Number(process.env.BENCH_SITEMAP_PRODUCTS ?? 100_000));
    writeFileSync(path.join(resultsDir, 'sitemap.json'), JSON.stringify({ machine, figures }, null, 2) + '\n');
    const section = ['## Sitemap', '', sitemapTable(figures), ''];
    sections.set(section[0]!, section);
  }
  const wantsBundle = only('bundle');
  const wantsLighthouse = only('lighthouse');
  if (wantsBundle || wantsLighthouse) {
    await withShop(async (base, pages, simpleSku) => {
      if (wantsBundle) {
        const bundle = await benchBundle(base, pages);
        writeFileSync(path.join(resultsDir, 'bundle.json'), JSON.stringify(bundle, null, 2) + '\n');
        const section = [
          '## Storefront first-load JavaScript',
          '',
          'Every script, modulepreload and import named in the server-rendered HTML (also inside the deferred loader), and every module they import statically, gzip -9.',
          '',
          '| page | files | raw | gzip |',
          '|---|---|---|---|',
        ];
        for (const page of bundle)
          section.push(
            `| ${new URL(page.url).pathname}${new URL(page.url).search} | ${page.files.length} | ${kb(page.totalBytes)} | ${kb(page.totalGzipBytes)} |`,
          );
        const product = bundle.find((page) => new URL(page.url).pathname === pages.product);
        if (product) {
          section.push(
            '',
            `By chunk on the product page (\`${pages.product}\`): framework is React, React DOM and React Router; apollo is Apollo Client with its GraphQL helpers; intl is react-intl; shell is the app's shared code (layout, data layer, UI kit).`,
            '',
            '| chunk | raw | gzip |',
            '|---|---|---|',
            ...[...product.files]
              .sort((a, b) => b.gzipBytes - a.gzipBytes)
              .map((file) => `| ${chunkName(file.path)} | ${kb(file.bytes)} | ${kb(file.gzipBytes)} |`),
          );
        }
        section.push(
          '',
          'Budget (issue 8): the product page at most 180 KB gzip; `e2e/tests/bundle-size.spec.ts` holds each page to its current figure as a ratchet.',
          '',
        );
        sections.set(section[0]!, section);
      }
      if (wantsLighthouse) {
        const previousFile = path.join(resultsDir, 'lighthouse.json');
        const previous = existsSync(previousFile)
          ? ((JSON.parse(readFileSync(previousFile, 'utf8')) as { pages?: LighthousePageResult[] }).pages ?? [])
          : [];
        const lighthouse = await benchLighthouse(base, pages, simpleSku);
        writeFileSync(
          path.join(resultsDir, 'lighthouse.json'),
          JSON.stringify({ machine, budgets: LIGHTHOUSE_BUDGETS, pages: lighthouse }, null, 2) + '\n',
        );
        const section = [...lighthouseTable(lighthouse, previous), ''];
        sections.set(section[0]!, section);
      }
    });
  }
  const readmeFile = path.join(resultsDir, 'README.md');
  const readme = mergeReadme(existsSync(readmeFile) ? readFileSync(readmeFile, 'utf8') : undefined, header, sections);
  writeFileSync(readmeFile, readme);
  console.log(readme);
}

await main();
