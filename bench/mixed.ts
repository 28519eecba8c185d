// Mixed traffic against the production server (server/dist/main.mjs): shoppers who mostly browse,
// some of whom fill a cart and some of whom check out, for a fixed time. Each shopper loop picks
// its next request by weight: 70 % catalog reads (category page, product page, search; GET, as
// the storefront sends them), 20 % cart (add a product, read the cart), 10 % checkout (the
// remaining steps to a placed order). It records latency per operation, errors and the server's
// resident memory every 10 s. It measures; it asserts nothing.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { heapGrowth, heapSnapshotFiles, summariseHeapSnapshot, totalBytes, type HeapGrowth } from './lib/heapSnapshot';

const BENCH_METRICS_TOKEN = 'mixed-traffic-bench-token';

export interface MixedSetup {
  label: string;
  databaseUrl?: string;
  workers: number;
  /** Settings the server runs with (an operator's memory bounds). */
  env?: Record<string, string>;
}

export interface OperationFigures {
  operation: string;
  count: number;
  perSecond: number;
  p50: number;
  p99: number;
  errors: number;
}

export interface MixedFigures {
  label: string;
  shoppers: number;
  seconds: number;
  requests: number;
  requestsPerSecond: number;
  errors: number;
  firstErrors: string[];
  operations: OperationFigures[];
  /**
   * Seconds since the start, the server's resident memory (all its processes) and the JavaScript
   * heap in use (all workers, from /metrics), MiB.
   */
  rss: MemorySample[];
  /**
   * One-process runs: live heap (after the full GC a snapshot makes) two minutes into the load
   * and once it is over, and what grew most in between.
   */
  heap?: { warmMib: number; endMib: number; warmSecond: number; endSecond: number; growth: HeapGrowth[] };
}

/**
 * One reading of the server's memory, MiB: resident (all its processes), of it file pages (the
 * memory-mapped database), and from /metrics the JavaScript heap in use, the heap V8 holds from
 * the system (in use plus room to grow), and memory outside the heap (buffers, native objects).
 */
export interface MemorySample {
  second: number;
  mib: number;
  fileMib?: number;
  heapMib?: number;
  heapTotalMib?: number;
  externalMib?: number;
}

/** When the first heap snapshot is taken: the caches have filled by then. */
const WARM_SNAPSHOT_SECOND = 120;
/** How long the server rests between the end of the load and the last snapshot. */
const END_SNAPSHOT_QUIET_MS = 10_000;

const CATEGORY_QUERY = `query($uid: String!, $page: Int) { products(filter: { category_uid: { eq: $uid } }, pageSize: 24, currentPage: $page, sort: { position: ASC }) {
  total_count aggregations { attribute_code options { value count } }
  items { __typename uid sku name url_key small_image { url label } price_range { minimum_price { final_price { value currency } regular_price { value } } } stock_status } } }`;
const PRODUCT_QUERY = `query($key: String!) { products(filter: { url_key: { eq: $key } }) { items { __typename uid sku name stock_status only_x_left_in_stock
  description { html } media_gallery { url label } price_range { minimum_price { final_price { value currency } } }
  ... on ConfigurableProduct { configurable_options { attribute_code values { uid label } } variants { product { sku stock_status } attributes { code uid } } } } } }`;
const SEARCH_QUERY = `query($q: String!) { products(search: $q, pageSize: 24) { total_count items { uid name url_key price_range { minimum_price { final_price { value } } } } } }`;
const SEARCH_TERMS = ['tee', 'jacket', 'blue', 'pant', 'bag', 'shoe', 'kestrel', 'hoodie', 'short', 'red'];

const CART_FIELDS =
  'id total_quantity items { uid quantity product { sku } } prices { grand_total { value currency } }';
