import { gql } from '@apollo/client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApolloClient } from './createApolloClient';
import { sendJson, startGraphqlTestServer, type GraphqlTestServer } from '../../test/graphqlTestServer';

const PRODUCT_QUERY = gql`
  query ProductBySku($sku: String!) {
    products(filter: { sku: { eq: $sku } }) {
      items {
        uid
        sku
      }
    }
  }
`;

const ADD_TO_CART = gql`
  mutation AddToCart($cartId: String!, $sku: String!) {
    addProductsToCart(cartId: $cartId, cartItems: [{ sku: $sku, quantity: 1 }]) {
      cart {
        id
      }
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

describe('transport', () => {
  it('sends queries as GET to the given /graphql uri with query, operationName and variables in the URL', async () => {
    server.respondWith((_req, res) =>
      sendJson(res, 200, { data: { products: { __typename: 'Products', items: [] } } }),
    );
    const client = createApolloClient({ uri: server.uri });
    await client.query({ query: PRODUCT_QUERY, variables: { sku: 'VT01' } });

    expect(server.requests).toHaveLength(1);
    const [request] = server.requests;
    expect(request?.method).toBe('GET');
    expect(request?.url.pathname).toBe('/graphql');
    expect([...request!.url.searchParams.keys()].sort()).toEqual(['operationName', 'query', 'variables']);
    expect(request?.url.searchParams.get('operationName')).toBe('ProductBySku');
    expect(JSON.parse(request!.url.searchParams.get('variables')!)).toEqual({ sku: 'VT01' });
    expect(request?.url.searchParams.get('query')).toContain('query ProductBySku');
    // The layout is collapsed: no line breaks or indentation travel in the URL.
    expect(request?.url.searchParams.get('query')).not.toMatch(/\n|  /);
  });

  it('POSTs mutations with a JSON body of exactly {operationName, variables, query}', async () => {
    server.respondWith((_req, res) =>
      sendJson(res, 200, {
        data: { addProductsToCart: { __typename: 'AddProductsToCartOutput', cart: { __typename: 'Cart', id: 'c1' } } },
      }),
    );
    const client = createApolloClient({ uri: server.uri });
    await client.mutate({ mutation: ADD_TO_CART, variables: { cartId: 'c1', sku: 'VT01' } });

    expect(server.requests).toHaveLength(1);
    const [request] = server.requests;
    expect(request?.method).toBe('POST');
    expect(request?.url.pathname).toBe('/graphql');
    expect(request?.url.search).toBe('');
    expect(request?.headers['content-type']).toBe('application/json');
    const body = JSON.parse(request!.body) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['operationName', 'query', 'variables']);
    expect(body.operationName).toBe('AddToCart');
    expect(body.variables).toEqual({ cartId: 'c1', sku: 'VT01' });
    expect(body.query).toContain('mutation AddToCart');
  });

  it('sends the configured headers and uses the given fetch', async () => {
    server.respondWith((_req, res) =>
      sendJson(res, 200, { data: { products: { __typename: 'Products', items: [] } } }),
    );
    const fetched: string[] = [];
    const countingFetch: typeof fetch = (input, init) => {
      fetched.push(input instanceof Request ? input.url : input.toString());
      return fetch(input, init);
    };
    const client = createApolloClient({ uri: server.uri, fetch: countingFetch, headers: { Store: 'default' } });
    await client.query({ query: PRODUCT_QUERY, variables: { sku: 'VT02' } });

    expect(fetched).toHaveLength(1);
    expect(fetched[0]?.startsWith(`${server.uri}?`)).toBe(true);
    expect(server.requests[0]?.headers.store).toBe('default');
  });
});
