import type { ApolloClient } from '@apollo/client';
import { createApolloClient } from './createApolloClient';
import { clearCustomerToken, getCustomerToken } from './customerSession';
import { createCache } from './cache';
import { mergeCacheStates } from './mergeCacheStates';
import { PERSIST_DEBOUNCE_MS, createCachePersistor, readPersistedCache, type VelaCachePersistor } from './persistence';
import { readSsrState } from './ssrState';

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

/**
 * The one client of the page. Its cache starts from the persisted copy with the server render's
 * state laid over it (SSR data wins, so hydration sees exactly what the HTML was rendered from),
 * then every later write is persisted again.
 */
export function getBrowserApollo(): ApolloClient {
  if (client) return client;
  const storage = availableLocalStorage();
  const cache = createCache();
  const ssrState = readSsrState();
  cache.restore(mergeCacheStates(storage ? readPersistedCache(storage) : undefined, ssrState));
  if (storage) {
    persistor = createCachePersistor(cache, storage);
    if (ssrState) persistWhenIdle(persistor);
    // Leaving the page (navigation, reload, closing the tab) may come before the idle callback or
    // the debounce: write what the page holds now, so the next page can use it offline.
    const leaving = persistor;
    window.addEventListener('pagehide', () => void leaving.persist().catch(() => undefined));
  }
  client = createApolloClient({
    uri: BROWSER_GRAPHQL_URI,
    cache,
    customer: { getToken: () => getCustomerToken(), onUnauthorized: () => clearCustomerToken('expired') },
  });
  return client;
}

/** For sign-out and store switches, which must purge the stored cache too. Undefined before the client exists or without storage. */
export function getBrowserCachePersistor(): VelaCachePersistor | undefined {
  return persistor;
}
