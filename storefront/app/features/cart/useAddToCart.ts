import { useApolloClient } from '@apollo/client/react';
import { useEffect, useState } from 'react';
import type { CartItemInput } from '../../__generated__/graphql';
import { isAbortError } from '../../data/errors';
import { useOnlineStatus } from '../../data/onlineStatus';
import { addToCart } from './addToCart';
import { requestErrorMessage, userErrorMessage, type CartMessage } from './cartErrors';
import { cartMessages } from './cartMessages';
import { openMiniCart } from './miniCartState';

/** Add-to-cart with its busy state and one message for the shopper; opens the mini cart on success. */
export function useAddToCart() {
  const client = useApolloClient();
  const online = useOnlineStatus();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<CartMessage | null>(null);

  // The offline notice is about the connection: it goes once the connection is back.
  useEffect(() => {
    if (online)
      setMessage((current) =>
        current && 'descriptor' in current && current.descriptor === cartMessages.offline ? null : current,
      );
  }, [online]);

  const add = async (items: CartItemInput[]): Promise<boolean> => {
    if (busy) return false;
    if (typeof navigator !== 'undefined' && navigator.onLine === false) {
      setMessage({ descriptor: cartMessages.offline });
      return false;
    }
    setBusy(true);
    setMessage(null);
    try {
      const { userErrors } = await addToCart(client, items);
      const first = userErrors[0];
      if (first) {
        setMessage(userErrorMessage(first));
        return false;
      }
      openMiniCart();
      return true;
    } catch (error) {
      if (!isAbortError(error)) setMessage(requestErrorMessage(error, cartMessages.offline));
      return false;
    } finally {
      setBusy(false);
    }
  };

  return { add, busy, message, clearMessage: () => setMessage(null) };
}
