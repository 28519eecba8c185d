import type { NormalizedCacheObject, StoreObject } from '@apollo/client/cache';

/**
 * Lays the server render's cache over the persisted one. The SSR data is what the HTML was
 * rendered from, so it wins field by field; fields only the persisted cache knows (the cart,
 * pages visited earlier) stay. Entities — ROOT_QUERY included — and the objects embedded in them
 * are merged, never replaced.
 */
export function mergeCacheStates(
  persisted: NormalizedCacheObject | undefined,
  ssr: NormalizedCacheObject | undefined,
): NormalizedCacheObject {
  const merged: NormalizedCacheObject = { ...persisted };
  for (const [id, ssrEntity] of Object.entries(ssr ?? {})) {
    const persistedEntity: StoreObject | undefined = merged[id];
    merged[id] = persistedEntity && ssrEntity ? (mergeValues(persistedEntity, ssrEntity) as StoreObject) : ssrEntity;
  }
  const extraRootIds = [...new Set([...rootIdsOf(persisted), ...rootIdsOf(ssr)])];
  if (extraRootIds.length > 0) merged.__META = { extraRootIds };
  return merged;
}

type PlainObject = Record<string, unknown>;

function isPlainObject(value: unknown): value is PlainObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Two copies of the same embedded object or list item (not a reference, same type and identity). */
function sameObject(a: unknown, b: unknown): a is PlainObject {
  if (!isPlainObject(a) || !isPlainObject(b) || '__ref' in a || '__ref' in b) return false;
  if (a.__typename !== b.__typename) return false;
  return a.uid === b.uid && a.id === b.id;
}

/**
 * Objects stored inside an entity (a product's `price_range`, `media_gallery` items) hold whatever
 * each query selected: a listing's SSR state must add to the product page's richer copy, not cut
 * it down, or the product page is no longer complete in the cache (and cannot open offline).
 * Lists merge item by item only when both have the same length; otherwise the SSR list wins.
 */
function mergeValues(persisted: unknown, ssr: unknown): unknown {
  if (Array.isArray(persisted) && Array.isArray(ssr)) {
    if (persisted.length !== ssr.length) return ssr;
    return ssr.map((item: unknown, index) => mergeValues(persisted[index], item));
  }
  if (!sameObject(persisted, ssr)) return ssr;
  const merged: PlainObject = { ...persisted };
  for (const [field, value] of Object.entries(ssr as PlainObject))
    merged[field] = field in persisted ? mergeValues(persisted[field], value) : value;
  return merged;
}

// Ids retained with cache.retain(); both sides' retained entities must survive garbage collection.
function rootIdsOf(state: NormalizedCacheObject | undefined): string[] {
  return state?.__META?.extraRootIds ?? [];
}
