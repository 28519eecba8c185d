import { useApolloClient } from '@apollo/client/react';
import { useEffect, useState } from 'react';
import { CheckoutStripeSavedCardsMutation } from './cardPaymentDocuments';
import { readStripeSavedCard, type StripeSavedCard } from '../../shared/stripeSavedCards';

/**
 * The signed-in customer's saved Stripe cards, asked once the card is offered. A guest is never
 * asked (and has none); a backend without Stripe's module answers an error, and none are offered.
 */
export function useStripeSavedCards(offered: boolean, signedIn: boolean): StripeSavedCard[] {
  const client = useApolloClient();
  const [cards, setCards] = useState<StripeSavedCard[]>([]);
  useEffect(() => {
    if (!offered || !signedIn) {
      setCards([]);
      return;
    }
    let current = true;
    client
      .mutate({ mutation: CheckoutStripeSavedCardsMutation })
      .then(({ data }) => {
        if (!current) return;
        setCards(
          (data?.listStripePaymentMethods ?? []).flatMap((method) => {
            const card = method ? readStripeSavedCard(method) : null;
            return card ? [card] : [];
          }),
        );
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [client, offered, signedIn]);
  return cards;
}
