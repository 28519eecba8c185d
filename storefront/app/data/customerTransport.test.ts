import { gql } from '@apollo/client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApolloClient } from './createApolloClient';
import { sendJson, startGraphqlTestServer, type GraphqlTestServer } from '../../test/graphqlTestServer';

const CUSTOMER_QUERY = gql`
  query WhoAmI {
    customer {
      email
    }
  }
`;

let server: GraphqlTestServer;
beforeAll(async () => {
  server = await startGraphqlTestServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
});

function clientWith(token: { current: string | null }, unauthorized: { count: number }) {
  return createApolloClient({
    uri: server.uri,
    customer: { getToken: () => token.current, onUnauthorized: () => unauthorized.count++ },
  });
}

describe('customer transport', () => {
  it('keeps guests on cacheable GET requests without Authorization', async () => {
    server.respondWith((_req, res) => sendJson(res, 200, { data: { customer: null } }));
    await clientWith({ current: null }, { count: 0 }).query({ query: CUSTOMER_QUERY });
    expect(server.requests[0]?.method).toBe('GET');
    expect(server.requests[0]?.headers.authorization).toBeUndefined();
  });

  it('POSTs every operation with the bearer token while signed in', async () => {
    server.respondWith((_req, res) =>
      sendJson(res, 200, { data: { customer: { __typename: 'Customer', email: 'a@example.com' } } }),
    );
    await clientWith({ current: 'tok-1' }, { count: 0 }).query({ query: CUSTOMER_QUERY });
    const [request] = server.requests;
    expect(request?.method).toBe('POST');
    expect(request?.url.search).toBe('');
    expect(request?.headers.authorization).toBe('Bearer tok-1');
    expect(Object.keys(JSON.parse(request!.body) as object).sort()).toEqual(['operationName', 'query', 'variables']);
  });

  it('reads the token per request, so a sign-out takes effect at once', async () => {
    server.respondWith((_req, res) => sendJson(res, 200, { data: { customer: null } }));
    const token = { current: 'tok-1' as string | null };
    const client = clientWith(token, { count: 0 });
    await client.query({ query: CUSTOMER_QUERY, fetchPolicy: 'network-only' });
    token.current = null;
    await client.query({ query: CUSTOMER_QUERY, fetchPolicy: 'network-only' });
    expect(server.requests.map((r) => [r.method, r.headers.authorization ?? null])).toEqual([
      ['POST', 'Bearer tok-1'],
      ['GET', null],
    ]);
  });

  it("reports Magento's unauthorised answer for a token that ran out", async () => {
    server.respondWith((_req, res) =>
      sendJson(res, 200, {
        errors: [
          { message: "The current customer isn't authorized.", extensions: { category: 'graphql-authorization' } },
        ],
        data: { customer: null },
      }),
    );
    const unauthorized = { count: 0 };
    await clientWith({ current: 'old' }, unauthorized)
      .query({ query: CUSTOMER_QUERY, errorPolicy: 'all' })
      .catch(() => undefined);
    expect(unauthorized.count).toBe(1);
  });
});
