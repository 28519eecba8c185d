import { gql } from '@apollo/client';
import type { AppLoadContext } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendJson, startGraphqlTestServer, type GraphqlTestServer } from '../../test/graphqlTestServer';
import { getServerApollo } from './serverApollo';

let server: GraphqlTestServer;
beforeAll(async () => {
  server = await startGraphqlTestServer();
  server.respondWith((_req, res) =>
    sendJson(res, 200, { data: { storeConfig: { __typename: 'StoreConfig', store_code: 'default' } } }),
  );
});
afterAll(() => server.close());

function requestContext(calls: string[]): AppLoadContext {
  return {
    graphql: {
      uri: server.uri,
      fetch: (input, init) => {
        calls.push(input instanceof Request ? input.url : input.toString());
        return fetch(input, init);
      },
    },
  };
}

const STORE_QUERY = gql`
  query StoreCode {
    storeConfig {
      store_code
    }
  }
`;

describe('getServerApollo', () => {
  it('returns one client per request context, in SSR mode', () => {
    const first = requestContext([]);
    const second = requestContext([]);
    expect(getServerApollo(first)).toBe(getServerApollo(first));
    expect(getServerApollo(first)).not.toBe(getServerApollo(second));
    expect(getServerApollo(first).cache).not.toBe(getServerApollo(second).cache);
  });

  it("queries through the context's uri and fetch, sharing the cache within the request only", async () => {
    const calls: string[] = [];
    const context = requestContext(calls);
    const client = getServerApollo(context);
    await client.query({ query: STORE_QUERY });
    // ssrMode turns network-only into cache-first, so a render never refetches what its loader got.
    await getServerApollo(context).query({ query: STORE_QUERY, fetchPolicy: 'network-only' });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.startsWith(server.uri)).toBe(true);

    const otherCalls: string[] = [];
    await getServerApollo(requestContext(otherCalls)).query({ query: STORE_QUERY });
    expect(otherCalls).toHaveLength(1);
  });
});
