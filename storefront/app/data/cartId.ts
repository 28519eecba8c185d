import { useSyncExternalStore } from 'react';
import { storedString } from './storedString';

// The guest cart's masked id. It lives in localStorage so the cart survives reloads, closed tabs
// and going offline; the server render never has one (carts are private and per browser).
// Without localStorage the cart lasts as long as the page.
export const CART_ID_STORAGE_KEY = 'vela.cartId';

const cartIdStore = storedString(CART_ID_STORAGE_KEY);

export function getCartId(): string | null {
  return cartIdStore.read() || null;
}

export function setCartId(id: string): void {
  cartIdStore.write(id);
}

export function clearCartId(): void {
  cartIdStore.remove();
}

/** Calls `listener` when the id changes here or in another tab; returns the unsubscribe. */
export function subscribeCartId(listener: () => void): () => void {
  return cartIdStore.subscribe(listener);
}

/** The current cart id; null on the server and during hydration, so the markup matches. */
export function useCartId(): string | null {
  return useSyncExternalStore(subscribeCartId, getCartId, () => null);
}
