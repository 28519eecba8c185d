import { useQuery } from '@apollo/client/react';
import { useEffect } from 'react';
import { clearCartId, useCartId } from '../../data/cartId';
import { isMissingCartError } from './cartErrors';
import { CartDetailsQuery, CartNoneQuery } from './cartQueries';

/**
 * The shopper's cart. The server renders it only on the cart page, from the cart cookie
 * (`serverCartId`); everywhere else it is read in the browser. Each mount asks the server again
 * while showing what the cache already has.
 */
export function useCart(serverCartId: string | null = null) {
  const cartId = useCartId(serverCartId);
  // Skipped without a cart, so the stand-in's (empty) data type never shows.
  const document = cartId ? CartDetailsQuery : (CartNoneQuery as unknown as typeof CartDetailsQuery);
  const result = useQuery(document, {
    variables: { cartId: cartId ?? '' },
    skip: !cartId,
    fetchPolicy: 'cache-and-network',
    nextFetchPolicy: 'cache-first',
    notifyOnNetworkStatusChange: false,
  });
  const missing = isMissingCartError(result.error);
  // An id the server no longer knows means there is no cart: forget it, the next add opens one.
  useEffect(() => {
    if (missing) clearCartId();
  }, [missing]);
  const cart = cartId && !missing ? (result.data?.cart ?? null) : null;
  return {
    cartId,
    cart,
    loading: Boolean(cartId) && result.loading && !result.data,
    error: missing ? undefined : result.error,
    refetch: result.refetch,
  };
}
