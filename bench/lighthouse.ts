// Lighthouse (mobile preset, default simulated throttling) on the pages a shopper lands on.
// Scores on shared, busy cores are noisy, so every page runs several times and the median run
// (Lighthouse's own choice, by FCP and TTI) is reported beside the spread of scores.
import { launch, type LaunchedChrome } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';

export const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The budgets from issue 8; the table prints them beside the figures. */
export const LIGHTHOUSE_BUDGETS = {
  performance: 98,
  fcpMs: 1000,
  lcpMs: 1500,
  speedIndexMs: 1500,
  tbtMs: 50,
  cls: 0.01,
  accessibility: 100,
  seo: 100,
  bestPractices: 100,
} as const;

export interface LighthousePage {
  name: string;
  path: string;
  /**
   * localStorage entries the page needs before each run (the cart page: a cart id). Lighthouse's
   * own storage reset would remove them, so such a run clears the origin's storage and HTTP cache
   * itself, writes these back, and runs with the reset off: still a first visit otherwise.
   */
  localStorage?: Record<string, string>;
  /** Cookies set with the localStorage entries (the cart page: the cart cookie the server reads). */
  cookies?: Record<string, string>;
}

export interface LighthouseFigures {
  performance: number;
  accessibility: number;
  seo: number;
  bestPractices: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  /** What the simulation starts from: the document's observed response time on this machine. */
  serverResponseMs: number;
  scriptTransferBytes: number;
  totalTransferBytes: number;
  requests: number;
}

export interface LighthousePageResult extends LighthouseFigures {
  name: string;
  url: string;
  runs: number;
  performanceScores: number[];
  lcpElement: string | null;
}

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

function numeric(lhr: Lhr, audit: string): number {
  return lhr.audits[audit]?.numericValue ?? Number.NaN;
}

function resourceTransfer(lhr: Lhr, resourceType: string): { transferSize: number; requestCount: number } {
  const details = lhr.audits['resource-summary']?.details as
    { items?: { resourceType: string; transferSize: number; requestCount: number }[] } | undefined;
  const item = details?.items?.find((i) => i.resourceType === resourceType);
  return { transferSize: item?.transferSize ?? 0, requestCount: item?.requestCount ?? 0 };
}

function lcpElement(lhr: Lhr): string | null {
  const details = lhr.audits['largest-contentful-paint-element']?.details as
    { items?: { items?: { node?: { snippet?: string } }[] }[] } | undefined;
  return details?.items?.[0]?.items?.[0]?.node?.snippet ?? null;
}

export function figures(lhr: Lhr): LighthouseFigures {
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    seo: Math.round((lhr.categories.seo?.score ?? 0) * 100),
    bestPractices: Math.round((lhr.categories['best-practices']?.score ?? 0) * 100),
    fcpMs: numeric(lhr, 'first-contentful-paint'),
    lcpMs: numeric(lhr, 'largest-contentful-paint'),
    tbtMs: numeric(lhr, 'total-blocking-time'),
    cls: numeric(lhr, 'cumulative-layout-shift'),
    speedIndexMs: numeric(lhr, 'speed-index'),
    serverResponseMs: numeric(lhr, 'server-response-time'),
    scriptTransferBytes: resourceTransfer(lhr, 'script').transferSize,
    totalTransferBytes: resourceTransfer(lhr, 'total').transferSize,
    requests: resourceTransfer(lhr, 'total').requestCount,
  };
}

/** A cold origin (no cache, no storage) holding only `entries` in its localStorage and `cookies`. */
async function prepareStorage(
  chrome: LaunchedChrome,
  url: string,
  entries: Record<string, string>,
  cookies: Record<string, string>,
): Promise<void> {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  try {
    const page = await browser.newPage();
    const origin = new URL(url).origin;
    const session = await page.createCDPSession();
    await session.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
    await session.send('Network.clearBrowserCache');
    // A tiny same-origin response to write storage from, so the page under test is not loaded here.
    await page.goto(new URL('/robots.txt', origin).href);
    await page.evaluate(
      (values: Record<string, string>, cookieValues: Record<string, string>) => {
        for (const [key, value] of Object.entries(values)) window.localStorage.setItem(key, value);
        for (const [name, value] of Object.entries(cookieValues)) document.cookie = `${name}=${value}; Path=/`;
      },
      entries,
      cookies,
    );
    await session.send('Network.clearBrowserCache');
    await page.close();
  } finally {
    await browser.disconnect();
  }
}

async function auditOnce(chrome: LaunchedChrome, url: string, page: LighthousePage): Promise<Lhr> {
  if (page.localStorage) await prepareStorage(chrome, url, page.localStorage, page.cookies ?? {});
  const result = await lighthouse(url, {
    port: chrome.port,
    disableStorageReset: page.localStorage !== undefined,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'seo', 'best-practices'],
    maxWaitForLoad: 15_000,
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError)
    throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  return lhr;
}

