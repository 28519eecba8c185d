import { useApolloClient } from '@apollo/client/react';
import { useState } from 'react';
import { clearCartId, getCartId } from '../../data/cartId';
import { isAbortError } from '../../data/errors';
import { isMissingCartError, requestErrorMessage, type CartMessage } from './cartErrors';
import { cartMessages } from './cartMessages';
import type { ApolloClient } from '@apollo/client';

/**
 * Runs one change to the existing cart with a busy flag and a message for the shopper. The
 * mutation returns the whole cart, which Apollo writes over Cart:<id>, so every view updates.
 */
function isCartMessage(value: unknown): value is CartMessage {
  return typeof value === 'object' && value !== null && ('descriptor' in value || 'text' in value);
}

export function useCartMutation() {
  const client = useApolloClient();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<CartMessage | null>(null);

  /** `change` may answer a message (a refused line) instead of throwing; that counts as failed. */
  const run = async (change: (client: ApolloClient, cartId: string) => Promise<unknown>): Promise<boolean> => {
    const cartId = getCartId();
    if (!cartId || busy) return false;
    if (typeof navigator !== 'undefined' && navigator.onLine === false) {
      setMessage({ descriptor: cartMessages.offlineChange });
      return false;
    }
    setBusy(true);
    setMessage(null);
    try {
      const refusal = await change(client, cartId);
      if (isCartMessage(refusal)) {
        setMessage(refusal);
        return false;
      }
      return true;
    } catch (error) {
      if (isMissingCartError(error)) clearCartId();
      else if (!isAbortError(error)) setMessage(requestErrorMessage(error));
      return false;
    } finally {
      setBusy(false);
    }
  };

  return { run, busy, message, setMessage };
}
