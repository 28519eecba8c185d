import type { ShellData } from './loadShell';

/**
 * The root loader's data as a route's `meta` sees it: the root route is always the first match.
 * Undefined when the root loader failed (the root error page).
 */
export function metaShellData(matches: ReadonlyArray<{ data?: unknown } | undefined>): ShellData | undefined {
  return matches[0]?.data as ShellData | undefined;
}
