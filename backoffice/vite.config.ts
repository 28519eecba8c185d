import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const here = path.dirname(fileURLToPath(import.meta.url));

// The back office is a single-page app of its own, served by the server under /admin
// (server/src/backOfficeAssets.ts): hashed files under /admin/assets/, index.html for every other
// /admin path. Its components come from the design system the shop uses too (@vela/ui, the ui/
// workspace); it imports nothing from the storefront, and the storefront nothing from here.
export default defineConfig({
  root: here,
  base: '/admin/',
  resolve: {
    // @vela/ui resolves its packages from the same root node_modules; one copy of each.
    dedupe: ['react', 'react-dom', 'react-intl', 'lucide-react'],
  },
  oxc: { jsx: { runtime: 'automatic' } },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      // Libraries in chunks of their own, as the storefront does: they change far less often than the
      // back office's code, so a deploy leaves them cached.
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie)[\\/]/,
              priority: 3,
            },
            { name: 'graphql', test: /node_modules[\\/]graphql[\\/]/, priority: 2 },
            { name: 'intl', test: /node_modules[\\/](react-intl|@formatjs|intl-messageformat)[\\/]/, priority: 1 },
          ],
        },
      },
      onwarn(warning, warn) {
        // lucide-react marks its modules "use client" for server components; a browser bundle has none.
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        warn(warning);
      },
    },
  },
  server: {
    // `npm run dev -w @vela/backoffice` against a running shop: VELA_DEV_API_URL, else the one
    // `npm start` opens on PORT (3000 by default).
    proxy: Object.fromEntries(
      ['/admin/graphql', '/admin/documents'].map((path) => [
        path,
        process.env.VELA_DEV_API_URL ?? `http://localhost:${process.env.PORT ?? 3000}`,
      ]),
    ),
  },
});
