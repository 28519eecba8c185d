// `npm run bench -- saves`: what one back-office product save costs on a large catalog, and what
// shoppers feel while saves run. The production server (`npm start`'s heap limit, NODE_ENV
// production) on a copy of a generated SQLite catalog, or on PostgreSQL (BENCH_SAVES_DATABASE_URL,
// a database the generator filled); the back office signed in over HTTP as the soak bench does.
//
// Figures: the wall time of isolated price saves (median), then the latency of an uncached storefront
// search and of createEmptyCart, idle and while BENCH_SAVES (20) price saves run in a row.
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { signInStaff } from './lib/backOfficeClient';
import { neverSeenSearchPhrase } from './lib/shopAddresses';
import { run } from './lib/processes';

export interface SaveFigures {
  label: string;
  products: number;
  /** Wall time of one price save, ms, each of several spaced saves. */
  saveMs: number[];
  idle: { search: Percentiles; cart: Percentiles };
  duringSaves: {
    search: Percentiles;
    cart: Percentiles;
    savesMs: number[];
    failedRequests: number;
    failedSaves: number;
  };
}

interface Percentiles {
  count: number;
  p50: number;
  p99: number;
  max: number;
}

function percentiles(values: number[]): Percentiles {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  return { count: sorted.length, p50: at(0.5), p99: at(0.99), max: sorted.at(-1) ?? NaN };
}

const median = (values: number[]) => percentiles(values).p50;

const SEARCH =
  'query($search: String!) { products(search: $search, pageSize: 24) { total_count items { sku } aggregations { attribute_code count } } }';

async function waitUntilUp(base: string, server: ReturnType<typeof spawn>, log: () => string): Promise<void> {
  const deadline = Date.now() + 600_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited:\n${log()}`);
    try {
      const response = await fetch(`${base}/graphql?query=${encodeURIComponent('{ __typename }')}`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the server did not start:\n${log()}`);
}

