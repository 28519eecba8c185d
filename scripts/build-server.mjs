// Compiles the server and the commerce API into one ES module, server/dist/main.mjs, so production
// runs plain JavaScript instead of compiling TypeScript at every start (tsx). Packages from
// node_modules stay outside the bundle (native modules such as better-sqlite3 and sharp cannot be
// bundled); our own workspaces are compiled in. About a quarter of a second, so `npm start` runs it
// every time and never starts an out-of-date bundle.
import { cpSync, rmSync } from 'node:fs';
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

const started = Date.now();
rmSync(outDir, { recursive: true, force: true });
await build({
  entryPoints: [path.join(root, 'server', 'src', 'main.ts')],
  outfile: path.join(outDir, 'main.mjs'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  plugins: [packagesStayExternal],
  logLevel: 'warning',
});
// The API reads its SDL files next to the module at start-up (commerce.ts, SCHEMA_DIR).
cpSync(path.join(root, 'commerce', 'src', 'schema'), path.join(outDir, 'schema'), {
  recursive: true,
  filter: (source) => !source.endsWith('.ts'),
});
// And the back office's SDL (backOfficeSchemaFiles.ts).
cpSync(path.join(root, 'commerce', 'src', 'backOffice', 'schema'), path.join(outDir, 'backOffice', 'schema'), {
  recursive: true,
});
if (!process.argv.includes('--quiet')) console.log(`[build] server/dist/main.mjs in ${Date.now() - started} ms`);