const CHECKOUT_STEPS: Array<[string, string]> = [
  [
    'setGuestEmailOnCart',
    'mutation($id: String!) { setGuestEmailOnCart(input: { cart_id: $id, email: "bench@example.com" }) { cart { email } } }',
  ],
  [
    'setShippingAddressesOnCart',
    'mutation($id: String!) { setShippingAddressesOnCart(input: { cart_id: $id, shipping_addresses: [{ address: { firstname: "Ada", lastname: "Lovelace", street: ["1 Main St"], city: "Austin", region: "TX", postcode: "73301", country_code: "US", telephone: "5550100" } }] }) { cart { id } } }',
  ],
  [
    'setBillingAddressOnCart',
    'mutation($id: String!) { setBillingAddressOnCart(input: { cart_id: $id, billing_address: { same_as_shipping: true } }) { cart { id } } }',
  ],
  [
    'setShippingMethodsOnCart',
    'mutation($id: String!) { setShippingMethodsOnCart(input: { cart_id: $id, shipping_methods: [{ carrier_code: "flatrate", method_code: "flatrate" }] }) { cart { id } } }',
  ],
  [
    'setPaymentMethodOnCart',
    'mutation($id: String!) { setPaymentMethodOnCart(input: { cart_id: $id, payment_method: { code: "checkmo" } }) { cart { id } } }',
  ],
  [
    'placeOrder',
    'mutation($id: String!) { placeOrder(input: { cart_id: $id }) { orderV2 { number } errors { code message } } }',
  ],
];

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/**
 * Resident memory of a process and every process below it, in bytes (Linux /proc): in all, and
 * the part that is file pages (a memory-mapped database), which the kernel can drop at will.
 */
function treeRss(pid: number, field: 'VmRSS' | 'RssFile' = 'VmRSS'): number {
  let bytes = 0;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    bytes += Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) * 1024;
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
    for (const child of children ? children.split(/\s+/) : []) bytes += treeRss(Number(child), field);
  } catch {
    // The process ended between reads.
  }
  return bytes;
}

// The demo catalog's stock sells out within minutes of this load, and a sold-out product is a
// refused order, not a measurement: every simple product gets a large stock before the run.
const STOCK_UP = "update product set stock_qty = 1000000, in_stock = 1 where type = 'simple'";

async function stockUp(databaseUrl: string | undefined, sqlitePath: string): Promise<void> {
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      await client.query(STOCK_UP);
    } finally {
      await client.end();
    }
    return;
  }
  const db = new Database(sqlitePath);
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare(STOCK_UP).run();
  } finally {
    db.close();
  }
}

/** BENCH_SERVER_ENV: extra environment for the server under test, e.g. '{"MALLOC_ARENA_MAX":"2"}'. */
function serverEnvironment(): Record<string, string> {
  const raw = process.env.BENCH_SERVER_ENV;
  if (!raw) return {};
  const parsed: unknown = JSON.parse(raw);
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new Error('BENCH_SERVER_ENV must be a JSON object of strings');
  return Object.fromEntries(Object.entries(parsed).map(([key, value]) => [key, String(value)]));
}

