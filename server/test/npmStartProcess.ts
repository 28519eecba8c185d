import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface NpmStartProcess {
  /** The launcher: `node <npm start's flags> scripts/start.mjs`. */
  child: ChildProcess;
  origin: string;
  varDir: string;
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  dispose(): Promise<void>;
}

// Stand-ins for the storefront and back-office builds, so `npm start` builds neither (the
// unit tests run before `npm run build`): a React Router server build whose one route answers
// "stand-in page", and a back office of one file.
const STAND_IN_STOREFRONT = `
const page = () => new Response('stand-in page', { headers: { 'content-type': 'text/plain' } });
export const entry = { module: { default: () => new Response('no documents in this build', { status: 500 }) } };
export const routes = { root: { id: 'root', path: '', module: {} }, page: { id: 'page', parentId: 'root', path: '*', module: { loader: page } } };
const route = (id, parentId, hasLoader, more) => ({ id, parentId, ...more, module: '/assets/' + id + '.js', hasAction: false, hasLoader, hasClientAction: false, hasClientLoader: false, hasClientMiddleware: false, hasErrorBoundary: false });
export const assets = { entry: { module: '/assets/entry.js', imports: [] }, routes: { root: route('root', undefined, false, { path: '' }), page: route('page', 'root', true, { path: '*' }) }, url: '/assets/manifest.js', version: 'test' };
export const publicPath = '/';
export const assetsBuildDirectory = 'build/client';
export const future = {};
export const ssr = true;
export const isSpaMode = false;
export const prerender = [];
export const routeDiscovery = { mode: 'initial', manifestPath: '/__manifest' };
export const basename = undefined;
`;

function writeStandInBuilds(varDir: string): Record<string, string> {
  const storefront = path.join(varDir, 'storefront-build');
  mkdirSync(path.join(storefront, 'server'), { recursive: true });
  mkdirSync(path.join(storefront, 'client'), { recursive: true });
  writeFileSync(path.join(storefront, 'server', 'index.js'), STAND_IN_STOREFRONT);
  const backOffice = path.join(varDir, 'backoffice-build');
  mkdirSync(backOffice, { recursive: true });
  writeFileSync(path.join(backOffice, 'index.html'), '<!doctype html><title>back office</title>');
  return { STOREFRONT_BUILD_DIR: storefront, BACKOFFICE_BUILD_DIR: backOffice };
}

/** A port free right now: a restarted shop must come back on the port it had, not on any. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** The node flags of the root package.json's "start" script. */
function npmStartFlags(): string[] {
  const manifest = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } };
  return manifest.scripts.start
    .replaceAll('${VELA_HEAP_MB:-192}', '192')
    .split(/\s+/)
    .filter((part) => part.startsWith('--'));
}

/** The processes below `pid` (Linux /proc), depth first. */
export function descendants(pid: number): number[] {
  let children: number[] = [];
  try {
    const text = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
    children = text ? text.split(/\s+/).map(Number) : [];
  } catch {
    return [];
  }
  return children.flatMap((child) => [child, ...descendants(child)]);
}

export function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
  } catch {
    return '';
  }
}

/**
 * `npm start` as a shop runs it (the flags of package.json's "start", scripts/start.mjs, which
 * builds what is missing and runs server/dist/main.mjs), on a free port and a fresh VAR_DIR.
 * `opened: false` resolves at once, for a start that is expected to fail.
 */
export async function startNpmStart(
  env: Record<string, string> = {},
  { opened = true } = {},
): Promise<NpmStartProcess> {
  const varDir = mkdtempSync(path.join(os.tmpdir(), 'vela-npm-start-'));
  const child = spawn(process.execPath, [...npmStartFlags(), path.join(ROOT, 'scripts', 'start.mjs')], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? os.tmpdir(),
      VAR_DIR: varDir,
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
      SEED_DEMO: 'true',
      ...writeStandInBuilds(varDir),
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
  const dispose = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      // The whole tree: the supervisor, the shop and its workers.
      for (const pid of [...descendants(child.pid!), child.pid!].reverse()) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // Already gone.
        }
      }
      await exited;
    }
    rmSync(varDir, { recursive: true, force: true });
  };
  if (!opened) return { child, origin: '', varDir, output: () => output, exited, dispose };
  const origin = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`npm start did not open:\n${output}`)), 110_000);
    const check = () => {
      const match = /shop open at (http:\/\/[^\s"]+)/.exec(output);
      if (!match) return;
      clearTimeout(timer);
      resolve(match[1]!);
    };
    child.stdout?.on('data', check);
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`npm start exited before it opened:\n${output}`));
    });
  }).catch(async (error: unknown) => {
    await dispose();
    throw error;
  });
  return { child, origin, varDir, output: () => output, exited, dispose };
}
