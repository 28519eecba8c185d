import { AsyncLocalStorage } from 'node:async_hooks';

// What belongs to one API request however its work interleaves with other requests': the count
// of its SQL statements (X-Query-Count), and values read once per request.

interface RequestScope {
  queries: number;
  memo: Map<string, Promise<unknown>>;
}

const current = new AsyncLocalStorage<RequestScope>();

/** Runs `work` as one request and reports how many statements it executed. */
export async function countQueries<T>(work: () => Promise<T>): Promise<{ value: T; queries: number }> {
  const scope: RequestScope = { queries: 0, memo: new Map() };
  const value = await current.run(scope, work);
  return { value, queries: scope.queries };
}

/** Counts one executed statement against the current request, if any. */
export function countQuery(): void {
  const scope = current.getStore();
  if (scope) scope.queries++;
}

/** Runs `work` outside any request: work a request starts but does not wait for. */
export function outsideRequest<T>(work: () => T): T {
  return current.exit(work);
}

/**
 * `read()` once per request under `key` (outside a request, every time). A failed read is
 * forgotten, so the next caller tries again.
 */
export function oncePerRequest<T>(key: string, read: () => Promise<T>): Promise<T> {
  const scope = current.getStore();
  if (!scope) return read();
  let value = scope.memo.get(key) as Promise<T> | undefined;
  if (!value) {
    value = read();
    scope.memo.set(key, value);
    value.catch(() => {
      if (scope.memo.get(key) === value) scope.memo.delete(key);
    });
  }
  return value;
}

/** Forgets what the current request read under `key`: after a write changed it. */
export function forgetForRequest(key: string): void {
  current.getStore()?.memo.delete(key);
}
