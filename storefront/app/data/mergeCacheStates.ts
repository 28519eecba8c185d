import type { NormalizedCacheObject, StoreObject } from '@apollo/client/cache';

/**
 * Lays the server render's cache over the persisted one. The SSR data is what the HTML was
 * rendered from, so it wins field by field; fields only the persisted cache knows (the cart,
 * pages visited earlier) stay. Entities — ROOT_QUERY included — are merged, never replaced.
 */
export function mergeCacheStates(
  persisted: NormalizedCacheObject | undefined,
  ssr: NormalizedCacheObject | undefined,
): NormalizedCacheObject {
  const merged: NormalizedCacheObject = { ...persisted };
  for (const [id, ssrEntity] of Object.entries(ssr ?? {})) {
    const persistedEntity: StoreObject | undefined = merged[id];
    merged[id] = persistedEntity && ssrEntity ? { ...persistedEntity, ...ssrEntity } : ssrEntity;
  }
  const extraRootIds = [...new Set([...rootIdsOf(persisted), ...rootIdsOf(ssr)])];
  if (extraRootIds.length > 0) merged.__META = { extraRootIds };
  return merged;
}

// Ids retained with cache.retain(); both sides' retained entities must survive garbage collection.
function rootIdsOf(state: NormalizedCacheObject | undefined): string[] {
  return state?.__META?.extraRootIds ?? [];
}
