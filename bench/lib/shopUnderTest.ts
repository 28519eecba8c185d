import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The token the memory benches scrape /metrics with. */
export const MEMORY_BENCH_METRICS_TOKEN = 'memory-bench-metrics-token';

export interface ShopUnderTest {
  /** The launcher (scripts/start.mjs, the supervisor). */
  child: ChildProcess;
  /** The shop process the supervisor runs now (server/dist/main.mjs); it changes after a restart. */
  shopPid(): number;
  origin: string;
  output(): string;
  /** Resolves when the launcher exits (a supervised shop only exits when told to, or gives up). */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stop(): Promise<void>;
}

/**
 * The flags `npm start` runs node with (root package.json "start"), so the benches measure the
 * heap a shop really gets: `--max-old-space-size=${VELA_HEAP_MB:-192} --max-semi-space-size=4`.
 */
export function npmStartNodeFlags(root: string, heapMb = process.env.VELA_HEAP_MB ?? '192'): string[] {
  const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: { start: string } };
  const command = manifest.scripts.start.replaceAll('${VELA_HEAP_MB:-192}', heapMb);
  return command.split(/\s+/).filter((part) => part.startsWith('--'));
}

/**
 * `npm start` (scripts/start.mjs with its node flags) on `port` with its own VAR_DIR, resolved
 * once the start message is printed. `snapshotDir` adds --heapsnapshot-signal=SIGUSR2 so a
 * snapshot can be asked for.
 */
export async function startShop(
  root: string,
  options: { port: number; varDir: string; env?: Record<string, string>; snapshotDir?: string },
): Promise<ShopUnderTest> {
  mkdirSync(options.varDir, { recursive: true });
  const flags = npmStartNodeFlags(root);
  if (options.snapshotDir) {
    mkdirSync(options.snapshotDir, { recursive: true });
    flags.push('--heapsnapshot-signal=SIGUSR2', `--diagnostic-dir=${options.snapshotDir}`);
  }
  const child = spawn(process.execPath, [...flags, path.join(root, 'scripts', 'start.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(options.port),
      HOST: '127.0.0.1',
      VAR_DIR: options.varDir,
      METRICS_TOKEN: MEMORY_BENCH_METRICS_TOKEN,
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    // Only the tail matters for a report; a long soak must not grow the bench's own heap.
    if (output.length > 200_000) output = output.slice(-100_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the shop did not open within 5 minutes:\n${output}`));
    }, 300_000);
    const check = () => {
      if (!output.includes('shop open at')) return;
      clearTimeout(timer);
      child.stdout?.off('data', check);
      resolve();
    };
    child.stdout?.on('data', check);
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`the shop exited before it opened:\n${output}`));
    });
  });
  return {
    child,
    shopPid: () => {
      const [pid] = childPids(child.pid!);
      if (pid === undefined) throw new Error('the supervisor runs no shop process');
      return pid;
    },
    origin: `http://127.0.0.1:${options.port}`,
    output: () => output,
    exited,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** The direct children of `pid` (Linux /proc). */
export function childPids(pid: number): number[] {
  try {
    const text = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
    return text ? text.split(/\s+/).map(Number) : [];
  } catch {
    return [];
  }
}
