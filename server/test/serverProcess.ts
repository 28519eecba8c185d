import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface ServerProcess {
  child: ChildProcess;
  /** http://host:port of the listener, from the start message. */
  origin: string;
  varDir: string;
  /** Everything the process printed so far. */
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Kills the process if still running and removes its VAR_DIR. */
  dispose(): Promise<void>;
}

/** The real server (server/src/main.ts) in its own process, on a free port and a fresh VAR_DIR. */
export async function startServerProcess(env: Record<string, string> = {}): Promise<ServerProcess> {
  const varDir = mkdtempSync(path.join(os.tmpdir(), 'vela-process-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? os.tmpdir(),
      VAR_DIR: varDir,
      PORT: '0',
      HOST: '127.0.0.1',
      SEED_DEMO: 'true',
      NODE_ENV: 'production',
      // No build needed: the API serves, pages answer 503.
      STOREFRONT_BUILD_DIR: path.join(varDir, 'no-storefront-build'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );

  const origin = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 50_000);
    const check = () => {
      const match = /shop open at (http:\/\/[^\s"]+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout?.on('data', check);
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`server exited before it opened:\n${output}`));
    });
  });

  return {
    child,
    origin,
    varDir,
    output: () => output,
    exited,
    dispose: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await exited;
      }
      rmSync(varDir, { recursive: true, force: true });
    },
  };
}
