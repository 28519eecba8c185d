// `npm run bench`: API latency and throughput on the demo and a 50,000-product catalog, and the
// storefront's first-load JavaScript. Results go to bench/results/*.json and bench/results/README.md.
// Benchmarks measure; they do not fail on timings. Budgets are printed beside the figures.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { print, type DocumentNode } from 'graphql';
import { measureFirstLoadJs, type FirstLoadJs } from './lib/firstLoadJs';
import { run, startProcess, stopProcess } from './lib/processes';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const resultsDir = path.join(root, 'bench', 'results');
const args = new Set(process.argv.slice(2));
const only = (name: string) => args.size === 0 || args.has(name);
const largeCatalogSize = Number(process.env.BENCH_PRODUCTS ?? 50_000);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);

/** The storefront's own operations, so the API is measured on exactly what shoppers send. */
const CATEGORY_OPERATION = process.env.BENCH_CATEGORY_OPERATION ?? 'CatalogListing';
const PRODUCT_OPERATION = process.env.BENCH_PRODUCT_OPERATION ?? 'ProductPage';

async function storefrontDocument(operationName: string): Promise<string> {
  const generated = (await import(path.join(root, 'storefront/app/__generated__/graphql.ts'))) as Record<string, unknown>;
  for (const value of Object.values(generated)) {
    const doc = value as DocumentNode;
    if (doc?.kind !== 'Document') continue;
    const op = doc.definitions.find((d) => d.kind === 'OperationDefinition');
    if (op && 'name' in op && op.name?.value === operationName) return print(doc);
  }
  throw new Error(`operation ${operationName} not found in the storefront's generated documents (run npm run codegen -w @vela/storefront)`);
}

