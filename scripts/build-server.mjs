// Compiles the server and the commerce API into one ES module, server/dist/main.mjs, so production
// runs plain JavaScript instead of compiling TypeScript at every start (tsx). Packages from
// node_modules stay outside the bundle (native modules such as better-sqlite3 and sharp cannot be
// bundled); our own workspaces are compiled in. About a quarter of a second, so `npm start` runs it
// every time and never starts an out-of-date bundle.
import { cpSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, 'server', 'dist');

// Every bare import (a package, or node:*) stays an import, except our own workspaces.
const packagesStayExternal = {
  name: 'packages-stay-external',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@vela/') ? undefined : { path: args.path, external: true },
    );
  },
};

// Built beside server/dist and swapped in with a rename, so a server starting from server/dist
// at the same moment (another `npm start`, a test) never sees a half-written or missing bundle.
const staging = `${outDir}.building-${process.pid}`;
const retired = `${outDir}.retired-${process.pid}`;

const started = Date.now();
rmSync(staging, { recursive: true, force: true });
await build({
  entryPoints: [path.join(root, 'server', 'src', 'main.ts')],
  outfile: path.join(staging, 'main.mjs'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  plugins: [packagesStayExternal],
  logLevel: 'warning',
});
// The API reads its SDL files next to the module at start-up (commerce.ts, SCHEMA_DIR).
cpSync(path.join(root, 'commerce', 'src', 'schema'), path.join(staging, 'schema'), {
  recursive: true,
  filter: (source) => !source.endsWith('.ts'),
});
// And the back office's SDL (backOfficeSchemaFiles.ts).
cpSync(path.join(root, 'commerce', 'src', 'backOffice', 'schema'), path.join(staging, 'backOffice', 'schema'), {
  recursive: true,
});
try {
  renameSync(outDir, retired);
} catch (error) {
  if (error.code !== 'ENOENT') throw error;
}
try {
  renameSync(staging, outDir);
} catch (error) {
  // Another build swapped its bundle in between our two renames: the same sources, so keep it.
  if (error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST') throw error;
  rmSync(staging, { recursive: true, force: true });
}
rmSync(retired, { recursive: true, force: true });
if (!process.argv.includes('--quiet')) console.log(`[build] server/dist/main.mjs in ${Date.now() - started} ms`);
