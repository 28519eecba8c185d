// `npm start`: builds what is missing, then runs the one server process. It installs nothing.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);

if (!existsSync(path.join(root, 'node_modules', 'tsx'))) {
  console.error('[vela] dependencies are missing: run `npm install` first.');
  process.exit(1);
}

const buildDir = process.env.STOREFRONT_BUILD_DIR ?? path.join(root, 'storefront', 'build');
if (!existsSync(path.join(buildDir, 'server', 'index.js'))) {
  console.log('[vela] building the storefront (first start only; `npm run build` rebuilds)…');
  const result = spawnSync('npm', ['run', 'build', '-w', '@vela/storefront'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

process.env.NODE_ENV ??= 'production';
const { register } = await import('tsx/esm/api');
register();
await import('../server/src/main.ts');