export async function benchCatalogSaves(options: {
  root: string;
  label: string;
  products: number;
  port: number;
  sqlitePath?: string;
  databaseUrl?: string;
}): Promise<SaveFigures> {
  const varDir = mkdtempSync(path.join(os.tmpdir(), 'vela-bench-saves-'));
  const shopDb = path.join(varDir, 'vela.db');
  if (options.sqlitePath) copyFileSync(options.sqlitePath, shopDb);
  let log = '';
  const server = spawn(
    process.execPath,
    [
      `--max-old-space-size=${process.env.VELA_HEAP_MB ?? 192}`,
      '--max-semi-space-size=4',
      process.env.BENCH_SAVES_SERVER ?? 'server/dist/main.mjs',
    ],
    {
      cwd: options.root,
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'production',
        PORT: String(options.port),
        HOST: '127.0.0.1',
        VAR_DIR: varDir,
        LOG_LEVEL: 'warn',
        STOREFRONT_BUILD_DIR: path.join(varDir, 'no-storefront'),
        GRAPHQL_REQUESTS_PER_MINUTE: '0',
        ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
    if (process.env.BENCH_SAVES_ECHO === 'server') process.stderr.write(chunk);
  };
  server.stdout?.on('data', keep);
  server.stderr?.on('data', keep);
  const base = `http://127.0.0.1:${options.port}`;
  try {
    await waitUntilUp(base, server, () => log);
    const post = async <T>(query: string, variables: Record<string, unknown> = {}): Promise<T> => {
      const response = await fetch(`${base}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query, variables }),
      });
      const body = (await response.json()) as { data?: T; errors?: unknown };
      if (!body.data) throw new Error(`storefront answered ${JSON.stringify(body.errors)}`);
      return body.data;
    };
    const staff = await signInStaff(
      base,
      options.databaseUrl ? { databaseUrl: options.databaseUrl } : { sqlitePath: shopDb },
    );
    const { products } = await post<{ products: { items: { __typename: string; sku: string }[] } }>(
      '{ products(filter: {}, pageSize: 50) { items { __typename sku } } }',
    );
    const skus = products.items.filter((p) => p.__typename === 'SimpleProduct').map((p) => p.sku);
    if (skus.length === 0) throw new Error('no simple product to edit');
    let edit = 0;
    const save = async () => {
      edit++;
      const started = performance.now();
      await staff.request(
        'mutation($sku: String!, $input: AdminProductInput!) { updateProduct(sku: $sku, input: $input) { sku } }',
        { sku: skus[edit % skus.length], input: { price: 900 + (edit % 70) + 0.5 } },
      );
      const ms = performance.now() - started;
      if (process.env.BENCH_SAVES_ECHO) console.error(`save ${edit}: ${ms.toFixed(0)} ms`);
      return ms;
    };
    // Warm the caches and the back office, then isolated saves a second apart.
    for (let i = 0; i < 20; i++) await post(SEARCH, { search: neverSeenSearchPhrase() });
    await save();
    const saveMs: number[] = [];
    for (let i = 0; i < 7; i++) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      saveMs.push(await save());
    }

    // Two shoppers, one request in flight each: an uncached search, then a new cart.
    const shop = async (running: () => boolean) => {
      const search: number[] = [];
      const cart: number[] = [];
      let failed = 0;
      const timed = async (into: number[], request: () => Promise<unknown>) => {
        const started = performance.now();
        try {
          await request();
          into.push(performance.now() - started);
        } catch (error) {
          failed++;
          if (failed <= 3) console.error(`a shopper's request failed: ${String(error)}`);
        }
      };
      const shopper = async () => {
        while (running()) {
          await timed(search, () => post(SEARCH, { search: neverSeenSearchPhrase() }));
          await timed(cart, () => post('mutation { createEmptyCart }'));
        }
      };
      await Promise.all([shopper(), shopper()]);
      return { search, cart, failed };
    };
    const idleSeconds = Number(process.env.BENCH_SAVES_IDLE_SECONDS ?? 15);
    const idleUntil = Date.now() + idleSeconds * 1000;
    const idle = await shop(() => Date.now() < idleUntil);
    if (process.env.BENCH_SAVES_ECHO) console.error(`idle: ${JSON.stringify(percentiles(idle.search))}`);

    let saving = true;
    const load = shop(() => saving);
    const savesMs: number[] = [];
    let failedSaves = 0;
    try {
      for (let i = 0; i < Number(process.env.BENCH_SAVES ?? 20); i++) {
        // A save the server dropped (its socket reset while the process was busy) counts as failed.
        try {
          savesMs.push(await save());
        } catch (error) {
          failedSaves++;
          console.error(`save failed: ${String(error)}`);
        }
      }
    } finally {
      saving = false;
    }
    const during = await load;
    return {
      label: options.label,
      products: options.products,
      saveMs,
      idle: { search: percentiles(idle.search), cart: percentiles(idle.cart) },
      duringSaves: {
        search: percentiles(during.search),
        cart: percentiles(during.cart),
        savesMs,
        failedRequests: during.failed + idle.failed,
        failedSaves,
      },
    };
  } catch (error) {
    console.error(`server output:\n${log}`);
    throw error;
  } finally {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
    rmSync(varDir, { recursive: true, force: true });
  }
}

export function savesTable(figures: readonly SaveFigures[]): string {
  const ms = (n: number) => n.toFixed(n < 10 ? 1 : 0);
  const lines = [
    '| catalog | one save, median (ms) | 20 saves in a row, median / max (ms) | search p50 / p99 idle (ms) | search p50 / p99 during saves (ms) | search during / idle, p50 / p99 (goal ≤ 2×) | createEmptyCart p50 / p99 idle (ms) | createEmptyCart p50 / p99 during saves (ms) |',
    '|---|---|---|---|---|---|---|---|',
  ];
  for (const f of figures) {
    const during = f.duringSaves;
    const ratio = (busy: number, idle: number) => `${(busy / idle).toFixed(1)}×`;
    lines.push(
      `| ${f.label} | ${ms(median(f.saveMs))} | ${ms(median(during.savesMs))} / ${ms(Math.max(...during.savesMs))} | ${ms(f.idle.search.p50)} / ${ms(f.idle.search.p99)} | ${ms(during.search.p50)} / ${ms(during.search.p99)} | ${ratio(during.search.p50, f.idle.search.p50)} / ${ratio(during.search.p99, f.idle.search.p99)} | ${ms(f.idle.cart.p50)} / ${ms(f.idle.cart.p99)} | ${ms(during.cart.p50)} / ${ms(during.cart.p99)} |`,
    );
  }
  return lines.join('\n');
}

