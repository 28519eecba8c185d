import { useBrowserValue } from './browserValue';
import { storedString } from './storedString';

// The signed-in customer's bearer token. It lives in localStorage so a session survives reloads
// and is shared by the shop's tabs; the server render never has one (customer data is private
// and always loaded in the browser).
export const CUSTOMER_TOKEN_STORAGE_KEY = 'vela.customerToken';

export type SessionEndReason = 'signedOut' | 'expired';

interface StoredToken {
  token: string;
  /** Epoch milliseconds; null when the lifetime is unknown (the server then says when it ends). */
  expiresAt: number | null;
}

// Without localStorage the session lasts as long as the page.
const tokenStore = storedString(CUSTOMER_TOKEN_STORAGE_KEY);
const endListeners = new Set<(reason: SessionEndReason) => void>();
// Readers compare snapshots with Object.is: hand out the same string while unchanged.
let lastRaw: string | null | undefined;
let lastParsed: StoredToken | null = null;

function parse(raw: string | null): StoredToken | null {
  if (raw === lastRaw) return lastParsed;
  lastRaw = raw;
  lastParsed = null;
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<StoredToken>;
    if (typeof value.token === 'string' && value.token) {
      lastParsed = { token: value.token, expiresAt: typeof value.expiresAt === 'number' ? value.expiresAt : null };
    }
  } catch {
    // A damaged entry is no session.
  }
  return lastParsed;
}

function readStored(): StoredToken | null {
  return parse(tokenStore.read());
}

export function isExpired(stored: { expiresAt: number | null }, now = Date.now()): boolean {
  return stored.expiresAt !== null && stored.expiresAt <= now;
}

/** The token to send, or null when signed out or the token's lifetime has run out. */
export function getCustomerToken(now = Date.now()): string | null {
  const stored = readStored();
  if (!stored || isExpired(stored, now)) return null;
  return stored.token;
}

/** When the current token runs out (epoch ms); null without a token or a known lifetime. */
export function getCustomerTokenExpiry(): number | null {
  return readStored()?.expiresAt ?? null;
}

export function setCustomerToken(token: string, expiresAt: number | null = null): void {
  tokenStore.write(JSON.stringify({ token, expiresAt } satisfies StoredToken));
}

/**
 * Forgets the token. `expired` tells the listeners of `onSessionEnd` (the shell shows a notice
 * and resets the caches); a token already gone ends nothing, so a burst of unauthorised answers
 * is reported once.
 */
export function clearCustomerToken(reason: SessionEndReason = 'signedOut'): void {
  const had = readStored() !== null;
  tokenStore.remove();
  if (had) for (const listener of endListeners) listener(reason);
}

/** Called after a session ends here (sign-out or expiry); returns the unsubscribe. */
export function onSessionEnd(listener: (reason: SessionEndReason) => void): () => void {
  endListeners.add(listener);
  return () => endListeners.delete(listener);
}

/** Lifetime in hours as Magento's `customer_access_token_lifetime` gives it → expiry in epoch ms. */
export function expiryFromLifetime(hours: number | null | undefined, now = Date.now()): number | null {
  if (typeof hours !== 'number' || !Number.isFinite(hours) || hours <= 0) return null;
  return now + hours * 3_600_000;
}

/** Calls `listener` when the token changes here or in another tab; returns the unsubscribe. */
export function subscribeCustomerToken(listener: () => void): () => void {
  return tokenStore.subscribe(listener);
}

// The snapshot ignores the clock (it must be stable between renders); expiry is enforced by
// getCustomerToken for requests and by the session watcher, which clears the token on time.
function tokenSnapshot(): string | null {
  return readStored()?.token ?? null;
}

/** The current token; null on the server and during hydration, so the markup matches. */
export function useCustomerToken(): string | null {
  return useBrowserValue(subscribeCustomerToken, tokenSnapshot, null);
}

/** Whether a customer is signed in in this browser (false on the server and while hydrating). */
export function useIsSignedIn(): boolean {
  return useCustomerToken() !== null;
}
