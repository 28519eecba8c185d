import { Suspense, useEffect, type ReactNode } from 'react';
import { markPageHydrated } from '../data/browserValue';

/*
 * `html[data-hydrated]` tells tests and monitoring that every button on the page has React behind
 * it. The root commits before the HydratesAlone boundaries (React hydrates those later, each in
 * its own task), so the root alone cannot say so: each boundary reports when its own content has
 * hydrated, and the mark goes on when the root and every boundary it rendered are done.
 */
let partsWaiting = 0;
let rootCommitted = false;

function markIfDone() {
  if (rootCommitted && partsWaiting === 0) {
    markPageHydrated();
    document.documentElement.dataset.hydrated = 'true';
  }
}

/** Effects run children first, so each boundary's count is in before the root's mark runs. */
function PartWaiting() {
  useEffect(() => {
    partsWaiting += 1;
  }, []);
  return null;
}

function PartHydrated() {
  useEffect(() => {
    partsWaiting -= 1;
    markIfDone();
  }, []);
  return null;
}

/**
 * Each boundary hydrates on its own, after the shell: the server already painted it, and React
 * hydrates server-rendered Suspense boundaries at idle priority in separate short tasks, so the
 * page's hydration is no longer one long render and one long commit (issue 8: tasks under 50 ms
 * at a 4× slower CPU). Nothing in these boundaries suspends on the client; the fallbacks are
 * never seen.
 */
export function HydratesAlone({ children }: { children: ReactNode }) {
  return (
    <>
      <PartWaiting />
      <Suspense fallback={null}>
        {children}
        <PartHydrated />
      </Suspense>
    </>
  );
}

/** Rendered once, after the page, in the root layout. */
export function HydrationMark() {
  useEffect(() => {
    rootCommitted = true;
    markIfDone();
  }, []);
  return null;
}