/**
 * `npm run bench -- saves`: generates BENCH_PRODUCTS (50,000) products on SQLite (or reuses
 * BENCH_SAVES_DB), runs the production server on a copy BENCH_SAVES_RUNS (3) times, and writes
 * bench/results/saves.md. Needs `npm run build` first (it runs server/dist/main.mjs).
 */
export async function benchSaves(root: string): Promise<SaveFigures[]> {
  const products = Number(process.env.BENCH_PRODUCTS ?? 50_000);
  const work = mkdtempSync(path.join(os.tmpdir(), 'vela-bench-saves-db-'));
  try {
    const catalog = process.env.BENCH_SAVES_DB ?? path.join(work, 'catalog.db');
    if (!existsSync(catalog)) {
      console.log(`generating a ${products}-product catalog…`);
      await run(
        process.execPath,
        ['--import', 'tsx', 'commerce/src/cli.ts', 'generate', '--products', String(products), '--sqlite', catalog],
        root,
      );
    }
    const figures: SaveFigures[] = [];
    for (let i = 1; i <= Number(process.env.BENCH_SAVES_RUNS ?? 3); i++) {
      // The machine may be shared: the load average at the start says how far to trust a row.
      const label = `${products.toLocaleString('en')} products, SQLite, run ${i} (load ${os.loadavg()[0]!.toFixed(1)})`;
      figures.push(
        await benchCatalogSaves({
          root,
          label,
          products,
          port: Number(process.env.BENCH_SAVES_PORT ?? 4405),
          sqlitePath: catalog,
        }),
      );
      console.log(savesTable(figures.slice(-1)));
    }
    const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}`;
    const report = [
      '# Back-office product saves on a large catalog',
      '',
      `Last run ${new Date().toISOString()} on ${machine}. Rerun: \`npm run build && npm run bench -- saves\``,
      '(`BENCH_PRODUCTS`, `BENCH_SAVES_RUNS`, `BENCH_SAVES`, `BENCH_SAVES_DB` to reuse a generated catalog).',
      '',
      'The production server (192 MiB heap, NODE_ENV production, one process) on a copy of a generated SQLite catalog; a staff',
      'member signed in over HTTP changes the price of a simple product. "One save": seven saves a second apart, median wall',
      'time. Then two shoppers, one request in flight each, alternate an uncached search (a phrase never seen before, with',
      'facets) and `createEmptyCart`: for 15 s idle, then while 20 saves run back to back.',
      '',
      savesTable(figures),
      '',
    ].join('\n');
    writeFileSync(path.join(root, 'bench', 'results', 'saves.md'), report);
    console.log(report);
    return figures;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

// Run alone: `node --import tsx bench/catalogSaves.ts <catalog.db> <port> [label]`.
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const [sqlitePath, port, label] = process.argv.slice(2);
  if (!sqlitePath || !port) {
    console.error('usage: node --import tsx bench/catalogSaves.ts <catalog.db> <port> [label]');
    process.exit(2);
  }
  const figures = await benchCatalogSaves({
    root: path.resolve(import.meta.dirname, '..'),
    label: label ?? path.basename(sqlitePath),
    products: 0,
    port: Number(port),
    sqlitePath,
  });
  console.log(JSON.stringify(figures));
  console.log(savesTable([figures]));
}
