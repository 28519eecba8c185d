// Server-rendered pages through the production server (`npm start`): CPU time of the shop process
// per page, per page type, first visit (nothing kept) and second visit (the same pages again).
// Sequential GETs with gzip, one at a time, as a shopper's browser or a crawler sends them; the
// figure is the shop process's CPU time (/proc/<pid>/stat) over the run divided by the pages.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cpuMsOf } from './lib/procStats';
import { shopAddresses } from './lib/shopAddresses';
import { startShop } from './lib/shopUnderTest';

export interface PageFigures {
  /** VELA_PAGE_CACHE of the run. */
  pageCache: 'on' | 'off';
  page: 'home' | 'product' | 'category' | 'search';
  pages: number;
  /** CPU-ms of the shop process per page, first visit of each address. */
  firstCpuMs: number;
  /** The same addresses again, right after. */
  secondCpuMs: number;
  /** How the second visits were answered (X-Page-Cache), counted. */
  secondCache: Record<string, number>;
}

const SEARCH_WORDS = ['tee', 'jacket', 'blue', 'pant', 'bag', 'shoe', 'hoodie', 'short', 'red', 'wool', 'linen', 'top'];

async function visit(origin: string, address: string): Promise<string> {
  const response = await fetch(`${origin}${address}`, {
    headers: { 'Accept-Encoding': 'gzip', Accept: 'text/html', 'User-Agent': 'Mozilla/5.0 (bench) Chrome/140' },
  });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${address} answered ${response.status}`);
  return response.headers.get('x-page-cache') ?? 'none';
}

async function cpuPerPage(pid: number, origin: string, addresses: readonly string[]) {
  const cache: Record<string, number> = {};
  const before = cpuMsOf(pid);
  for (const address of addresses) {
    const state = await visit(origin, address);
    cache[state] = (cache[state] ?? 0) + 1;
  }
  return { cpuMs: (cpuMsOf(pid) - before) / addresses.length, cache };
}

/** Every page type on a fresh demo shop on `port`; `count` addresses of each (home: `count` visits of `/`). */
export async function benchPages(
  root: string,
  port: number,
  { count = 20, pageCache = 'on' }: { count?: number; pageCache?: 'on' | 'off' } = {},
): Promise<PageFigures[]> {
  const varDir = mkdtempSync(path.join(os.tmpdir(), 'vela-bench-pages-'));
  const shop = await startShop(root, { port, varDir, env: { VELA_PAGE_CACHE: pageCache } });
  try {
    const pid = shop.shopPid();
    const addresses = await shopAddresses(shop.origin);
    // Warm the process (module code, compiled queries, the store directory) on pages not measured.
    for (const address of ['/contact', '/search?q=warmup', ...addresses.products.slice(-5)])
      await visit(shop.origin, address);
    const sets: [PageFigures['page'], string[]][] = [
      // The home page has one address: its first visit is the only fresh one, the rest are repeats.
      ['home', ['/']],
      ['product', addresses.products.slice(0, count)],
      ['category', addresses.categories.slice(0, count)],
      ['search', SEARCH_WORDS.slice(0, count).map((word) => `/search?q=${word}`)],
    ];
    const figures: PageFigures[] = [];
    for (const [page, list] of sets) {
      const first = await cpuPerPage(pid, shop.origin, list);
      const repeated = page === 'home' ? Array.from({ length: count }, () => '/') : list;
      const second = await cpuPerPage(pid, shop.origin, repeated);
      figures.push({
        pageCache,
        page,
        pages: list.length,
        firstCpuMs: first.cpuMs,
        secondCpuMs: second.cpuMs,
        secondCache: second.cache,
      });
    }
    return figures;
  } finally {
    await shop.stop();
    rmSync(varDir, { recursive: true, force: true });
  }
}

export function pagesTable(figures: readonly PageFigures[]): string {
  const rows = figures.map(
    (f) =>
      `| ${f.page} | ${f.pageCache} | ${f.pages} | ${f.firstCpuMs.toFixed(1)} | ${f.secondCpuMs.toFixed(1)} | ${Object.entries(
        f.secondCache,
      )
        .map(([state, n]) => `${state} ${n}`)
        .join(', ')} |`,
  );
  return [
    '| page | page cache | addresses | first visit CPU-ms | second visit CPU-ms | second visits answered (X-Page-Cache) |',
    '|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}

/** Both runs, the page cache on and off, as a section of bench/results/README.md. */
export async function benchPagesBothWays(root: string, port: number): Promise<PageFigures[]> {
  return [
    ...(await benchPages(root, port, { pageCache: 'on' })),
    ...(await benchPages(root, port, { pageCache: 'off' })),
  ];
}

export function pagesSection(figures: readonly PageFigures[]): string[] {
  return [
    '## Server-rendered pages (npm start, CPU of the shop process)',
    '',
    "Sequential GETs with gzip on the demo catalog, one at a time; the shop process's CPU time (/proc) over the",
    'run divided by the pages. First visit: each address once after start (the home page: once); second visit: the',
    'same addresses again (the home page: 20 times). 20 product and category pages, 12 search phrases.',
    '',
    pagesTable(figures),
    '',
    'Goals (issue 33): second visit ≤ 2 CPU-ms; a fresh render ≤ 12 (product), ≤ 15 (category, search), ≤ 10 (home).',
    '',
  ];
}

// `npx tsx bench/pages.ts [port] [on|off]`: the table alone, without the rest of `npm run bench`.
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const root = path.resolve(import.meta.dirname, '..');
  const port = Number(process.argv[2] ?? 4641);
  const pageCache = process.argv[3] === 'off' ? 'off' : 'on';
  console.log(pagesTable(await benchPages(root, port, { pageCache })));
}
