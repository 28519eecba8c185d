import type { ApolloClient } from '@apollo/client';
import { cartIdFromCookies } from '../../data/cartId';
import { CountriesQuery } from '../../shared/countries';
import { CartDetailsQuery } from './cartQueries';
import { CartCrossSellsQuery } from './cartCrossSells';
import { FreeDeliveryQuery } from './freeDeliveryQuery';

export interface CartPageData {
  /** The cart the server rendered the page with; null when the browser has to load it. */
  cartId: string | null;
}

/**
 * On the server: the cart named by the browser's cart cookie, read into the render's cache with
 * what the filled page shows beside it (the estimate's countries), so the page arrives complete.
 * A cart that is gone, belongs to a signed-in customer (the server render has no customer token)
 * or cannot be read now is left to the browser, as before.
 */
export async function loadCartPage(client: ApolloClient, request: Request): Promise<CartPageData> {
  const cartId = cartIdFromCookies(request.headers.get('cookie'));
  if (!cartId) return { cartId: null };
  const [cart] = await Promise.all([
    client.query({ query: CartDetailsQuery, variables: { cartId } }).catch(() => null),
    // Without them the server would render the estimate empty, and a browser whose stored cache
    // has them would not match it.
    client.query({ query: CountriesQuery }).catch(() => null),
    // "Complete the look" is part of the filled page too; without it the cart still renders.
    client.query({ query: CartCrossSellsQuery, variables: { cartId } }).catch(() => null),
    // The free-delivery progress above the items (a shop that does not say its threshold: none).
    client.query({ query: FreeDeliveryQuery, errorPolicy: 'ignore' }).catch(() => null),
  ]);
  return { cartId: cart?.data?.cart ? cartId : null };
}
