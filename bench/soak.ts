// The soak (issue 28): a real `npm start` (its heap limit, its supervisor) under every kind of
// traffic at once for a long time: server-rendered pages, API reads, searches for phrases never
// seen before, carts and guest checkouts, a back-office edit every few seconds and a catalog
// import now and then. It samples the heap in use and resident memory over time and fails (the
// bench exits non-zero) on any error answer or a death of the shop process. It measures memory;
// it asserts nothing about timings.
import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createBenchProduct, signInStaff, type BackOfficeClient } from './lib/backOfficeClient';
import { neverSeenSearchPhrase, shopAddresses } from './lib/shopAddresses';
import { readShopMemory, summariseMemory, type MemoryReading, type MemorySummary } from './lib/shopMemory';
import { startShop } from './lib/shopUnderTest';

export interface SoakOptions {
  seconds: number;
  port: number;
  /** Seconds between back-office edits. */
  editEverySeconds: number;
  /** Seconds between catalog imports (the first at a third of the run). */
  importEverySeconds: number;
}

export interface SoakFigures {
  seconds: number;
  heapLimitMib: number | undefined;
  memory: MemorySummary;
  /** Heap in use at its highest, as a share of the heap limit. */
  heapMaxShareOfLimit: number | undefined;
  readings: MemoryReading[];
  requests: Record<string, { count: number; p50Ms: number; p99Ms: number }>;
  pagesPerSecond: number;
  ordersPlaced: number;
  edits: number;
  imports: number;
  errors: string[];
  errorCount: number;
  shopRestarts: number;
}

const API_LISTING = `query($search: String, $page: Int) { products(search: $search, pageSize: 24, currentPage: $page) {
  total_count aggregations { attribute_code options { value count } } items { uid sku name url_key price_range { minimum_price { final_price { value currency } } } } } }`;
const API_PRODUCT = `query($key: String!) { products(filter: { url_key: { eq: $key } }) { items { uid sku name stock_status description { html } media_gallery { url } } } }`;

const CHECKOUT = [
  'mutation($id: String!, $sku: String!) { addProductsToCart(cartId: $id, cartItems: [{ sku: $sku, quantity: 1 }]) { cart { id total_quantity } user_errors { message } } }',
  'mutation($id: String!) { setGuestEmailOnCart(input: { cart_id: $id, email: "soak@example.com" }) { cart { email } } }',
  'mutation($id: String!) { setShippingAddressesOnCart(input: { cart_id: $id, shipping_addresses: [{ address: { firstname: "Ada", lastname: "Lovelace", street: ["1 Main St"], city: "Austin", region: "TX", postcode: "73301", country_code: "US", telephone: "5550100" } }] }) { cart { id } } }',
  'mutation($id: String!) { setBillingAddressOnCart(input: { cart_id: $id, billing_address: { same_as_shipping: true } }) { cart { id } } }',
  'mutation($id: String!) { setShippingMethodsOnCart(input: { cart_id: $id, shipping_methods: [{ carrier_code: "flatrate", method_code: "flatrate" }] }) { cart { id } } }',
  'mutation($id: String!) { setPaymentMethodOnCart(input: { cart_id: $id, payment_method: { code: "checkmo" } }) { cart { id } } }',
  'mutation($id: String!) { placeOrder(input: { cart_id: $id }) { orderV2 { number } errors { code message } } }',
];

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** A small Magento product CSV of new products, as the back office's import takes it. */
function importCsv(serial: number, rows = 40): string {
  const lines = ['sku,product_type,name,price,qty'];
  const tag = randomBytes(3).toString('hex');
  for (let i = 0; i < rows; i++)
    lines.push(`soak-import-${serial}-${tag}-${i},simple,Soak Import ${serial} ${tag} ${i},${10 + i},100`);
  return `${lines.join('\n')}\n`;
}

