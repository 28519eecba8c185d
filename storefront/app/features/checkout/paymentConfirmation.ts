import { useApolloClient } from '@apollo/client/react';
import { useEffect, useState } from 'react';
import { graphql } from '../../__generated__';
import type { PlacedOrder } from './placedOrder';

// A card order the gateway has not confirmed yet is placed in `pending_payment` (Magento's state
// for it); the gateway's webhook moves it on, later. The confirmation page asks for the order's
// state until then, so the shopper sees when the payment is confirmed without reloading. It reads
// `state`, the code: `status` is the label Magento shows, in the store's language.

/** Magento's state code for an order waiting for the gateway's confirmation. */
export const PENDING_PAYMENT = 'pending_payment';

/** How often the page asks, and for how long (a webhook usually arrives in seconds). */
export const POLL_INTERVAL_MS = 3_000;
export const POLL_FOR_MS = 15 * 60_000;

const GuestOrderStatusQuery = graphql(`
  query GuestOrderPaymentStatus($token: String!) {
    guestOrderByToken(input: { token: $token }) {
      number
      state
    }
  }
`);

const CustomerOrderStatusQuery = graphql(`
  query CustomerOrderPaymentStatus($number: String!) {
    customer {
      orders(filter: { number: { eq: $number } }) {
        items {
          number
          state
        }
      }
    }
  }
`);

export type PaymentConfirmation = 'waiting' | 'confirmed' | 'not_confirmed';

/** What a state code says about the payment: still waiting, taken, or given up (canceled). */
export function paymentConfirmationOf(status: string | null | undefined): PaymentConfirmation {
  if (!status || status === PENDING_PAYMENT) return 'waiting';
  if (status === 'canceled' || status === 'closed') return 'not_confirmed';
  return 'confirmed';
}

/**
 * null for an order that was not waiting when it was placed; otherwise where its payment is now,
 * asked every few seconds (a guest's order by its token, a customer's through the account) until
 * it is no longer waiting or the page has asked for long enough.
 */
export function usePaymentConfirmation(order: PlacedOrder | null, signedIn: boolean): PaymentConfirmation | null {
  const client = useApolloClient();
  const waitedAtPlacement = order?.state === PENDING_PAYMENT;
  const [state, setState] = useState<PaymentConfirmation | null>(waitedAtPlacement ? 'waiting' : null);
  const number = order?.number ?? '';
  const token = order?.token ?? '';

  useEffect(() => {
    if (!waitedAtPlacement) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const until = Date.now() + POLL_FOR_MS;
    const ask = async (): Promise<string | null> => {
      if (signedIn) {
        const { data } = await client.query({
          query: CustomerOrderStatusQuery,
          variables: { number },
          fetchPolicy: 'network-only',
        });
        return data?.customer?.orders?.items.find((item) => item?.number === number)?.state ?? null;
      }
      if (!token) return null;
      const { data } = await client.query({
        query: GuestOrderStatusQuery,
        variables: { token },
        fetchPolicy: 'network-only',
      });
      return data?.guestOrderByToken.state ?? null;
    };
    const poll = async () => {
      // A lost answer is asked again at the next tick: the order is safe either way.
      const status = await ask().catch(() => null);
      if (stopped) return;
      const now = paymentConfirmationOf(status);
      if (now !== 'waiting') return setState(now);
      if (Date.now() < until) timer = setTimeout(() => void poll(), POLL_INTERVAL_MS);
    };
    timer = setTimeout(() => void poll(), POLL_INTERVAL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [client, waitedAtPlacement, signedIn, number, token]);

  return state;
}
