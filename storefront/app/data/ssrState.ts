import type { ApolloClient } from '@apollo/client';
import type { NormalizedCacheObject } from '@apollo/client/cache';

export const APOLLO_STATE_GLOBAL = '__APOLLO_STATE__';

declare global {
  interface Window {
    [APOLLO_STATE_GLOBAL]?: NormalizedCacheObject;
  }
}

// JSON is valid JavaScript except inside <script>: `</script>` or `<!--` would end or change the
// element, and U+2028/U+2029 break string literals in older engines. Escaping them as \uXXXX
// keeps the value identical once parsed.
const UNSAFE_IN_SCRIPT = /[<>&\u2028\u2029]/g;

function escapeForScript(json: string): string {
  return json.replace(UNSAFE_IN_SCRIPT, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** `window.__APOLLO_STATE__=…;` — the server render's cache, safe to inline in a <script>. */
export function serializeApolloState(client: ApolloClient): string {
  return `window.${APOLLO_STATE_GLOBAL}=${escapeForScript(JSON.stringify(client.extract() ?? {}))};`;
}

export function readSsrState(): NormalizedCacheObject | undefined {
  return typeof window === 'undefined' ? undefined : window[APOLLO_STATE_GLOBAL];
}