export async function runSoak(root: string, options: SoakOptions): Promise<SoakFigures> {
  const varDir = path.join(os.tmpdir(), `vela-soak-${options.port}`);
  rmSync(varDir, { recursive: true, force: true });
  const shop = await startShop(root, { port: options.port, varDir });
  const errors: string[] = [];
  const fail = (what: string) => {
    errors.push(what);
    if (errors.length <= 20) console.error(`soak: ${what}`);
  };
  const timings = new Map<string, number[]>();
  const timed = async <T>(kind: string, work: () => Promise<T>): Promise<T | undefined> => {
    const started = performance.now();
    try {
      return await work();
    } catch (error) {
      fail(`${kind}: ${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    } finally {
      const list = timings.get(kind) ?? [];
      list.push(performance.now() - started);
      timings.set(kind, list);
    }
  };
  const page = async (url: string) => {
    const response = await fetch(`${shop.origin}${url}`);
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  };
  const api = async (query: string, variables: Record<string, unknown>, method: 'GET' | 'POST' = 'GET') => {
    const response =
      method === 'GET'
        ? await fetch(
            `${shop.origin}/graphql?query=${encodeURIComponent(query)}&variables=${encodeURIComponent(JSON.stringify(variables))}`,
          )
        : await fetch(`${shop.origin}/graphql`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ query, variables }),
          });
    const body = (await response.json()) as { data?: Record<string, unknown>; errors?: { message: string }[] };
    if (response.status !== 200 || body.errors)
      throw new Error(`answered ${response.status}: ${JSON.stringify(body.errors ?? body).slice(0, 300)}`);
    return body.data!;
  };

  let staff: BackOfficeClient;
  let checkoutSku: string;
  try {
    staff = await signInStaff(shop.origin, { sqlitePath: path.join(varDir, 'vela.db') });
    // Its own product with stock for the whole run: the demo's sells out under this load.
    checkoutSku = await createBenchProduct(staff, 0, 10_000_000);
  } catch (error) {
    await shop.stop();
    throw error;
  }
  const addresses = await shopAddresses(shop.origin);
  const productKeys = addresses.products.map((p) => p.slice(1).replace(/\.html$/, ''));

  const started = Date.now();
  const end = started + options.seconds * 1000;
  const running = () => Date.now() < end;
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const readings: MemoryReading[] = [];
  let orders = 0;
  let edits = 0;
  let imports = 0;
  let pages = 0;
  const createdSkus: string[] = [];

  const sampler = async () => {
    while (running()) {
      try {
        readings.push(await readShopMemory(shop.origin, shop.shopPid(), (Date.now() - started) / 1000));
      } catch (error) {
        fail(`metrics: ${String(error)}`);
      }
      await pause(5000);
    }
  };
  const pageShopper = async (index: number) => {
    for (let n = index; running(); n++) {
      const pick = n % 5;
      const url =
        pick === 0
          ? '/'
          : pick === 1
            ? addresses.categories[n % addresses.categories.length]!
            : pick === 2
              ? addresses.products[(n * 7) % addresses.products.length]!
              : pick === 3
                ? `/search?q=${encodeURIComponent(neverSeenSearchPhrase())}`
                : addresses.products[(n * 13) % addresses.products.length]!;
      const kind =
        pick === 3 ? 'page: search' : pick === 1 ? 'page: category' : pick === 0 ? 'page: home' : 'page: product';
      await timed(kind, () => page(url));
      pages++;
    }
  };
  const apiShopper = async () => {
    for (let n = 0; running(); n++) {
      if (n % 2 === 0) await timed('api: search', () => api(API_LISTING, { search: neverSeenSearchPhrase(), page: 1 }));
      else await timed('api: product', () => api(API_PRODUCT, { key: productKeys[n % productKeys.length] }));
    }
  };
  const checkoutShopper = async () => {
    while (running()) {
      const placed = await timed('checkout: cart to order', async () => {
        const { createEmptyCart } = (await api('mutation { createEmptyCart }', {}, 'POST')) as {
          createEmptyCart: string;
        };
        let last: Record<string, unknown> = {};
        for (const step of CHECKOUT) last = await api(step, { id: createEmptyCart, sku: checkoutSku }, 'POST');
        const order = last.placeOrder as { orderV2: { number: string } | null; errors: { message: string }[] };
        if (!order.orderV2) throw new Error(`placeOrder: ${JSON.stringify(order.errors)}`);
        return order.orderV2.number;
      });
      if (placed) orders++;
      await pause(1000);
    }
  };
  const editor = async () => {
    for (let n = 1; running(); n++) {
      await timed('back office: edit', async () => {
        if (n % 2 === 1 || createdSkus.length === 0) createdSkus.push(await createBenchProduct(staff, n));
        else
          await staff.request(
            'mutation($sku: String!, $input: AdminProductInput!) { updateProduct(sku: $sku, input: $input) { sku } }',
            { sku: createdSkus[n % createdSkus.length], input: { price: 10 + (n % 50), stockQty: 100 + n } },
          );
      });
      edits++;
      await pause(options.editEverySeconds * 1000);
    }
  };
  const importer = async () => {
    await pause(Math.min(options.importEverySeconds, options.seconds / 3) * 1000);
    for (let n = 1; running(); n++) {
      const job = await timed('back office: import', () => staff.importCsv(importCsv(n)));
      if (job && job.status !== 'FINISHED') fail(`import ${n} ended ${job.status}`);
      imports++;
      await pause(options.importEverySeconds * 1000);
    }
  };

  await Promise.all([sampler(), pageShopper(0), pageShopper(1), apiShopper(), checkoutShopper(), editor(), importer()]);
  const shopRestarts = (shop.output().match(/starting it again/g) ?? []).length;
  if (shopRestarts > 0) fail(`the shop process died ${shopRestarts} time(s)`);
  if (/heap out of memory/.test(shop.output())) fail('the shop ran out of heap');
  await shop.stop();
  rmSync(varDir, { recursive: true, force: true });

  const heapLimitMib = readings.find((r) => r.heapLimitMib !== undefined)?.heapLimitMib;
  const memory = summariseMemory(readings);
  return {
    seconds: options.seconds,
    heapLimitMib,
    memory,
    heapMaxShareOfLimit: heapLimitMib ? Math.round((memory.heapUsedMaxMib / heapLimitMib) * 1000) / 1000 : undefined,
    readings,
    requests: Object.fromEntries(
      [...timings].map(([kind, list]) => {
        const sorted = [...list].sort((a, b) => a - b);
        return [
          kind,
          { count: list.length, p50Ms: Math.round(percentile(sorted, 50)), p99Ms: Math.round(percentile(sorted, 99)) },
        ];
      }),
    ),
    pagesPerSecond: Math.round((pages / options.seconds) * 10) / 10,
    ordersPlaced: orders,
    edits,
    imports,
    errors: errors.slice(0, 50),
    errorCount: errors.length,
    shopRestarts,
  };
}

/** The soak's report: bench/results/soak.md (a table per minute) and soak.json. */
export function writeSoakResults(resultsDir: string, figures: SoakFigures, label: string): void {
  writeFileSync(path.join(resultsDir, 'soak.json'), `${JSON.stringify({ label, ...figures }, null, 2)}\n`);
  const perMinute = new Map<number, MemoryReading[]>();
  for (const reading of figures.readings) {
    const minute = Math.floor(reading.second / 60);
    perMinute.set(minute, [...(perMinute.get(minute) ?? []), reading]);
  }
  const mib = (n: number) => n.toFixed(0);
  const lines = [
    `# Soak: ${label}`,
    '',
    `\`npm run bench -- soak\` (\`BENCH_SOAK_MINUTES\`, 60 by default): a real \`npm start\` (heap limit ${figures.heapLimitMib?.toFixed(0) ?? '?'} MiB) under`,
    'two connections of server-rendered pages (home, categories, products, never-seen searches), one of API reads',
    '(never-seen searches, products), guest checkouts one after another, a back-office edit every few seconds',
    '(create or update a product: a new catalog version each) and a catalog import of 40 rows now and then.',
    'Memory is sampled from `/metrics` (heap in use) and `/proc` (resident memory of the shop process) every 5 s.',
    '',
    `- heap in use: p50 ${figures.memory.heapUsedP50Mib} MiB, p95 ${figures.memory.heapUsedP95Mib}, max ${figures.memory.heapUsedMaxMib} (${figures.heapMaxShareOfLimit !== undefined ? `${Math.round(figures.heapMaxShareOfLimit * 100)} %` : '?'} of the limit)`,
    `- resident: p50 ${figures.memory.rssP50Mib} MiB, max ${figures.memory.rssMaxMib}`,
    `- ${figures.pagesPerSecond} pages/s; ${figures.ordersPlaced} orders, ${figures.edits} back-office edits, ${figures.imports} imports`,
    `- errors: ${figures.errorCount}; shop process deaths: ${figures.shopRestarts}`,
    '',
    '| minute | heap in use p50 / max (MiB) | resident p50 / max (MiB) |',
    '|---:|---:|---:|',
    ...[...perMinute].map(([minute, list]) => {
      const s = summariseMemory(list);
      return `| ${minute + 1} | ${mib(s.heapUsedP50Mib)} / ${mib(s.heapUsedMaxMib)} | ${mib(s.rssP50Mib)} / ${mib(s.rssMaxMib)} |`;
    }),
    '',
    '| requests | count | p50 ms | p99 ms |',
    '|---|---:|---:|---:|',
    ...Object.entries(figures.requests).map(([kind, r]) => `| ${kind} | ${r.count} | ${r.p50Ms} | ${r.p99Ms} |`),
    '',
  ];
  writeFileSync(path.join(resultsDir, 'soak.md'), lines.join('\n'));
}
