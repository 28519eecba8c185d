import type { InMemoryCache, NormalizedCacheObject } from '@apollo/client/cache';
import { CachePersistor, LocalStorageWrapper } from 'apollo3-cache-persist';

// Fixed by the product specification.
export const PERSIST_KEY = 'vela-apollo-cache';
/** Characters of serialised cache; beyond it the library purges the stored copy and stops persisting. */
export const PERSIST_MAX_SIZE = 1048576;
export const PERSIST_DEBOUNCE_MS = 1000;
/** apollo3-cache-persist keeps this many log lines (its Log.buffer; not configurable per persistor). */
export const PERSIST_LOG_LINES = 30;

export type VelaCachePersistor = CachePersistor<NormalizedCacheObject>;

/** Persists every cache write to localStorage, debounced; call `persistor.remove()` to stop. */
export function createCachePersistor(
  cache: InMemoryCache,
  storage: Storage = window.localStorage,
  /** Another store view's or currency's copy lives under its own key (data/storeView.ts). */
  keySuffix = '',
): VelaCachePersistor {
  return new CachePersistor<NormalizedCacheObject>({
    cache,
    storage: new LocalStorageWrapper(storage),
    key: PERSIST_KEY + keySuffix,
    maxSize: PERSIST_MAX_SIZE,
    debounce: PERSIST_DEBOUNCE_MS,
    trigger: 'write',
  });
}

/**
 * The stored cache, read synchronously so the browser client can start with it before the first
 * render (CachePersistor.restore is async). Unreadable or corrupt data counts as no data.
 */
export function readPersistedCache(
  storage: Storage = window.localStorage,
  keySuffix = '',
): NormalizedCacheObject | undefined {
  try {
    const stored = storage.getItem(PERSIST_KEY + keySuffix);
    if (stored == null) return undefined;
    const parsed: unknown = JSON.parse(stored);
    return isCacheObject(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

function isCacheObject(value: unknown): value is NormalizedCacheObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
