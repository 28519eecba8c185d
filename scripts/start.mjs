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

const buildDir = process.env.STOREFRONT_BUILD_DIR ?? path.join(root, 'storefront', 'build');
if (!existsSync(path.join(buildDir, 'server', 'index.js'))) {
  console.log('[vela] building the storefront (first start only; `npm run build` rebuilds)…');
  const result = spawnSync('npm', ['run', 'build', '-w', '@vela/storefront'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// The back office (/admin) is a build of its own; the server answers 503 there until it exists.
const backOfficeDir = process.env.BACKOFFICE_BUILD_DIR ?? path.join(root, 'backoffice', 'dist');
if (!process.env.MAGENTO_GRAPHQL_URL && !existsSync(path.join(backOfficeDir, 'index.html'))) {
  console.log('[vela] building the back office (first start only; `npm run build` rebuilds)…');
  const result = spawnSync('npm', ['run', 'build', '-w', '@vela/backoffice'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const compiled = spawnSync(process.execPath, [path.join(root, 'scripts', 'build-server.mjs'), '--quiet'], {
  stdio: 'inherit',
});
if (compiled.status !== 0) process.exit(compiled.status ?? 1);

process.env.NODE_ENV ??= 'production';
// The shop runs in a child process that is started again if it dies (scripts/supervise.mjs). Its
// cluster workers (WORKERS>1) fork from that child and only import the bundle built above.
supervise(path.join(root, 'server', 'dist', 'main.mjs'));
