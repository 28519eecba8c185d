// Runs after `react-router build`: bundles sw/serviceWorker.ts into build/client/sw.js with the
// precache manifest of this build's files. Run with tsx (it imports the TypeScript cache rules).
import { build } from 'esbuild';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getManifest } from 'workbox-build';
import { PRECACHE_MAX_BYTES, isPrecacheFile } from '../app/pwa/cacheRules';

const storefrontDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The same build directory as react-router.config.ts: a benchmark's own build needs its own worker.
const clientDir = path.resolve(storefrontDir, process.env.STOREFRONT_BUILD_DIR ?? 'build', 'client');

const { manifestEntries, warnings } = await getManifest({
  globDirectory: clientDir,
  globPatterns: ['assets/**/*', 'icons/*', 'offline.html'],
  // Precompressed copies are for the server's content negotiation, not for the cache.
  globIgnores: ['**/*.br', '**/*.gz'],
  maximumFileSizeToCacheInBytes: PRECACHE_MAX_BYTES,
  // Vite puts the content hash in every asset name: the URL is the revision.
  dontCacheBustURLsMatching: /^assets\//,
  manifestTransforms: [
    async (entries) => ({ manifest: entries.filter((entry) => isPrecacheFile(entry.url, entry.size)), warnings: [] }),
  ],
});
for (const warning of warnings) console.warn(`[sw] ${warning}`);
if (!manifestEntries?.some((entry) => entry.url === 'offline.html')) {
  throw new Error('public/offline.html is missing from the build: the worker would have no offline page');
}

const outfile = path.join(clientDir, 'sw.js');
await build({
  entryPoints: [path.join(storefrontDir, 'sw', 'serviceWorker.ts')],
  outfile,
  bundle: true,
  format: 'iife',
  target: 'es2020',
  minify: true,
  sourcemap: false,
  legalComments: 'none',
  define: {
    'self.__WB_MANIFEST': JSON.stringify(manifestEntries.map(({ url, revision }) => ({ url, revision }))),
    // Workbox logs verbosely unless it is told this is production.
    'process.env.NODE_ENV': '"production"',
  },
  logLevel: 'warning',
});
const { size } = await stat(outfile);
console.log(
  `[sw] ${path.relative(storefrontDir, outfile)}: ${manifestEntries.length} precached files, ${(size / 1024).toFixed(1)} kB`,
);
