import { useBrowserValue } from './browserValue';
import { storedString } from './storedString';

// The uid of this browser's compare list (a guest's, or the signed-in customer's own). A guest's
// list is reached by this secret alone, so it stays in this browser: localStorage keeps it across
// reloads and tabs. Signing out forgets it, since by then it names the customer's list.
export const COMPARE_LIST_STORAGE_KEY = 'vela.compareListUid';

// A copy in a cookie lets the server render the compare page with the list (as the cart's id
// does for the cart page). Only the compare page's loader reads it; that page is never kept by a
// shared cache or the server's page cache.
export const COMPARE_LIST_COOKIE = 'vela_compare';
const COMPARE_COOKIE_MAX_AGE_S = 30 * 24 * 60 * 60;

const compareListStore = storedString(COMPARE_LIST_STORAGE_KEY);
const LIST_UID = /^[\w-]{1,64}$/;

/** The compare list uid in a request's Cookie header, when it is one. */
export function compareListUidFromCookies(cookieHeader: string | null | undefined): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0 || part.slice(0, separator).trim() !== COMPARE_LIST_COOKIE) continue;
    const value = part.slice(separator + 1).trim();
    return LIST_UID.test(value) ? value : null;
  }
  return null;
}

function writeCompareCookie(uid: string | null): void {
  if (typeof document === 'undefined') return;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie =
    uid && LIST_UID.test(uid)
      ? `${COMPARE_LIST_COOKIE}=${uid}; Path=/; Max-Age=${COMPARE_COOKIE_MAX_AGE_S}; SameSite=Lax${secure}`
      : `${COMPARE_LIST_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${secure}`;
}

export function getCompareListUid(): string | null {
  const uid = compareListStore.read();
  return uid && LIST_UID.test(uid) ? uid : null;
}

export function setCompareListUid(uid: string): void {
  compareListStore.write(uid);
  writeCompareCookie(uid);
}

export function clearCompareListUid(): void {
  compareListStore.remove();
  writeCompareCookie(null);
}

// A list kept before the cookie existed gets it on the next page; a cookie that outlived its list goes.
if (typeof document !== 'undefined') {
  const uid = getCompareListUid();
  if (compareListUidFromCookies(document.cookie) !== uid) writeCompareCookie(uid);
}

/**
 * The stored uid. During the server render and hydration it is `serverUid`: the list the compare
 * page's loader rendered, or null (the server knows no other), so the markup matches.
 */
export function useCompareListUid(serverUid: string | null = null): string | null {
  return useBrowserValue(compareListStore.subscribe, getCompareListUid, serverUid);
}
