import { useSyncExternalStore } from 'react';

// Whether the mini cart drawer is open. Module state, because the add-to-cart buttons in the
// page and the drawer in the header sit in different trees of the app shell.
let open = false;
const listeners = new Set<() => void>();

function set(next: boolean): void {
  if (open === next) return;
  open = next;
  for (const listener of listeners) listener();
}

export const openMiniCart = (): void => set(true);
export const closeMiniCart = (): void => set(false);

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useMiniCartOpen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => open,
    () => false,
  );
}
