// Lighthouse (mobile preset, default simulated throttling) on the pages a shopper lands on.
// Scores on shared, busy cores are noisy, so every page runs several times and the median run
// (Lighthouse's own choice, by FCP and TTI) is reported beside the spread of scores.
import { launch, type LaunchedChrome } from 'chrome-launcher';
import lighthouse from 'lighthouse';
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

/** The budgets from the issue; the table prints them beside the figures. */
export const LIGHTHOUSE_BUDGETS = { performance: 95, lcpMs: 1500, tbtMs: 50, cls: 0.01 } as const;

export interface LighthousePage {
  name: string;
  path: string;
}

export interface LighthouseFigures {
  performance: number;
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

async function auditOnce(chrome: LaunchedChrome, url: string): Promise<Lhr> {
  const result = await lighthouse(url, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
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
      await auditOnce(chrome, url);
      const lhrs: Lhr[] = [];
      for (let i = 0; i < runs; i++) {
        const lhr = await auditOnce(chrome, url);
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

/** The Markdown section for bench/results/README.md. */
export function lighthouseTable(results: readonly LighthousePageResult[]): string[] {
  const b = LIGHTHOUSE_BUDGETS;
  const lines = [
    '## Lighthouse (mobile preset, simulated throttling)',
    '',
    `Median run of ${results[0]?.runs ?? 0} per page after one unrecorded warm-up run (scores of all runs in brackets). ✗ marks a figure over its budget. "server" is the document's observed response time, which the simulation starts from. Timings come from two cores shared with other work, so they vary from run to run.`,
    '',
    '| page | performance | LCP | TBT | CLS | FCP | server | JS transferred | total transferred | requests |',
    '|---|---|---|---|---|---|---|---|---|---|',
    `| *budget* | *≥ ${b.performance} (aim 100)* | *≤ ${b.lcpMs} ms* | *≤ ${b.tbtMs} ms* | *≤ ${b.cls}* | | | *≤ 100 KB (gzip, first load)* | | |`,
  ];
  for (const r of results) {
    lines.push(
      `| ${r.name} (\`${new URL(r.url).pathname}${new URL(r.url).search}\`) | ${r.performance}${mark(r.performance >= b.performance)} [${r.performanceScores.join(', ')}] | ${r.lcpMs.toFixed(0)} ms${mark(r.lcpMs <= b.lcpMs)} | ${r.tbtMs.toFixed(0)} ms${mark(r.tbtMs <= b.tbtMs)} | ${r.cls.toFixed(3)}${mark(r.cls <= b.cls)} | ${r.fcpMs.toFixed(0)} ms | ${r.serverResponseMs.toFixed(0)} ms | ${kb(r.scriptTransferBytes)} | ${kb(r.totalTransferBytes)} | ${r.requests} |`,
    );
  }
  return lines;
}
