import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getCartId, setCartId, clearCartId } from '../../data/cartId';
import { createApolloClient } from '../../data/createApolloClient';
import { sendJson, startGraphqlTestServer, type GraphqlTestServer } from '../../../test/graphqlTestServer';
import { addToCart } from './addToCart';
import { cartItemInput } from './cartItemInput';
import { testCart } from '../../../test/fixtures/testCart';

// A scripted GraphQL endpoint over real HTTP: these tests are about the client's cart-id logic.
let server: GraphqlTestServer;
beforeAll(async () => {
  server = await startGraphqlTestServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  clearCartId();
});

const bodyOf = (index: number) =>
  JSON.parse(server.requests[index]?.body ?? '{}') as { operationName: string; variables: Record<string, unknown> };

// The cart id each CartAddProducts request saw stored while it was being answered.
const storedDuringAdd: (string | null)[] = [];

function respondAsShop(knownCarts: Set<string>, newId = 'fresh-cart') {
  storedDuringAdd.length = 0;
  server.respondWith((request, response) => {
    const { operationName, variables } = JSON.parse(request.body) as {
      operationName: string;
      variables: { cartId?: string };
    };
    if (operationName === 'CartCreate') {
      knownCarts.add(newId);
      return sendJson(response, 200, {
        data: { createGuestCart: { __typename: 'CreateGuestCartOutput', cart: testCart({ id: newId }) } },
      });
    }
    if (operationName === 'CartAddProducts') {
      storedDuringAdd.push(getCartId());
      if (!knownCarts.has(variables.cartId ?? '')) {
        return sendJson(response, 200, {
          errors: [
            {
              message: `Could not find a cart with ID "${variables.cartId}"`,
              extensions: { category: 'graphql-no-such-entity' },
            },
          ],
          data: { addProductsToCart: null },
        });
      }
      return sendJson(response, 200, {
        data: {
          addProductsToCart: {
            __typename: 'AddProductsToCartOutput',
            cart: testCart({ id: variables.cartId }),
            user_errors: [
              {
                __typename: 'CartUserInputError',
                code: 'INSUFFICIENT_STOCK',
                message: 'The requested qty is not available',
              },
            ],
          },
        },
      });
    }
    sendJson(response, 400, { errors: [{ message: `unexpected ${operationName}` }] });
  });
}

describe('addToCart', () => {
  it('opens a guest cart on the first add and remembers its id', async () => {
    respondAsShop(new Set());
    const client = createApolloClient({ uri: server.uri, reportError: () => {} });
    const result = await addToCart(client, [
      cartItemInput({ sku: 'TEE', quantity: 2, selectedOptions: ['navy', 'size-m'] }),
    ]);
    expect(server.requests.map((_, i) => bodyOf(i).operationName)).toEqual(['CartCreate', 'CartAddProducts']);
    expect(bodyOf(1).variables).toEqual({
      cartId: 'fresh-cart',
      cartItems: [{ sku: 'TEE', quantity: 2, selected_options: ['navy', 'size-m'] }],
    });
    expect(getCartId()).toBe('fresh-cart');
    // Published only after the add, so no view reads the cart while it is still empty.
    expect(storedDuringAdd).toEqual([null]);
    expect(result.userErrors).toEqual([{ code: 'INSUFFICIENT_STOCK', message: 'The requested qty is not available' }]);
  });

  it('uses the stored cart when the server knows it', async () => {
    respondAsShop(new Set(['kept-cart']));
    setCartId('kept-cart');
    const client = createApolloClient({ uri: server.uri, reportError: () => {} });
    await addToCart(client, [cartItemInput({ sku: 'MUG', quantity: 1, selectedOptions: [] })]);
    expect(server.requests).toHaveLength(1);
    expect(bodyOf(0).variables).toEqual({ cartId: 'kept-cart', cartItems: [{ sku: 'MUG', quantity: 1 }] });
  });

  it('drops a stored id the server no longer knows, opens a new cart and adds there once', async () => {
    respondAsShop(new Set());
    setCartId('ordered-cart');
    const client = createApolloClient({ uri: server.uri, reportError: () => {} });
    const result = await addToCart(client, [{ sku: 'MUG', quantity: 1 }]);
    expect(server.requests.map((_, i) => [bodyOf(i).operationName, bodyOf(i).variables.cartId])).toEqual([
      ['CartAddProducts', 'ordered-cart'],
      ['CartCreate', undefined],
      ['CartAddProducts', 'fresh-cart'],
    ]);
    expect(result.cartId).toBe('fresh-cart');
    expect(getCartId()).toBe('fresh-cart');
  });

  it('keeps the stored id when the failure is something else', async () => {
    server.respondWith((_request, response) =>
      sendJson(response, 200, {
        errors: [{ message: 'The requested qty is not available' }],
        data: { addProductsToCart: null },
      }),
    );
    setCartId('kept-cart');
    const client = createApolloClient({ uri: server.uri, reportError: () => {} });
    await expect(addToCart(client, [{ sku: 'MUG', quantity: 1 }])).rejects.toThrow(
      'The requested qty is not available',
    );
    expect(getCartId()).toBe('kept-cart');
    expect(server.requests).toHaveLength(1);
  });
});
