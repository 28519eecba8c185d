import { useBrowserValue } from '../data/browserValue';

const noSubscription = () => () => {};
const inBrowser = () => true;

/** False on the server and during hydration, true after: private content waits for the browser. */
export function useHydrated(): boolean {
  return useBrowserValue(noSubscription, inBrowser, false);
}
