import path from 'node:path';
import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'app',
  // The server reads STOREFRONT_BUILD_DIR too, so a benchmark can build and serve its own copy
  // while someone else rebuilds the default one.
  buildDirectory: process.env.STOREFRONT_BUILD_DIR ? path.resolve(process.env.STOREFRONT_BUILD_DIR) : 'build',
  ssr: true,
  // The whole route manifest ships in the first HTML (a few KB for our routes). With the default
  // lazy discovery every client navigation first fetched /__manifest for the links in view: one
  // more round trip on a slow network, and offline a request whose exact URL the service worker
  // had never seen, so a seen page could not open.
  routeDiscovery: { mode: 'initial' },
  // React Router 8's behaviours, decided here rather than announced at every build. Off: each
  // changes request handling or the build, and React Router 8 needs Node 22 anyway.
  future: {
    v8_middleware: false,
    v8_splitRouteModules: false,
    v8_viteEnvironmentApi: false,
    v8_passThroughRequests: false,
    v8_trailingSlashAwareDataRequests: false,
  },
  // future.v8_splitRouteModules was measured and left off: the server-rendered HTML
  // modulepreloads the clientLoader chunk anyway, so first-load bytes stayed the same
  // (214.6 → 215.3 KB gzip on the product page) with four more requests.
} satisfies Config;
