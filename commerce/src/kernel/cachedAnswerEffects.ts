import { AsyncLocalStorage } from 'node:async_hooks';

// Some work an answer does is not the answer itself but still has to happen for each shopper who
// gets it: counting a search term (issue 34). A cache that serves an answer again (the API's
// response cache, the server's page cache) skips that work; these effects are what it repeats.
// An effect is cheap and in memory (a counter): repeating it costs nothing like computing the answer.

type Effect = () => void;

const collecting = new AsyncLocalStorage<Effect[]>();

/** Does `effect` now, and again each time a cache serves the answer being computed. */
export function repeatableEffect(effect: Effect): void {
  effect();
  collecting.getStore()?.push(effect);
}

/**
 * Runs `work` (an answer being computed for a cache) and answers the repeatable effects it did, for
 * the cache to keep beside the answer. An enclosing collector (a page whose render asked the API)
 * gets them too.
 */
export async function collectRepeatableEffects<T>(work: () => Promise<T>): Promise<{ value: T; effects: Effect[] }> {
  const effects: Effect[] = [];
  const value = await collecting.run(effects, work);
  collecting.getStore()?.push(...effects);
  return { value, effects };
}

/** Repeats the effects kept with an answer a cache serves again (an enclosing collector gets them too). */
export function repeatEffects(effects: readonly Effect[]): void {
  for (const effect of effects) repeatableEffect(effect);
}
