import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface StartupRun {
  /** From spawn to the "shop open" line, on a database that is already migrated and seeded. */
  startMs: number;
  /** Resident memory once open, and after `requests` catalog and page requests. */
  rssOpenMiB: number;
  rssAfterMiB: number;
}

export interface StartupFigures {
  mode: string;
  runs: StartupRun[];
  requests: number;
}

function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  return kb / 1024;
}

async function startOnce(root: string, args: string[], varDir: string, requests: number): Promise<StartupRun> {
  const started = process.hrtime.bigint();
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, VAR_DIR: varDir, PORT: '0', HOST: '127.0.0.1', NODE_ENV: 'production', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const origin = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start within 120 s:\n${output}`)), 120_000);
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /shop open at (http:\/\/[^\s"]+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`exited with ${code}:\n${output}`)));
  });
  const startMs = Number(process.hrtime.bigint() - started) / 1e6;
  const rssOpenMiB = rssMiB(child.pid!);
  const query = encodeURIComponent('{ products(search: "tee", pageSize: 12) { items { sku name } } }');
  for (let i = 0; i < requests; i++) {
    // Half API reads, half server-rendered pages: what a first visitor costs.
    const response = await fetch(i % 2 ? `${origin}/graphql?query=${query}` : `${origin}/`);
    await response.arrayBuffer();
  }
  const rssAfterMiB = rssMiB(child.pid!);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
  return { startMs, rssOpenMiB, rssAfterMiB };
}

/**
 * Start time and memory of the server run through tsx (as before) and from the compiled bundle
 * (`npm run build`). Each start uses a database seeded by a first, unmeasured start.
 */
export async function benchStartup(root: string, runs = 3, requests = 200): Promise<StartupFigures[]> {
  const varDir = mkdtempSync(path.join(os.tmpdir(), 'vela-bench-startup-'));
  try {
    const modes: [StartupFigures['mode'], string[]][] = [
      ['tsx (TypeScript compiled at start)', ['--import', 'tsx', 'server/src/main.ts']],
      ['compiled (server/dist/main.mjs)', ['server/dist/main.mjs']],
      // What `npm start` runs (package.json): V8's heap bounded, young generation 4 MiB per half.
      [
        "compiled, with npm start's memory flags",
        ['--max-old-space-size=192', '--max-semi-space-size=4', 'server/dist/main.mjs'],
      ],
    ];
    await startOnce(root, modes[1]![1], varDir, 0);
    const figures: StartupFigures[] = [];
    for (const [mode, args] of modes) {
      const measured: StartupRun[] = [];
      for (let run = 0; run < runs; run++) measured.push(await startOnce(root, args, varDir, requests));
      figures.push({ mode, runs: measured, requests });
    }
    return figures;
  } finally {
    rmSync(varDir, { recursive: true, force: true });
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

export function startupTable(figures: StartupFigures[]): string[] {
  const lines = [
    '## Server start-up: tsx against the compiled bundle',
    '',
    `Median of ${figures[0]?.runs.length ?? 0} starts on an already seeded SQLite file (spawn → "shop open"), RSS once open and after ${figures[0]?.requests ?? 0} requests (half pages, half API reads).`,
    '',
    '| mode | start | RSS open | RSS after requests |',
    '|---|---|---|---|',
  ];
  for (const figure of figures) {
    lines.push(
      `| ${figure.mode} | ${median(figure.runs.map((r) => r.startMs)).toFixed(0)} ms | ${median(figure.runs.map((r) => r.rssOpenMiB)).toFixed(0)} MiB | ${median(figure.runs.map((r) => r.rssAfterMiB)).toFixed(0)} MiB |`,
    );
  }
  lines.push('');
  return lines;
}