/** Runs every page `runs` times in one Chromium; Lighthouse resets storage and cache per run. */
export async function runLighthouse(
  base: string,
  pages: readonly LighthousePage[],
  runs: number,
): Promise<LighthousePageResult[]> {
  const chrome = await launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
    logLevel: 'silent',
  });
  try {
    const results: LighthousePageResult[] = [];
    for (const page of pages) {
      const url = new URL(page.path, base).href;
      // An unrecorded run first: it warms what a shop in service has warm (the media endpoint's
      // resized variants, which a fresh shop encodes on first request, and the server's caches).
      await auditOnce(chrome, url, page);
      const lhrs: Lhr[] = [];
      for (let i = 0; i < runs; i++) {
        const lhr = await auditOnce(chrome, url, page);
        lhrs.push(lhr);
        const f = figures(lhr);
        console.log(
          `lighthouse ${page.name} run ${i + 1}/${runs}: ${f.performance}, LCP ${f.lcpMs.toFixed(0)} ms, TBT ${f.tbtMs.toFixed(0)} ms, CLS ${f.cls.toFixed(3)}, server ${f.serverResponseMs.toFixed(0)} ms`,
        );
      }
      const median = computeMedianRun(lhrs);
      results.push({
        name: page.name,
        url,
        runs,
        ...figures(median),
        performanceScores: lhrs.map((l) => figures(l).performance),
        lcpElement: lcpElement(median),
      });
    }
    return results;
  } finally {
    chrome.kill();
  }
}

function kb(bytes: number) {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

function mark(ok: boolean) {
  return ok ? '' : ' ✗';
}

function ms(value: number) {
  return `${value.toFixed(0)} ms`;
}

/** "820 ms (was 2391)": this run's figure, and the previous run's where there was one. */
function withPrevious(now: string, before: string | undefined): string {
  return before === undefined || before === now ? now : `${now} (was ${before})`;
}

/** The Markdown section for bench/results/README.md, each figure beside the previous run's. */
export function lighthouseTable(
  results: readonly LighthousePageResult[],
  previous: readonly LighthousePageResult[] = [],
): string[] {
  const b = LIGHTHOUSE_BUDGETS;
  const lines = [
    '## Lighthouse (mobile preset, simulated throttling)',
    '',
    `Median run of ${results[0]?.runs ?? 0} per page after one unrecorded warm-up run (performance scores of all runs in brackets); "(was …)" is the previous run's figure. ✗ marks a figure over its budget. "server" is the document's observed response time, which the simulation starts from. Timings come from two cores shared with other work, so they vary from run to run.`,
    '',
    '| page | performance | FCP | LCP | Speed Index | TBT | CLS | a11y / SEO / best practices | server | JS transferred | requests |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
    `| *budget* | *≥ ${b.performance}* | *≤ ${b.fcpMs} ms* | *≤ ${b.lcpMs} ms* | *≤ ${b.speedIndexMs} ms* | *≤ ${b.tbtMs} ms* | *≤ ${b.cls}* | *100 / 100 / 100* | | | |`,
  ];
  for (const r of results) {
    const p = previous.find((candidate) => candidate.name === r.name);
    const scores = `${r.accessibility}${mark(r.accessibility >= b.accessibility)} / ${r.seo}${mark(r.seo >= b.seo)} / ${r.bestPractices}${mark(r.bestPractices >= b.bestPractices)}`;
    const previousScores =
      p?.accessibility === undefined ? undefined : `${p.accessibility} / ${p.seo} / ${p.bestPractices}`;
    lines.push(
      [
        `| ${r.name} (\`${new URL(r.url).pathname}${new URL(r.url).search}\`)`,
        `${withPrevious(String(r.performance), p && String(p.performance))}${mark(r.performance >= b.performance)} [${r.performanceScores.join(', ')}]`,
        `${withPrevious(ms(r.fcpMs), p && ms(p.fcpMs))}${mark(r.fcpMs <= b.fcpMs)}`,
        `${withPrevious(ms(r.lcpMs), p && ms(p.lcpMs))}${mark(r.lcpMs <= b.lcpMs)}`,
        `${withPrevious(ms(r.speedIndexMs), p?.speedIndexMs === undefined ? undefined : ms(p.speedIndexMs))}${mark(r.speedIndexMs <= b.speedIndexMs)}`,
        `${withPrevious(ms(r.tbtMs), p && ms(p.tbtMs))}${mark(r.tbtMs <= b.tbtMs)}`,
        `${withPrevious(r.cls.toFixed(3), p && p.cls.toFixed(3))}${mark(r.cls <= b.cls)}`,
        withPrevious(scores, previousScores),
        ms(r.serverResponseMs),
        withPrevious(kb(r.scriptTransferBytes), p && kb(p.scriptTransferBytes)),
        `${r.requests} |`,
      ].join(' | '),
    );
  }
  return lines;
}
