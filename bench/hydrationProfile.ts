// Where a page's main-thread time goes while it loads and hydrates, at Lighthouse's 4x CPU
// slowdown: every task over 50 ms, with the functions that took its time (self and total, in
// milliseconds of that task). Lighthouse counts the part of each such task over 50 ms as
// blocking time, so these are the tasks to cut. Prints; asserts nothing.
//
//   npx tsx bench/hydrationProfile.ts http://localhost:3000/kestrel-crew-tee.html
//   npx tsx bench/hydrationProfile.ts http://localhost:3000/cart --cart <masked cart id>
//
// Function names are readable with `build: { minify: false }` in storefront/vite.config.ts for a
// profiling build (React 19 ships unminified; the shop's and Apollo's code then keep their names).
import puppeteer from 'puppeteer-core';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}
interface TraceEvent {
  name: string;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string };
}

const [url, flag, cartId] = process.argv.slice(2);
if (!url || (flag !== undefined && (flag !== '--cart' || !cartId))) {
  console.error('usage: tsx bench/hydrationProfile.ts URL [--cart MASKED_CART_ID]');
  process.exit(2);
}

const browser = await puppeteer.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox'] });
let profile: Profile;
let events: TraceEvent[];
try {
  const page = await browser.newPage();
  await page.setViewport({ width: 412, height: 823, isMobile: true, deviceScaleFactor: 1.75 });
  if (cartId) {
    // A returning shopper's browser: the cart id in localStorage and in the cart cookie.
    await page.goto(new URL('/robots.txt', url).href);
    await page.evaluate((id) => {
      window.localStorage.setItem('vela.cartId', id);
      document.cookie = `vela_cart=${id}; Path=/`;
    }, cartId);
  }
  const cdp = await page.createCDPSession();
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await page.tracing.start({ categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
  await cdp.send('Profiler.start');
  await page.goto(url, { waitUntil: 'load' });
  // Hydration starts after the first frame and runs in many tasks; give it time to finish.
  await new Promise((resolve) => setTimeout(resolve, 6000));
  profile = (await cdp.send('Profiler.stop')).profile as Profile;
  const trace = await page.tracing.stop();
  events = (JSON.parse(Buffer.from(trace ?? new Uint8Array()).toString('utf8')) as { traceEvents: TraceEvent[] })
    .traceEvents;
} finally {
  await browser.close();
}

// The page's renderer main thread is the busiest of the CrRendererMain threads in the trace.
const busy = (tid: number) =>
  events.filter((e) => e.tid === tid && e.name === 'RunTask').reduce((sum, e) => sum + (e.dur ?? 0), 0);
const mainThreads = events
  .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
  .map((e) => e.tid);
const mainThread = mainThreads.sort((a, b) => busy(b) - busy(a))[0];
const tasks = events.filter((e) => e.tid === mainThread && e.name === 'RunTask' && (e.dur ?? 0) > 50_000);
const navigationStart = events.find((e) => e.name === 'navigationStart')?.ts ?? tasks[0]?.ts ?? 0;

const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const parents = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
const sampleTimes: number[] = [];
let time = profile.startTime;
for (const delta of profile.timeDeltas) sampleTimes.push((time += delta));
const label = (node: ProfileNode) =>
  `${node.callFrame.functionName || '(anonymous)'} ${node.callFrame.url.split('/').pop() ?? ''}:${node.callFrame.lineNumber}`;

for (const task of tasks) {
  const end = task.ts + (task.dur ?? 0);
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  let samples = 0;
  profile.samples.forEach((id, index) => {
    const at = sampleTimes[index]!;
    if (at < task.ts || at > end) return;
    samples++;
    const leaf = nodes.get(id)!;
    self.set(label(leaf), (self.get(label(leaf)) ?? 0) + 1);
    // Each function once per sample, however often it recurses.
    const seen = new Set<string>();
    for (let current: number | undefined = id; current !== undefined; current = parents.get(current)) {
      const name = label(nodes.get(current)!);
      if (seen.has(name)) continue;
      seen.add(name);
      total.set(name, (total.get(name) ?? 0) + 1);
    }
  });
  const ms = (count: number) => (((count / Math.max(samples, 1)) * (task.dur ?? 0)) / 1000).toFixed(0);
  const top = (counts: Map<string, number>, n: number) =>
    [...counts]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([name, count]) => `${name} ${ms(count)}`)
      .join(' | ');
  console.log(
    `\ntask at ${((task.ts - navigationStart) / 1000).toFixed(0)} ms: ${((task.dur ?? 0) / 1000).toFixed(0)} ms (${samples} samples)`,
  );
  console.log(`  self:  ${top(self, 8)}`);
  console.log(`  total: ${top(total, 25)}`);
}
