import { useSyncExternalStore } from 'react';

// The guest cart's masked id. It lives in localStorage so the cart survives reloads, closed tabs
// and going offline; the server render never has one (carts are private and per browser).
export const CART_ID_STORAGE_KEY = 'vela.cartId';

const listeners = new Set<() => void>();
// Used when localStorage is unavailable (private modes, blocked site data): the cart then lasts
// as long as the page.
let memoryId: string | null = null;

function storage(): Storage | undefined {
  if (typeof window === 'undefined') return undefined;
  try {
    return window.localStorage ?? undefined;
  } catch {
    return undefined;
  }
}

function notify(): void {
  for (const listener of listeners) listener();
}

export function getCartId(): string | null {
  if (typeof window === 'undefined') return null;
  const store = storage();
  if (!store) return memoryId;
  try {
    return store.getItem(CART_ID_STORAGE_KEY) || null;
  } catch {
    return memoryId;
  }
}

export function setCartId(id: string): void {
  memoryId = id;
  try {
    storage()?.setItem(CART_ID_STORAGE_KEY, id);
  } catch {
    // Quota or privacy errors: the in-memory id still serves this page.
  }
  notify();
}

export function clearCartId(): void {
  memoryId = null;
  try {
    storage()?.removeItem(CART_ID_STORAGE_KEY);
  } catch {
    // As above.
  }
  notify();
}

function onStorage(event: StorageEvent): void {
  // `key` is null when another tab cleared the whole storage.
  if (event.key === CART_ID_STORAGE_KEY || event.key === null) notify();
}

/** Calls `listener` when the id changes here or in another tab; returns the unsubscribe. */
export function subscribeCartId(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1 && typeof window !== 'undefined') window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && typeof window !== 'undefined') window.removeEventListener('storage', onStorage);
  };
}

/** The current cart id; null on the server and during hydration, so the markup matches. */
export function useCartId(): string | null {
  return useSyncExternalStore(subscribeCartId, getCartId, () => null);
}