async function gql<T>(base: string, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const url = `${base}/graphql?query=${encodeURIComponent(query)}&variables=${encodeURIComponent(JSON.stringify(variables))}`;
  const body = (await (await fetch(url)).json()) as { data?: T; errors?: unknown };
  if (!body.data) throw new Error(`query failed: ${JSON.stringify(body.errors)}`);
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

async function load(url: string, connections: number): Promise<LoadFigures> {
  const result = await autocannon({ url, connections, duration: seconds });
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
}

async function benchCatalog(label: string, sqlitePath: string, port: number, categoryQuery: string, productQuery: string): Promise<ApiScenario[]> {
  // The API process is pinned to one core; the load generator gets the other.
  const server = await startProcess('taskset', ['-c', '1', process.execPath, '--import', 'tsx', 'bench/apiServer.ts', sqlitePath, String(port)], { cwd: root, readyText: 'ready', timeoutMs: 900_000 });
  try {
    const base = `http://127.0.0.1:${port}`;
    const { categoryList } = await gql<{ categoryList: { uid: string; name: string; product_count: number; children: { uid: string; name: string; product_count: number }[] }[] }>(
      base,
      '{ categoryList { uid name product_count children { uid name product_count } } }',
    );
    const categories = categoryList.flatMap((c) => [c, ...(c.children ?? [])]).sort((a, b) => b.product_count - a.product_count);
    const category = categories[0]!;
    const { products } = await gql<{ products: { total_count: number; items: { url_key: string }[] } }>(base, '{ products(filter: {}, pageSize: 1, sort: { position: ASC }) { total_count items { url_key } } }');
    const productUrlKey = products.items[0]!.url_key;
    const categoryVariables = JSON.parse(process.env.BENCH_CATEGORY_VARIABLES ?? 'null') ?? { filter: { category_uid: { eq: category.uid } }, pageSize: 24, currentPage: 1, sort: { position: 'ASC' } };
    const productVariables = { urlKey: productUrlKey };
    const scenarios: ApiScenario[] = [];
    for (const [operation, query, variables] of [
      [CATEGORY_OPERATION, categoryQuery, categoryVariables],
      [PRODUCT_OPERATION, productQuery, productVariables],
    ] as const) {
      const url = `${base}/graphql?query=${encodeURIComponent(query)}&variables=${encodeURIComponent(JSON.stringify(variables))}`;
      const check = (await (await fetch(url)).json()) as { errors?: unknown };
      if (check.errors) throw new Error(`${operation} failed: ${JSON.stringify(check.errors)}`);
      await load(url, 1); // warm-up: JIT, statement cache
      const single = await load(url, 1);
      const concurrent = await load(url, 10);
      console.log(`${label} ${operation}: p50 ${single.p50} ms, p99 ${single.p99} ms, ${concurrent.requestsPerSecond.toFixed(0)} req/s at 10 connections`);
      scenarios.push({ catalog: label, products: products.total_count, operation, single, concurrent });
    }
    return scenarios;
  } finally {
    await stopProcess(server);
  }
}

async function benchApi(): Promise<ApiScenario[]> {
  const categoryQuery = await storefrontDocument(CATEGORY_OPERATION);
  const productQuery = await storefrontDocument(PRODUCT_OPERATION);
  const work = mkdtempSync(path.join(os.tmpdir(), 'vela-bench-'));
  try {
    const demo = await benchCatalog('demo', path.join(work, 'demo.db'), 4401, categoryQuery, productQuery);
    const largePath = path.join(work, 'large.db');
    console.log(`generating a ${largeCatalogSize}-product catalog…`);
    await run(process.execPath, ['--import', 'tsx', 'commerce/src/cli.ts', 'generate', '--products', String(largeCatalogSize), '--sqlite', largePath], root);
    const large = await benchCatalog(`${largeCatalogSize} products`, largePath, 4402, categoryQuery, productQuery);
    return [...demo, ...large];
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

async function benchBundle(): Promise<FirstLoadJs[]> {
  await run('npm', ['run', 'build', '-w', '@vela/storefront'], root);
  const varDir = mkdtempSync(path.join(os.tmpdir(), 'vela-bench-shop-'));
  const server = await startProcess(process.execPath, ['scripts/start.mjs'], { cwd: root, env: { PORT: '4403', VAR_DIR: varDir }, readyText: 'shop open', timeoutMs: 600_000 });
  try {
    const base = 'http://127.0.0.1:4403';
    const { products } = await gql<{ products: { items: { url_key: string; url_suffix: string | null }[] } }>(base, '{ products(filter: {}, pageSize: 1) { items { url_key url_suffix } } }');
    const product = products.items[0]!;
    const pages = ['/', `/${product.url_key}${product.url_suffix ?? '.html'}`];
    const results = [];
    for (const page of pages) results.push(await measureFirstLoadJs(base + page));
    return results;
  } finally {
    await stopProcess(server);
    rmSync(varDir, { recursive: true, force: true });
  }
}

function kb(bytes: number) {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

async function main() {
  mkdirSync(resultsDir, { recursive: true });
  const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}`;
  const lines = [`# Benchmark results`, '', `Measured ${new Date().toISOString()} on ${machine}. Rerun: \`npm run bench\` (or \`npm run bench -- api\` / \`-- bundle\`).`, ''];
  if (only('api')) {
    const api = await benchApi();
    writeFileSync(path.join(resultsDir, 'api.json'), JSON.stringify({ machine, seconds, scenarios: api }, null, 2) + '\n');
    lines.push('## API (GET /graphql, API process pinned to one core)', '', `${seconds} s per run; latency with 1 connection, throughput with 10.`, '');
    lines.push('| catalog | operation | p50 | p99 | req/s (1 conn) | req/s (10 conn) | p99 (10 conn) | errors |', '|---|---|---|---|---|---|---|---|');
    for (const s of api) {
      lines.push(`| ${s.catalog} | ${s.operation} | ${s.single.p50} ms | ${s.single.p99} ms | ${s.single.requestsPerSecond.toFixed(0)} | ${s.concurrent.requestsPerSecond.toFixed(0)} | ${s.concurrent.p99} ms | ${s.single.errors + s.single.non2xx + s.concurrent.errors + s.concurrent.non2xx} |`);
    }
    lines.push('', 'Budget: p50 under 10 ms for the category query on 50,000 products.', '');
  }
  if (only('bundle')) {
    const bundle = await benchBundle();
    writeFileSync(path.join(resultsDir, 'bundle.json'), JSON.stringify(bundle, null, 2) + '\n');
    lines.push('## Storefront first-load JavaScript', '', '| page | files | raw | gzip |', '|---|---|---|---|');
    for (const page of bundle) lines.push(`| ${new URL(page.url).pathname} | ${page.files.length} | ${kb(page.totalBytes)} | ${kb(page.totalGzipBytes)} |`);
    lines.push('', 'Budget: product page under 120 KB gzip.', '');
  }
  writeFileSync(path.join(resultsDir, 'README.md'), lines.join('\n'));
  console.log(lines.join('\n'));
}

await main();
