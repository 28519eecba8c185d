import { ApolloClient } from '@apollo/client';
import type { InMemoryCache } from '@apollo/client/cache';
import { ApolloLink } from '@apollo/client/link';
import { createAbortLink } from './abortLink';
import { createCache } from './cache';
import { createErrorReportingLink, type ErrorReporter } from './errorReportingLink';
import { createCustomerTransport } from './customerTransport';
import { createHttpTransport } from './httpTransport';
import { createRetryLink } from './retryPolicy';

export interface CreateApolloClientOptions {
  uri: string;
  fetch?: typeof fetch;
  ssrMode?: boolean;
  cache?: InMemoryCache;
  headers?: Record<string, string>;
  /** Where final (post-retry) transport failures go; console.error by default. */
  reportError?: ErrorReporter;
  /** Browser only: the signed-in customer's token source; with a token, requests POST with Authorization. */
  customer?: { getToken: () => string | null; onUnauthorized: () => void };
}

export function createApolloClient(options: CreateApolloClientOptions): ApolloClient {
  const link = ApolloLink.from([
    createErrorReportingLink(options.reportError),
    createAbortLink(),
    createRetryLink(),
    options.customer
      ? createCustomerTransport({
          uri: options.uri,
          fetch: options.fetch,
          headers: options.headers,
          ...options.customer,
        })
      : createHttpTransport({ uri: options.uri, fetch: options.fetch, headers: options.headers }),
  ]);
  return new ApolloClient({
    link,
    cache: options.cache ?? createCache({ resultCaching: !options.ssrMode }),
    ssrMode: options.ssrMode ?? false,
    // Keeps request URLs and bodies exactly `{operationName, variables, query}`.
    enhancedClientAwareness: { transport: false },
  });
}
