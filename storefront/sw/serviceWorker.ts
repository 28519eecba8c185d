/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { PrecacheFallbackPlugin, cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, NetworkOnly, StaleWhileRevalidate } from 'workbox-strategies';
import type { WorkboxPlugin } from 'workbox-core/types';
import { isMediaRequest, isPrivatePage, isPublicGraphqlRequest, isStorableResponse } from '../app/pwa/cacheRules';
import { OFFLINE_PAGE_URL, SKIP_WAITING_MESSAGE } from '../app/pwa/serviceWorkerProtocol';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

const DAY_SECONDS = 24 * 60 * 60;

/** Keeps anything the server marks private or no-store out of every runtime cache. */
const storableOnly: WorkboxPlugin = {
  cacheWillUpdate: ({ response }) => Promise.resolve(isStorableResponse(response) ? response : null),
};

// Replaced at build time by the list of hashed assets, the offline page and the icons.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

const offlineFallback = new PrecacheFallbackPlugin({ fallbackURL: OFFLINE_PAGE_URL });

// Cart, checkout and account pages belong to one shopper: straight to the network, never stored.
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && isPrivatePage(url.pathname),
  new NetworkOnly({ plugins: [offlineFallback] }),
);

// Other pages: fresh when the network answers within 3 s, else the copy from the last visit,
// else the offline page.
registerRoute(
  ({ request }) => request.mode === 'navigate',
  new NetworkFirst({
    cacheName: 'vela-pages',
    networkTimeoutSeconds: 3,
    plugins: [storableOnly, new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 7 * DAY_SECONDS }), offlineFallback],
  }),
);

registerRoute(
  ({ request, url }) => isPublicGraphqlRequest(url, request.method, request.headers),
  new StaleWhileRevalidate({
    cacheName: 'vela-graphql',
    plugins: [storableOnly, new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 7 * DAY_SECONDS })],
  }),
);

registerRoute(
  ({ url }) => isMediaRequest(url, self.location.origin),
  new CacheFirst({
    cacheName: 'vela-media',
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * DAY_SECONDS, purgeOnQuotaError: true }),
    ],
  }),
);

// A new version waits until the shopper accepts the reload prompt, so a page never runs with
// assets from two builds.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === SKIP_WAITING_MESSAGE) void self.skipWaiting();
});

clientsClaim();
