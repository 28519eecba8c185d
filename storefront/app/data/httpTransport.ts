import { HttpLink } from '@apollo/client/link/http';
import { compactLayout } from './compactQuery';

export interface HttpTransportOptions {
  uri: string;
  fetch?: typeof fetch;
  headers?: Record<string, string>;
}

/**
 * Queries travel as GET (`?query=…&operationName=…&variables=…`) so a CDN or Varnish can cache
 * catalog reads; mutations POST `{operationName, variables, query}`. Extensions (Apollo's
 * client-library marker) are left out so the URL of a query depends only on the query itself, and
 * the query's layout is collapsed (compactQuery.ts) so the URL stays short enough for any server.
 */
export function createHttpTransport({ uri, fetch, headers }: HttpTransportOptions): HttpLink {
  return new HttpLink({
    uri,
    fetch,
    headers,
    useGETForQueries: true,
    includeExtensions: false,
    print: (ast, originalPrint) => compactLayout(originalPrint(ast)),
  });
}
