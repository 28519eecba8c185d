// `npm start`: builds what is missing, compiles the server (a fraction of a second, so it is never
// out of date), then runs the server from plain JavaScript under a supervisor that starts it
// again when it dies. It installs nothing.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { supervise } from './supervise.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);

if (!existsSync(path.join(root, 'node_modules', 'esbuild'))) {
  console.error('[vela] dependencies are missing: run `npm install` first.');
  process.exit(1);
}

/**
 * A first-start build, quietly: its ~190 lines of bundler output (and the warnings React Router's
 * internal Vite servers print) would bury the start message. They are shown only if it fails.
 */
function buildQuietly(what, workspace) {
  console.log(`[vela] building the ${what} (first start only; \`npm run build\` rebuilds)…`);
  const started = Date.now();
  const result = spawnSync('npm', ['run', 'build', '-w', workspace], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) {
    process.stdout.write(result.stdout ?? '');
    process.stderr.write(result.stderr ?? '');
    console.error(`[vela] building the ${what} failed (output above)`);
    process.exit(result.status ?? 1);
  }
  console.log(`[vela] built the ${what} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

const buildDir = process.env.STOREFRONT_BUILD_DIR ?? path.join(root, 'storefront', 'build');
if (!existsSync(path.join(buildDir, 'server', 'index.js'))) buildQuietly('storefront', '@vela/storefront');

// The back office (/admin) is a build of its own; the server answers 503 there until it exists.
const backOfficeDir = process.env.BACKOFFICE_BUILD_DIR ?? path.join(root, 'backoffice', 'dist');
if (!process.env.MAGENTO_GRAPHQL_URL && !existsSync(path.join(backOfficeDir, 'index.html')))
  buildQuietly('back office', '@vela/backoffice');

const compiled = spawnSync(process.execPath, [path.join(root, 'scripts', 'build-server.mjs'), '--quiet'], {
  stdio: 'inherit',
});
if (compiled.status !== 0) process.exit(compiled.status ?? 1);

process.env.NODE_ENV ??= 'production';
// The shop runs in a child process that is started again if it dies (scripts/supervise.mjs). Its
// cluster workers (WORKERS>1) fork from that child and only import the bundle built above.
supervise(path.join(root, 'server', 'dist', 'main.mjs'));
