import { readFileSync } from 'node:fs';
import { MEMORY_BENCH_METRICS_TOKEN } from './shopUnderTest';

/** One reading of a shop's memory, MiB, `second`s after the load started. */
export interface MemoryReading {
  second: number;
  /** JavaScript heap in use (nodejs_heap_size_used_bytes, all workers). */
  heapUsedMib: number;
  /** V8's heap limit (vela_heap_limit_bytes), when the shop exports it. */
  heapLimitMib?: number;
  /** Resident memory of the launcher and every process below it. */
  rssMib: number;
}

const MIB = 1024 * 1024;

/** Resident bytes of `pid` and its descendants (Linux /proc). */
export function processTreeRss(pid: number): number {
  let bytes = 0;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    bytes += Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
    for (const child of children ? children.split(/\s+/) : []) bytes += processTreeRss(Number(child));
  } catch {
    // The process ended between reads.
  }
  return bytes;
}

/** The sum of every sample of `name` in a Prometheus text exposition (no labels filtered). */
export function metricSum(text: string, name: string): number | undefined {
  let sum: number | undefined;
  for (const line of text.split('\n')) {
    if (!line.startsWith(name)) continue;
    const rest = line.slice(name.length);
    if (rest[0] !== ' ' && rest[0] !== '{') continue;
    sum = (sum ?? 0) + Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return sum;
}

export async function readShopMemory(origin: string, pid: number, second: number): Promise<MemoryReading> {
  const response = await fetch(`${origin}/metrics`, {
    headers: { authorization: `Bearer ${MEMORY_BENCH_METRICS_TOKEN}` },
  });
  const text = await response.text();
  const heapUsed = metricSum(text, 'nodejs_heap_size_used_bytes');
  if (heapUsed === undefined) throw new Error(`/metrics answered ${response.status} without the heap in use`);
  const limit = metricSum(text, 'vela_heap_limit_bytes');
  return {
    second,
    heapUsedMib: heapUsed / MIB,
    ...(limit !== undefined ? { heapLimitMib: limit / MIB } : {}),
    rssMib: processTreeRss(pid) / MIB,
  };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export interface MemorySummary {
  samples: number;
  heapUsedP50Mib: number;
  heapUsedP95Mib: number;
  heapUsedMaxMib: number;
  rssP50Mib: number;
  rssMaxMib: number;
}

export function summariseMemory(readings: readonly MemoryReading[]): MemorySummary {
  const heap = readings.map((r) => r.heapUsedMib).sort((a, b) => a - b);
  const rss = readings.map((r) => r.rssMib).sort((a, b) => a - b);
  const round = (mib: number) => Math.round(mib * 10) / 10;
  return {
    samples: readings.length,
    heapUsedP50Mib: round(percentile(heap, 50)),
    heapUsedP95Mib: round(percentile(heap, 95)),
    heapUsedMaxMib: round(heap.at(-1) ?? 0),
    rssP50Mib: round(percentile(rss, 50)),
    rssMaxMib: round(rss.at(-1) ?? 0),
  };
}
