import { startTransition, useEffect, useState } from 'react';

// Set once the whole server-rendered page has hydrated (layout/hydration.tsx), boundaries
// included. Until then a reader must start from the server's value, or its markup would not
// match the HTML it hydrates.
let pageHydrated = false;
// Set by entry.client.tsx as it starts hydrating: a render before that (a unit test's, say) is a
// fresh client render, not a hydration.
let hydrationStarted = false;

export function markHydrationStarted(): void {
  hydrationStarted = true;
}

export function markPageHydrated(): void {
  pageHydrated = true;
}

/** Whether the server-rendered page is being hydrated now (started, and not yet done). */
export function isHydrating(): boolean {
  return hydrationStarted && !pageHydrated;
}

/**
 * A value only the browser knows (localStorage, "has hydrated"), read like useSyncExternalStore
 * with a server snapshot, with one difference: where the browser's value differs from the
 * server's after hydration, it arrives as a transition. useSyncExternalStore re-renders every
 * such reader synchronously in one task right after hydration; a transition lets React render
 * them in short slices (issue 8: main-thread tasks under 50 ms). Later changes (another tab, a
 * write here) apply as ordinary updates, and a reader mounted after hydration starts from the
 * browser's value.
 */
export function useBrowserValue<T>(
  subscribe: (listener: () => void) => () => void,
  getSnapshot: () => T,
  serverSnapshot: T,
): T {
  const [value, setValue] = useState<T>(() => (pageHydrated ? getSnapshot() : serverSnapshot));
  useEffect(() => {
    const follow = () => {
      const next = getSnapshot();
      setValue((current) => (Object.is(current, next) ? current : next));
    };
    // What changed between the render and this subscription is picked up here.
    const current = getSnapshot();
    startTransition(() => setValue((shown) => (Object.is(shown, current) ? shown : current)));
    return subscribe(follow);
  }, [subscribe, getSnapshot]);
  return value;
}
