import { AsyncLocalStorage } from 'node:async_hooks';
import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';

// Counts the SQL statements one request executes, for the X-Query-Count debug header: a number
// that grows with the page size is an N+1 that batching missed.

const current = new AsyncLocalStorage<{ queries: number }>();

/** Add to every Kysely instance; it only counts, and only inside countQueries. */
export const queryCountPlugin: KyselyPlugin = {
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return args.node;
  },
  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const scope = current.getStore();
    if (scope) scope.queries++;
    return Promise.resolve(args.result);
  },
};

/** Runs `work` and reports how many statements it executed, however they interleave with other requests. */
export async function countQueries<T>(work: () => Promise<T>): Promise<{ value: T; queries: number }> {
  const scope = { queries: 0 };
  const value = await current.run(scope, work);
  return { value, queries: scope.queries };
}

/** Runs `work` outside any request's count: work a request starts but does not wait for. */
export function outsideRequest<T>(work: () => T): T {
  return current.exit(work);
}