async function waitUntilReady(base: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${output()}`);
    try {
      if ((await fetch(`${base}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server not ready in 3 minutes:\n${output()}`);
}

export async function runMixedTraffic(
  root: string,
  setup: MixedSetup,
  options: { shoppers: number; seconds: number; port: number; heapSnapshots: boolean },
): Promise<MixedFigures> {
  const varDir = mkdtempSync(path.join(os.tmpdir(), 'vela-mixed-'));
  const base = `http://127.0.0.1:${options.port}`;
  let log = '';
  // One process can be asked for a heap snapshot by signal (the cluster's workers could not).
  // Only on request: after the snapshot of a 50 MiB heap at 2 minutes, native memory outside V8
  // stood at 237 MiB for the rest of the run, against 39 MiB at the same point of a run without
  // one, so every resident figure after it would include the measurement itself.
  const snapshots = options.heapSnapshots && setup.workers <= 1 && options.seconds > WARM_SNAPSHOT_SECOND + 60;
  const heapDir = path.join(varDir, 'heap');
  if (snapshots) mkdirSync(heapDir);
  const nodeArgs = snapshots ? ['--heapsnapshot-signal=SIGUSR2', `--diagnostic-dir=${heapDir}`] : [];
  const server = spawn(process.execPath, [...nodeArgs, 'server/dist/main.mjs'], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      PORT: String(options.port),
      HOST: '127.0.0.1',
      VAR_DIR: varDir,
      LOG_LEVEL: 'warn',
      STOREFRONT_BUILD_DIR: path.join(varDir, 'no-storefront'),
      WORKERS: String(setup.workers),
      METRICS_TOKEN: BENCH_METRICS_TOKEN,
      // Twenty shoppers from one address would be one client far over the per-client budget.
      GRAPHQL_REQUESTS_PER_MINUTE: '0',
      ...(setup.databaseUrl ? { DATABASE_URL: setup.databaseUrl } : {}),
      ...setup.env,
      // What an operator would try on the server (MALLOC_ARENA_MAX, NODE_OPTIONS), as a JSON object.
      ...serverEnvironment(),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Only the last 20 kB: a long run must not grow the bench's own memory.
  const keep = (chunk: Buffer) => (log = (log + chunk.toString()).slice(-20_000));
  server.stdout?.on('data', keep);
  server.stderr?.on('data', keep);
  try {
    await waitUntilReady(base, server, () => log);
    await stockUp(setup.databaseUrl, path.join(varDir, 'vela.db'));
    const get = async (query: string, variables: Record<string, unknown>) => {
      const url = `${base}/graphql?query=${encodeURIComponent(query)}&variables=${encodeURIComponent(JSON.stringify(variables))}`;
      return (await (await fetch(url)).json()) as { data?: any; errors?: { message: string }[] };
    };
    const post = async (query: string, variables: Record<string, unknown>) => {
      const response = await fetch(`${base}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query, variables }),
      });
      return (await response.json()) as { data?: any; errors?: { message: string }[] };
    };

    // What shoppers browse: every category, product and in-stock simple product of the demo catalog.
    const categories = (await get('{ categoryList { uid children { uid children { uid } } } }', {})).data
      .categoryList as { uid: string; children?: { uid: string; children?: { uid: string }[] }[] }[];
    const categoryUids = categories.flatMap((c) => [
      c.uid,
      ...(c.children ?? []).flatMap((d) => [d.uid, ...(d.children ?? []).map((e) => e.uid)]),
    ]);
    const listing = (
      await post('{ products(search: "", pageSize: 300) { items { __typename sku url_key stock_status } } }', {})
    ).data.products.items as { __typename: string; sku: string; url_key: string; stock_status: string }[];
    const urlKeys = listing.map((p) => p.url_key);
    const skus = listing
      .filter((p) => p.__typename === 'SimpleProduct' && p.stock_status === 'IN_STOCK')
      .map((p) => p.sku);

    const latencies = new Map<string, number[]>();
    const errorCounts = new Map<string, number>();
    const firstErrors: string[] = [];
    const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;
    const timed = async (operation: string, send: () => Promise<{ errors?: { message: string }[]; data?: any }>) => {
      const started = performance.now();
      let failed: string | undefined;
      let answer: { errors?: { message: string }[]; data?: any } | undefined;
      try {
        answer = await send();
        if (answer.errors?.length) failed = answer.errors[0]!.message;
        else if (answer.data?.placeOrder?.errors?.length) failed = JSON.stringify(answer.data.placeOrder.errors);
      } catch (error) {
        failed = String(error);
      }
      const list = latencies.get(operation) ?? [];
      list.push(performance.now() - started);
      latencies.set(operation, list);
      if (failed) {
        errorCounts.set(operation, (errorCounts.get(operation) ?? 0) + 1);
        if (firstErrors.length < 5 && !firstErrors.some((e) => e.startsWith(`${operation}:`)))
          firstErrors.push(`${operation}: ${failed}`);
        return undefined;
      }
      return answer;
    };

    const rss: MemorySample[] = [];
    const started = Date.now();
    const heapFigures = async (): Promise<Pick<MemorySample, 'heapMib' | 'heapTotalMib' | 'externalMib'>> => {
      try {
        const text = await (
          await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${BENCH_METRICS_TOKEN}` } })
        ).text();
        const mib = (metric: string) => {
          const bytes = new RegExp(`^${metric} (\\S+)$`, 'm').exec(text)?.[1];
          return bytes ? Math.round(Number(bytes) / 1048576) : undefined;
        };
        return {
          heapMib: mib('nodejs_heap_size_used_bytes'),
          heapTotalMib: mib('nodejs_heap_size_total_bytes'),
          externalMib: mib('nodejs_external_memory_bytes'),
        };
      } catch {
        return {};
      }
    };
    const sample = async () => {
      const second = Math.round((Date.now() - started) / 1000);
      const mib = Math.round(treeRss(server.pid!) / 1048576);
      const fileMib = Math.round(treeRss(server.pid!, 'RssFile') / 1048576);
      rss.push({ second, mib, fileMib, ...(await heapFigures()) });
    };
    await sample();
    const sampler = setInterval(() => void sample(), 10_000);
    const end = started + options.seconds * 1000;
    // Node writes the snapshot on the main thread: the next answer comes once it is on disk.
    const snapshot = async () => {
      server.kill('SIGUSR2');
      await new Promise((resolve) => setTimeout(resolve, 200));
      // A kept-alive socket may have timed out during the pause: try again on a fresh one.
      for (let attempt = 1; ; attempt++) {
        try {
          await fetch(`${base}/graphql?query=${encodeURIComponent('{ storeConfig { store_code } }')}`);
          break;
        } catch (error) {
          if (attempt === 5) throw error;
          await new Promise((resolve) => setTimeout(resolve, 500));
        }
      }
      return Math.round((Date.now() - started) / 1000);
    };
    let warmSecond = 0;
    const warmSnapshot = snapshots
      ? new Promise<void>((resolve, reject) =>
          setTimeout(
            // A failure surfaces where it is awaited, inside the try: the server is still stopped.
            () => void snapshot().then((second) => ((warmSecond = second), resolve()), reject),
            WARM_SNAPSHOT_SECOND * 1000,
          ),
        )
      : Promise.resolve();
    // Awaited after the load; until then a failure must not count as unhandled.
    warmSnapshot.catch(() => undefined);

    const shopper = async () => {
      let cartId: string | undefined;
      let items = 0;
      while (Date.now() < end) {
        const r = Math.random();
        if (r < 0.7) {
          const kind = Math.random();
          if (kind < 0.4) await timed('category page', () => get(CATEGORY_QUERY, { uid: pick(categoryUids), page: 1 }));
          else if (kind < 0.85) await timed('product page', () => get(PRODUCT_QUERY, { key: pick(urlKeys) }));
          else await timed('search', () => get(SEARCH_QUERY, { q: pick(SEARCH_TERMS) }));
        } else if (r < 0.9) {
          if (!cartId) {
            const created = await timed('createGuestCart', () =>
              post('mutation { createGuestCart { cart { id } } }', {}),
            );
            cartId = created?.data?.createGuestCart?.cart?.id as string | undefined;
            items = 0;
            continue;
          }
          if (Math.random() < 0.6) {
            const id = cartId;
            const added = await timed('addProductsToCart', () =>
              post(
                `mutation($id: String!, $sku: String!) { addProductsToCart(cartId: $id, cartItems: [{ sku: $sku, quantity: 1 }]) { cart { ${CART_FIELDS} } user_errors { code message } } }`,
                { id, sku: pick(skus) },
              ),
            );
            if (added?.data?.addProductsToCart?.cart?.total_quantity) items++;
          } else {
            const id = cartId;
            await timed('cart', () => post(`query($id: String!) { cart(cart_id: $id) { ${CART_FIELDS} } }`, { id }));
          }
        } else if (cartId && items > 0) {
          const id = cartId;
          const checkoutStarted = performance.now();
          let ok = true;
          for (const [operation, query] of CHECKOUT_STEPS) {
            if (!(await timed(operation, () => post(query, { id })))) {
              ok = false;
              break;
            }
          }
          if (ok) {
            const list = latencies.get('whole checkout (6 steps)') ?? [];
            list.push(performance.now() - checkoutStarted);
            latencies.set('whole checkout (6 steps)', list);
          }
          cartId = undefined;
        }
      }
    };
    await Promise.all(Array.from({ length: options.shoppers }, shopper));
    clearInterval(sampler);
    await sample();
    let heap: MixedFigures['heap'];
    if (snapshots) {
      await warmSnapshot;
      // Ten quiet seconds first: undici removes each request's abort listener only when a
      // FinalizationRegistry callback runs after GC, so right after the load thousands are still
      // pending (they go back to the idle count within seconds), which is lag, not growth.
      await new Promise((resolve) => setTimeout(resolve, END_SNAPSHOT_QUIET_MS));
      const endSecond = await snapshot();
      const [warmFile, endFile] = heapSnapshotFiles(heapDir);
      if (!warmFile || !endFile) throw new Error(`expected two heap snapshots in ${heapDir}`);
      const warm = await summariseHeapSnapshot(warmFile);
      const after = await summariseHeapSnapshot(endFile);
      heap = {
        warmMib: totalBytes(warm) / 1048576,
        endMib: totalBytes(after) / 1048576,
        warmSecond,
        endSecond,
        growth: heapGrowth(warm, after),
      };
    }

    const elapsed = (Date.now() - started) / 1000;
    const operations: OperationFigures[] = [...latencies.entries()].map(([operation, list]) => {
      const sorted = [...list].sort((a, b) => a - b);
      return {
        operation,
        count: list.length,
        perSecond: list.length / elapsed,
        p50: percentile(sorted, 50),
        p99: percentile(sorted, 99),
        errors: errorCounts.get(operation) ?? 0,
      };
    });
    const requests = operations.filter((o) => !o.operation.startsWith('whole')).reduce((n, o) => n + o.count, 0);
    return {
      label: setup.label,
      shoppers: options.shoppers,
      seconds: elapsed,
      requests,
      requestsPerSecond: requests / elapsed,
      errors: [...errorCounts.values()].reduce((a, b) => a + b, 0),
      firstErrors,
      operations,
      rss,
      ...(heap ? { heap } : {}),
    };
  } finally {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    const timer = setTimeout(() => server.kill('SIGKILL'), 20_000);
    await exited;
    clearTimeout(timer);
    rmSync(varDir, { recursive: true, force: true });
  }
}

