import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import { countQuery } from '../kernel/requestScope';

// Counts the SQL statements one request executes, for the X-Query-Count debug header: a number
// that grows with the page size is an N+1 that batching missed.

export { countQueries, outsideRequest } from '../kernel/requestScope';

/** Add to every Kysely instance; it only counts, and only inside countQueries. */
export const queryCountPlugin: KyselyPlugin = {
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return args.node;
  },
  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    countQuery();
    return Promise.resolve(args.result);
  },
};
