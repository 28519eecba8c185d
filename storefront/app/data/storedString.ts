/**
 * One string kept in localStorage under `key`, with change notification for this tab and for
 * the shop's other tabs (storage events). Where localStorage is unavailable or refuses the
 * write (private modes, blocked site data, quota) an in-memory copy serves for the page's life.
 * On the server there is never a value: stored values are per browser.
 */
export interface StoredString {
  read: () => string | null;
  write: (value: string) => void;
  remove: () => void;
  /** Calls `listener` when the value changes here or in another tab; returns the unsubscribe. */
  subscribe: (listener: () => void) => () => void;
}

function storage(): Storage | undefined {
  if (typeof window === 'undefined') return undefined;
  try {
    return window.localStorage ?? undefined;
  } catch {
    return undefined;
  }
}

export function storedString(key: string): StoredString {
  const listeners = new Set<() => void>();
  let memory: string | null = null;

  const notify = () => {
    for (const listener of listeners) listener();
  };
  const onStorage = (event: StorageEvent) => {
    // `key` is null when another tab cleared the whole storage.
    if (event.key === key || event.key === null) notify();
  };

  return {
    read() {
      if (typeof window === 'undefined') return null;
      const store = storage();
      if (!store) return memory;
      try {
        return store.getItem(key);
      } catch {
        return memory;
      }
    },
    write(value) {
      memory = value;
      try {
        storage()?.setItem(key, value);
      } catch {
        // Quota or privacy errors: the in-memory copy still serves this page.
      }
      notify();
    },
    remove() {
      memory = null;
      try {
        storage()?.removeItem(key);
      } catch {
        // As above.
      }
      notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      if (listeners.size === 1 && typeof window !== 'undefined') window.addEventListener('storage', onStorage);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && typeof window !== 'undefined') window.removeEventListener('storage', onStorage);
      };
    },
  };
}
