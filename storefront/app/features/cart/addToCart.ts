import type { ApolloClient } from '@apollo/client';
import type { CartItemInput } from '../../__generated__/graphql';
import { clearCartId, getCartId, setCartId } from '../../data/cartId';
import { getCustomerToken } from '../../data/customerSession';
import { isMissingCartError } from './cartErrors';
import { CartAddProductsMutation, CartCreateMutation, CartOfCustomerQuery } from './cartQueries';

export interface AddToCartResult {
  cartId: string;
  userErrors: { code: string; message: string }[];
}

async function createCart(client: ApolloClient): Promise<string> {
  // A signed-in customer always has a cart on the server (a new one after each order).
  if (getCustomerToken()) {
    const { data: customer } = await client.query({ query: CartOfCustomerQuery, fetchPolicy: 'network-only' });
    if (customer?.customerCart.id) return customer.customerCart.id;
  }
  const { data } = await client.mutate({ mutation: CartCreateMutation });
  const id = data?.createGuestCart?.cart?.id;
  if (!id) throw new Error('createGuestCart returned no cart');
  return id;
}

// The id is published only once the add has settled: publishing it starts the views' cart query,
// and an answer to that query read before the add would land after it and show a stale cart.
async function addToNewCart(client: ApolloClient, items: CartItemInput[]): Promise<AddToCartResult> {
  const id = await createCart(client);
  try {
    return await addTo(client, id, items);
  } finally {
    setCartId(id);
  }
}

async function addTo(client: ApolloClient, cartId: string, items: CartItemInput[]): Promise<AddToCartResult> {
  const { data } = await client.mutate({ mutation: CartAddProductsMutation, variables: { cartId, cartItems: items } });
  const userErrors = (data?.addProductsToCart?.user_errors ?? []).flatMap((error) =>
    error ? [{ code: error.code, message: error.message }] : [],
  );
  return { cartId, userErrors };
}

/**
 * Adds products to the shopper's cart, opening the cart on the first add. A stored id the
 * server no longer knows (expired, or already ordered) is dropped and a new cart opened once,
 * without bothering the shopper.
 */
export async function addToCart(client: ApolloClient, items: CartItemInput[]): Promise<AddToCartResult> {
  const stored = getCartId();
  if (!stored) return addToNewCart(client, items);
  try {
    return await addTo(client, stored, items);
  } catch (error) {
    if (!isMissingCartError(error)) throw error;
    clearCartId();
    return addToNewCart(client, items);
  }
}
