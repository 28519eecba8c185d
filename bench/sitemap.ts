// `npm run bench -- sitemap`: /sitemap.xml on a 100,000-product catalog (BENCH_SITEMAP_PRODUCTS),
// streamed to a client that reads as fast as it can. Reports time and bytes per file and the
// process's resident memory before and at its peak while the files stream.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createCommerce } from '@vela/commerce';
import { createApp } from '../server/src/createApp';
import { run } from './lib/processes';

export interface SitemapFigures {
  products: number;
  files: { path: string; urls: number; bytes: number; firstByteMs: number; totalMs: number }[];
  rssBeforeMiB: number;
  rssPeakMiB: number;
  /** The same without mapped files (the database). */
  rssAnonBeforeMiB: number;
  rssAnonPeakMiB: number;
  heapUsedBeforeMiB: number;
  heapUsedPeakMiB: number;
}

const MiB = 1024 * 1024;

/** Resident memory that is not a mapped file: SQLite maps the database, and those pages are the kernel's to drop. */
function rssAnonBytes(): number {
  const kb = /RssAnon:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1];
  return Number(kb ?? NaN) * 1024;
}

export async function benchSitemap(root: string, products: number): Promise<SitemapFigures> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'vela-bench-sitemap-'));
  try {
    // BENCH_SITEMAP_DB: a catalog generated before (cli.ts generate), to skip a minute of seeding.
    const sqlitePath = process.env.BENCH_SITEMAP_DB ?? path.join(dir, 'catalog.db');
    if (!process.env.BENCH_SITEMAP_DB)
      await run(
        process.execPath,
        ['--import', 'tsx', 'commerce/src/cli.ts', 'generate', '--products', String(products), '--sqlite', sqlitePath],
        root,
      );
    const commerce = await createCommerce({ sqlitePath, mailWorker: false, log: () => {} });
    const app = createApp({
      graphql: (request) => commerce.fetch(request),
      ssrTransport: () => ({ uri: 'http://localhost/graphql', fetch }),
      storefront: async () => new Response('', { status: 404 }),
      storefrontBuildDir: dir,
      publicUrl: 'https://shop.example',
      sitemap: commerce.sitemap,
    });
    try {
      global.gc?.();
      const before = process.memoryUsage();
      let rssPeak = before.rss;
      let heapPeak = before.heapUsed;
      const anonBefore = rssAnonBytes();
      let anonPeak = anonBefore;
      // Sampled at every chunk: on SQLite the queries are synchronous, so the stream can run to
      // its end in microtasks without a timer ever firing.
      const sample = () => {
        const now = process.memoryUsage();
        rssPeak = Math.max(rssPeak, now.rss);
        heapPeak = Math.max(heapPeak, now.heapUsed);
        anonPeak = Math.max(anonPeak, rssAnonBytes());
      };
      const index = await (await app.request('/sitemap.xml')).text();
      const files: SitemapFigures['files'] = [];
      for (const loc of index.matchAll(/<loc>https:\/\/shop\.example(\/[^<]+)<\/loc>/g)) {
        const started = performance.now();
        const response = await app.request(loc[1]!);
        const reader = response.body!.getReader();
        let firstByteMs = 0;
        let bytes = 0;
        let urls = 0;
        const decoder = new TextDecoder();
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          if (bytes === 0) firstByteMs = performance.now() - started;
          bytes += value.byteLength;
          sample();
          urls += decoder.decode(value, { stream: true }).split('<url>').length - 1;
        }
        files.push({ path: loc[1]!, urls, bytes, firstByteMs, totalMs: performance.now() - started });
      }
      return {
        products,
        files,
        rssBeforeMiB: before.rss / MiB,
        rssPeakMiB: rssPeak / MiB,
        rssAnonBeforeMiB: anonBefore / MiB,
        rssAnonPeakMiB: anonPeak / MiB,
        heapUsedBeforeMiB: before.heapUsed / MiB,
        heapUsedPeakMiB: heapPeak / MiB,
      };
    } finally {
      await commerce.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function sitemapTable(figures: SitemapFigures): string {
  const rows = figures.files.map(
    (file) =>
      `| ${file.path} | ${file.urls} | ${(file.bytes / 1024).toFixed(0)} KiB | ${file.firstByteMs.toFixed(0)} ms | ${file.totalMs.toFixed(0)} ms |`,
  );
  return [
    `Sitemap of ${figures.products.toLocaleString('en-US')} products, streamed (in-process; one client reading as fast as it can):`,
    '',
    '| file | URLs | size | first byte | whole file |',
    '|---|---|---|---|---|',
    ...rows,
    '',
    `Resident memory ${figures.rssBeforeMiB.toFixed(0)} MiB before, peak ${figures.rssPeakMiB.toFixed(0)} MiB while streaming; without mapped files (the database SQLite maps) ${figures.rssAnonBeforeMiB.toFixed(0)} → peak ${figures.rssAnonPeakMiB.toFixed(0)} MiB; JS heap in use ${figures.heapUsedBeforeMiB.toFixed(0)} → peak ${figures.heapUsedPeakMiB.toFixed(0)} MiB.`,
    'Budget: no spike from the sitemap itself: memory other than mapped database pages within 50 MiB of before.',
  ].join('\n');
}
