import type { ApolloClient, InMemoryCache } from '@apollo/client';
import { createApolloClient } from './createApolloClient';
import { clearCustomerToken, getCustomerToken } from './customerSession';
import { createCache } from './cache';
import { mergeCacheStates } from './mergeCacheStates';
import { PERSIST_DEBOUNCE_MS, createCachePersistor, readPersistedCache, type VelaCachePersistor } from './persistence';
import { readSsrState } from './ssrState';
import { yieldToMain } from './yieldToMain';
import { browserStoreView, persistKeySuffix, storeGraphqlUri, storeHeaders } from './storeView';

export const BROWSER_GRAPHQL_URI = '/graphql';

let client: ApolloClient | undefined;
let persistor: VelaCachePersistor | undefined;

// Private browsing modes and blocked site data make localStorage throw on access.
function availableLocalStorage(): Storage | undefined {
  try {
    const storage = window.localStorage;
    return storage ?? undefined;
  } catch {
    return undefined;
  }
}

/**
 * A server-rendered page brings its data without any cache write, so nothing would persist it;
 * store it once the page is idle, so the page (and client navigation to it) works offline later.
 */
function persistWhenIdle(target: VelaCachePersistor) {
  const run = () => void target.persist().catch(() => undefined);
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run, { timeout: 5000 });
  else window.setTimeout(run, PERSIST_DEBOUNCE_MS);
}

function restoredCache(storage: Storage | undefined, cache: InMemoryCache): VelaCachePersistor | undefined {
  const ssrState = readSsrState();
  const keySuffix = persistKeySuffix(browserStoreView());
  cache.restore(mergeCacheStates(storage ? readPersistedCache(storage, keySuffix) : undefined, ssrState));
  if (!storage) return undefined;
  const created = createCachePersistor(cache, storage, keySuffix);
  if (ssrState) persistWhenIdle(created);
  // Leaving the page (navigation, reload, closing the tab) may come before the idle callback or
  // the debounce: write what the page holds now, so the next page can use it offline.
  window.addEventListener('pagehide', () => void created.persist().catch(() => undefined));
  return created;
}

function clientWith(cache: InMemoryCache): ApolloClient {
  const view = browserStoreView();
  return createApolloClient({
    uri: storeGraphqlUri(BROWSER_GRAPHQL_URI, view),
    cache,
    headers: storeHeaders(view),
    customer: { getToken: () => getCustomerToken(), onUnauthorized: () => clearCustomerToken('expired') },
  });
}

/**
 * The one client of the page. Its cache starts from the persisted copy with the server render's
 * state laid over it (SSR data wins, so hydration sees exactly what the HTML was rendered from),
 * then every later write is persisted again.
 */
export function getBrowserApollo(): ApolloClient {
  if (client) return client;
  const cache = createCache();
  persistor = restoredCache(availableLocalStorage(), cache);
  client = clientWith(cache);
  return client;
}

/**
 * The same client, built in three tasks with the main thread given back between them: on a slow
 * phone, creating the cache, restoring the page's state into it and creating the client each
 * take tens of milliseconds, and in one task they held input for a quarter of a second
 * (issue 8: tasks under 50 ms). Hydration starts after the last one.
 */
export async function prepareBrowserApollo(): Promise<ApolloClient> {
  if (client) return client;
  const cache = createCache();
  await yieldToMain();
  const restoredPersistor = restoredCache(availableLocalStorage(), cache);
  await yieldToMain();
  if (client) return client;
  persistor = restoredPersistor;
  client = clientWith(cache);
  return client;
}

/** For sign-out and store switches, which must purge the stored cache too. Undefined before the client exists or without storage. */
export function getBrowserCachePersistor(): VelaCachePersistor | undefined {
  return persistor;
}
