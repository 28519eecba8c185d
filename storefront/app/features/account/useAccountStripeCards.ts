import { useApolloClient } from '@apollo/client/react';
import { useCallback, useEffect, useState } from 'react';
import { readStripeSavedCard, type StripeSavedCard } from '../../shared/stripeSavedCards';
import { AccountStripeSavedCardsMutation, DeleteStripeSavedCardMutation } from './savedPaymentsDocuments';

/**
 * The customer's saved Stripe cards (Stripe's module's listStripePaymentMethods) and a way to delete
 * one. A backend without Stripe's module answers an error: there are then simply none.
 */
export function useAccountStripeCards() {
  const client = useApolloClient();
  const [cards, setCards] = useState<StripeSavedCard[] | null>(null);

  const refresh = useCallback(async () => {
    try {
      const { data } = await client.mutate({ mutation: AccountStripeSavedCardsMutation });
      setCards(
        (data?.listStripePaymentMethods ?? []).flatMap((method) => {
          const card = method ? readStripeSavedCard(method) : null;
          return card ? [card] : [];
        }),
      );
    } catch {
      setCards([]);
    }
  }, [client]);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  /** Deletes the card at the shop and at Stripe, then lists what is left; throws when it was not deleted. */
  async function remove(id: string): Promise<void> {
    await client.mutate({ mutation: DeleteStripeSavedCardMutation, variables: { paymentMethodId: id } });
    await refresh();
  }

  return { cards, remove };
}
