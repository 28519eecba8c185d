// Heap pressure on a real `npm start` (issue 28, defect 0): server-rendered product pages and
// searches for phrases never seen before on two connections, a product created through the back
// office every few seconds (each one a new catalog version), then a run of category and search
// pages. Samples the heap in use (/metrics) and resident memory every two seconds and, when asked,
// takes heap snapshots and lists what holds the heap. It measures; it asserts nothing.
//
//   npx tsx bench/heapPressure.ts [--seconds=480] [--port=4400] [--snapshots=60,300] [--every=3]
import { rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createBenchProduct, signInStaff } from './lib/backOfficeClient';
import { heapSnapshotFiles, summariseHeapSnapshot, totalBytes } from './lib/heapSnapshot';
import { readShopMemory, summariseMemory, type MemoryReading } from './lib/shopMemory';
import { startShop } from './lib/shopUnderTest';
import { shopAddresses, neverSeenSearchPhrase } from './lib/shopAddresses';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values: options } = parseArgs({
  options: {
    seconds: { type: 'string', default: '480' },
    port: { type: 'string', default: '4400' },
    snapshots: { type: 'string', default: '' },
    every: { type: 'string', default: '3' },
    connections: { type: 'string', default: '2' },
  },
});
const seconds = Number(options.seconds);
const port = Number(options.port);
const snapshotAt = options.snapshots ? options.snapshots.split(',').map(Number) : [];
const createEveryMs = Number(options.every) * 1000;
const connections = Number(options.connections);

const varDir = path.join(os.tmpdir(), `vela-heap-pressure-${port}`);
const snapshotDir = path.join(varDir, 'snapshots');
rmSync(varDir, { recursive: true, force: true });

interface PageTiming {
  second: number;
  kind: string;
  ms: number;
  status: number;
}

async function main() {
  const shop = await startShop(root, { port, varDir, snapshotDir: snapshotAt.length ? snapshotDir : undefined });
  console.log(`shop open (pid ${shop.shopPid()}); ${seconds} s of load, a product every ${createEveryMs / 1000} s`);
  const staff = await signInStaff(shop.origin, { sqlitePath: path.join(varDir, 'vela.db') });
  const addresses = await shopAddresses(shop.origin);
  const started = Date.now();
  const elapsed = () => (Date.now() - started) / 1000;
  const end = started + seconds * 1000;
  const readings: MemoryReading[] = [];
  const timings: PageTiming[] = [];
  const failures: string[] = [];
  let created = 0;
  let pausedForSnapshot = false;

  const sampler = (async () => {
    while (Date.now() < end) {
      try {
        if (!pausedForSnapshot) readings.push(await readShopMemory(shop.origin, shop.shopPid(), elapsed()));
      } catch (error) {
        failures.push(`metrics: ${String(error)}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
  })();
  const creator = (async () => {
    while (Date.now() < end) {
      try {
        await createBenchProduct(staff, created++);
      } catch (error) {
        failures.push(`createProduct: ${String(error)}`);
      }
      await new Promise((resolve) => setTimeout(resolve, createEveryMs));
    }
  })();
  // First half: product pages and never-seen searches; second half adds category pages.
  const shopper = async (index: number) => {
    let n = 0;
    while (Date.now() < end) {
      const second = elapsed();
      const late = second > seconds / 2;
      const pick = n++ % (late ? 3 : 2);
      const [kind, url] =
        pick === 0
          ? ['product', addresses.products[(n * 7 + index) % addresses.products.length]!]
          : pick === 1
            ? ['search', `/search?q=${encodeURIComponent(neverSeenSearchPhrase())}`]
            : ['category', addresses.categories[(n + index) % addresses.categories.length]!];
      const t0 = performance.now();
      try {
        const response = await fetch(`${shop.origin}${url}`);
        await response.arrayBuffer();
        timings.push({ second, kind, ms: performance.now() - t0, status: response.status });
        if (response.status >= 500) failures.push(`${url}: ${response.status}`);
      } catch (error) {
        failures.push(`${url}: ${String(error)}`);
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    }
  };
  const snapshots = (async () => {
    for (const at of snapshotAt) {
      const wait = started + at * 1000 - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      if (Date.now() >= end) break;
      pausedForSnapshot = true;
      const before = heapSnapshotFiles(snapshotDir).length;
      process.kill(shop.shopPid(), 'SIGUSR2');
      while (heapSnapshotFiles(snapshotDir).length === before) await new Promise((r) => setTimeout(r, 500));
      await new Promise((resolve) => setTimeout(resolve, 3000));
      pausedForSnapshot = false;
      console.log(`snapshot at ${at} s: ${heapSnapshotFiles(snapshotDir).at(-1)}`);
    }
  })();
  await Promise.all([sampler, creator, snapshots, ...Array.from({ length: connections }, (_, i) => shopper(i))]);
  const exit = shop.child.exitCode ?? shop.child.signalCode;
  await shop.stop();

  const byMinute = new Map<string, number[]>();
  for (const t of timings) {
    const key = `${t.kind} minute ${Math.floor(t.second / 60) + 1}`;
    byMinute.set(key, [...(byMinute.get(key) ?? []), t.ms]);
  }
  const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? 0;
  console.log(
    JSON.stringify(
      {
        seconds,
        productsCreated: created,
        pages: timings.length,
        pagesPerSecond: Math.round((timings.length / seconds) * 10) / 10,
        exitedDuringRun: exit,
        memory: summariseMemory(readings),
        heapUsedMibEvery30s: readings
          .filter((_, i) => i % 15 === 0)
          .map((r) => [Math.round(r.second), Math.round(r.heapUsedMib)]),
        rssMibEvery30s: readings
          .filter((_, i) => i % 15 === 0)
          .map((r) => [Math.round(r.second), Math.round(r.rssMib)]),
        medianMsByMinute: Object.fromEntries([...byMinute].map(([key, list]) => [key, Math.round(median(list))])),
        failures: failures.slice(0, 20),
        failureCount: failures.length,
      },
      null,
      2,
    ),
  );
  for (const file of snapshotAt.length ? heapSnapshotFiles(snapshotDir) : []) {
    const summary = await summariseHeapSnapshot(file);
    const top = [...summary].sort((a, b) => b[1].bytes - a[1].bytes).slice(0, 25);
    console.log(`\n${path.basename(file)}: ${(totalBytes(summary) / 2 ** 20).toFixed(1)} MiB live`);
    for (const [name, { bytes, count }] of top)
      console.log(`  ${(bytes / 2 ** 20).toFixed(2).padStart(8)} MiB ${String(count).padStart(8)}  ${name}`);
  }
  if (shop.output().includes('heap out of memory')) console.log('\nTHE SHOP RAN OUT OF HEAP');
}

await main();
