import { useBrowserValue } from './browserValue';
import { storedString } from './storedString';

// The guest cart's masked id. It lives in localStorage so the cart survives reloads, closed tabs
// and going offline. Without localStorage the cart lasts as long as the page.
export const CART_ID_STORAGE_KEY = 'vela.cartId';

// A copy of the id in a cookie lets the server render the cart page with its items: the page
// then paints the cart without waiting for JavaScript and a second round trip, and works before
// (or without) hydration. Only the cart page's loader reads it.
export const CART_ID_COOKIE = 'vela_cart';
const CART_COOKIE_MAX_AGE_S = 30 * 24 * 60 * 60;
// Masked cart ids are short opaque tokens; anything else in the cookie is ignored, not sent on.
const MASKED_CART_ID = /^[A-Za-z0-9_-]{1,64}$/;

const cartIdStore = storedString(CART_ID_STORAGE_KEY);

/** The cart id in a request's Cookie header, when it is one. */
export function cartIdFromCookies(cookieHeader: string | null | undefined): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0 || part.slice(0, separator).trim() !== CART_ID_COOKIE) continue;
    const value = part.slice(separator + 1).trim();
    return MASKED_CART_ID.test(value) ? value : null;
  }
  return null;
}

function writeCartCookie(id: string | null): void {
  if (typeof document === 'undefined') return;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie =
    id && MASKED_CART_ID.test(id)
      ? `${CART_ID_COOKIE}=${id}; Path=/; Max-Age=${CART_COOKIE_MAX_AGE_S}; SameSite=Lax${secure}`
      : `${CART_ID_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${secure}`;
}

export function getCartId(): string | null {
  return cartIdStore.read() || null;
}

export function setCartId(id: string): void {
  cartIdStore.write(id);
  writeCartCookie(id);
}

export function clearCartId(): void {
  cartIdStore.remove();
  writeCartCookie(null);
}

// A cart opened before the cookie existed (or a cookie that expired before the cart) gets it
// back on the next page; one that outlived its cart goes.
if (typeof document !== 'undefined') {
  const id = getCartId();
  if (cartIdFromCookies(document.cookie) !== id) writeCartCookie(id);
}

/** Calls `listener` when the id changes here or in another tab; returns the unsubscribe. */
export function subscribeCartId(listener: () => void): () => void {
  return cartIdStore.subscribe(listener);
}

/**
 * The current cart id. During the server render and hydration it is `serverCartId`: the id the
 * server rendered the page with (the cart page's loader), or null, so the markup matches.
 */
export function useCartId(serverCartId: string | null = null): string | null {
  return useBrowserValue(subscribeCartId, getCartId, serverCartId);
}
