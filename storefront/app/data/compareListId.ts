import { useBrowserValue } from './browserValue';
import { storedString } from './storedString';

// The uid of this browser's compare list (a guest's, or the signed-in customer's own). A guest's
// list is reached by this secret alone, so it stays in this browser: localStorage keeps it across
// reloads and tabs. Signing out forgets it, since by then it names the customer's list.
export const COMPARE_LIST_STORAGE_KEY = 'vela.compareListUid';

const compareListStore = storedString(COMPARE_LIST_STORAGE_KEY);
const LIST_UID = /^[\w-]{1,64}$/;

export function getCompareListUid(): string | null {
  const uid = compareListStore.read();
  return uid && LIST_UID.test(uid) ? uid : null;
}

export function setCompareListUid(uid: string): void {
  compareListStore.write(uid);
}

export function clearCompareListUid(): void {
  compareListStore.remove();
}

/** The stored uid, null during the server render and hydration (the server never knows it). */
export function useCompareListUid(): string | null {
  return useBrowserValue(compareListStore.subscribe, getCompareListUid, null);
}
