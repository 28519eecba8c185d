import type { ApolloClient } from '@apollo/client';
import type { AppLoadContext } from 'react-router';
import { createApolloClient } from './createApolloClient';
import { DEFAULT_STORE_VIEW, storeGraphqlUri, storeHeaders } from './storeView';

// Keyed by the request's load context, so every loader and the render of one request share a
// cache (the render then serialises exactly what the loaders fetched) while requests never do.
const clients = new WeakMap<AppLoadContext, ApolloClient>();

export function getServerApollo(context: AppLoadContext): ApolloClient {
  let client = clients.get(context);
  if (!client) {
    const view = context.store ?? DEFAULT_STORE_VIEW;
    client = createApolloClient({
      uri: storeGraphqlUri(context.graphql.uri, view),
      fetch: context.graphql.fetch,
      ssrMode: true,
      headers: storeHeaders(view),
    });
    clients.set(context, client);
  }
  return client;
}

/**
 * After the response is sent: stops the request's client and empties its cache, so whatever
 * still refers to the finished request (a stream Node frees late) holds an empty client.
 */
export function releaseServerApollo(context: AppLoadContext): void {
  const client = clients.get(context);
  if (!client) return;
  clients.delete(context);
  client.stop();
  void client.cache.reset({ discardWatches: true });
}
