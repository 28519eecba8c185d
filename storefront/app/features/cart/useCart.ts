import { useQuery } from '@apollo/client/react';
import { useEffect } from 'react';
import { clearCartId, useCartId } from '../../data/cartId';
import { isMissingCartError } from './cartErrors';
import { CartDetailsQuery } from './cartQueries';

/**
 * The shopper's cart, read on the client only (carts are private and never rendered on the
 * server). Each mount asks the server again while showing what the cache already has.
 */
export function useCart() {
  const cartId = useCartId();
  const result = useQuery(CartDetailsQuery, {
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
