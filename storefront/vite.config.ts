import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';
import { bundleReport } from './vitePlugins/bundleReport.ts';
import { graphqlDocumentImports } from './vitePlugins/graphqlDocumentImports.ts';
import { modernRxjs } from './vitePlugins/modernRxjs.ts';
import { precompiledMessages } from './vitePlugins/precompiledMessages.ts';
import { shellChunk } from './vitePlugins/shellChunk.ts';
import { singleStylesheet } from './vitePlugins/singleStylesheet.ts';
import { withoutDefaultMessages } from './vitePlugins/withoutDefaultMessages.ts';

const devApiUrl = process.env.VELA_DEV_API_URL ?? `http://localhost:${process.env.PORT ?? 3000}`;
const appDirectory = path.join(path.dirname(fileURLToPath(import.meta.url)), 'app');
// The design system's workspace, where Vite finds @vela/ui's modules (it follows the workspace link).
const uiDirectory = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'ui');
const shell = shellChunk(path.join(appDirectory, 'root.tsx'), path.join(appDirectory, 'entry.client.tsx'));

/**
 * Libraries every page needs, in chunks of their own: they change far less often than the
 * shop's code, so a deploy leaves them cached, and a page fetches three files, not thirty.
 */
const vendorChunks = [
  {
    name: 'framework',
    test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/,
    priority: 3,
  },
  {
    name: 'apollo',
    test: /node_modules[\\/](@apollo|graphql|rxjs|optimism|@wry|tslib|apollo3-cache-persist)[\\/]/,
    priority: 2,
  },
  { name: 'intl', test: /node_modules[\\/](react-intl|@formatjs|intl-messageformat)[\\/]/, priority: 1 },
  shell.group,
];

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    graphqlDocumentImports(appDirectory),
    precompiledMessages(appDirectory),
    withoutDefaultMessages([appDirectory, uiDirectory]),
    modernRxjs(),
    reactRouter(),
    singleStylesheet(path.join(appDirectory, 'root.tsx')),
    shell.plugin,
    bundleReport(process.env.VELA_BUNDLE_REPORT),
  ],
  // @vela/ui ships TypeScript and CSS modules, not a build: the server bundle must compile it in,
  // as Node could not import it at run time.
  ssr: { noExternal: ['@vela/ui'] },
  build: isSsrBuild
    ? {}
    : {
        // See singleStylesheet.
        cssCodeSplit: false,
        rolldownOptions: { output: { codeSplitting: { groups: vendorChunks } } },
      },
  server: {
    // `npm run dev -w @vela/storefront` talks to a running Vela server for its data: the one at
    // VELA_DEV_API_URL, else the one `npm start` opens on PORT (3000 by default).
    proxy: { '/graphql': devApiUrl, '/media': devApiUrl },
  },
}));