/** The README section: one table per setup and the RSS curve. */
export function mixedTable(runs: MixedFigures[]): string[] {
  const ms = (n: number) => `${n.toFixed(1)} ms`;
  const first = runs[0];
  const lines = [
    '## Mixed traffic (70 % catalog reads, 20 % cart, 10 % checkout)',
    '',
    `${first?.shoppers ?? 20} shoppers for ${Math.round(first?.seconds ?? 0)} s against \`server/dist/main.mjs\` (production build, API only), load generator on the same 2 cores. Rerun: \`npm run bench -- mixed\` (\`BENCH_MIXED_SECONDS\`, \`BENCH_SHOPPERS\`, \`BENCH_MIXED_SETUPS\`; \`BENCH_HEAP_SNAPSHOTS=1\` adds heap snapshots at 2 minutes and at the end, which raise the resident memory that follows; \`BENCH_SERVER_ENV\` passes settings to the server).`,
    '',
  ];
  for (const run of runs) {
    lines.push(
      `### ${run.label}`,
      '',
      `${run.requests} requests, ${run.requestsPerSecond.toFixed(0)} per second, ${run.errors} errors.` +
        (run.firstErrors.length ? ` First errors: ${run.firstErrors.join(' / ')}` : ''),
      '',
      '| operation | count | per s | p50 | p99 | errors |',
      '|---|---|---|---|---|---|',
      ...run.operations
        .sort((a, b) => b.count - a.count)
        .map(
          (o) =>
            `| ${o.operation} | ${o.count} | ${o.perSecond.toFixed(1)} | ${ms(o.p50)} | ${ms(o.p99)} | ${o.errors} |`,
        ),
      '',
      'Memory by minute, MiB: resident (every process of the server), of it file pages (the memory-mapped database), JavaScript heap in use, heap held by V8, and memory outside the heap (buffers):',
      '',
      '| second | resident | file pages | heap in use | heap held | outside the heap |',
      '|---|---|---|---|---|---|',
      ...run.rss
        .filter((s, i) => i === 0 || s.second % 60 < 10 || i === run.rss.length - 1)
        .map(
          (s) =>
            `| ${s.second} | ${s.mib} | ${s.fileMib ?? '–'} | ${s.heapMib ?? '–'} | ${s.heapTotalMib ?? '–'} | ${s.externalMib ?? '–'} |`,
        ),
      '',
    );
    if (run.heap) {
      const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;
      lines.push(
        `Heap snapshots (live objects after a full GC): ${run.heap.warmMib.toFixed(1)} MiB at ${run.heap.warmSecond} s, ${run.heap.endMib.toFixed(1)} MiB at ${run.heap.endSecond} s, ten seconds after the load stopped. Each snapshot stops the server for a moment, which shows in the p99 above. What grew most in between:`,
        '',
        '| constructor or kind | at the first | at the end | count |',
        '|---|---|---|---|',
        ...run.heap.growth.map(
          (g) => `| ${g.name} | ${kib(g.bytesBefore)} | ${kib(g.bytesAfter)} | ${g.countBefore} → ${g.countAfter} |`,
        ),
        '',
      );
    }
  }
  return lines;
}
