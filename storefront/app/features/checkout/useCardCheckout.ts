import { useApolloClient } from '@apollo/client/react';
import { useCallback, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import type { CardPaymentHandle } from './CardPaymentElement';
import { type CardOrderOutcome, payByCard } from './cardPayment';
import { SetCheckoutCardPaymentMutation } from './cardPaymentDocuments';
import { placeCardOrder, refreshCheckoutCart, saveCardOnCart } from './placeCardOrder';
import type { PlacedOrder } from './placedOrder';
import type { CardPaymentConfiguration } from './CardPaymentField';
import { clearPendingCardPayment, savePendingCardPayment } from './pendingCardPayment';

/**
 * Paying by card from the payment step: the Payment Element's handle, the card's problem shown
 * beside it, and `pay`, which the step runs inside its busy action (so the button is disabled with
 * progress until the answer, and Place order cannot be sent twice).
 */
export function useCardCheckout(cartId: string, configuration: CardPaymentConfiguration | null) {
  const intl = useIntl();
  const client = useApolloClient();
  const handle = useRef<CardPaymentHandle | null>(null);
  const problemRef = useRef<HTMLParagraphElement | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // "Save this card for next time" (offered to signed-in customers only).
  const [save, setSave] = useState(false);
  // Set from the first call to the answer: a second submit meanwhile (Enter in a field) pays nothing.
  const paying = useRef(false);
  const onReady = useCallback((ready: CardPaymentHandle | null) => {
    handle.current = ready;
  }, []);

  const placeOrder = () => placeCardOrder(client, cartId);
  const saveOnCart = (paymentMethodId: string, keep: boolean) =>
    saveCardOnCart(() =>
      client.mutate({
        mutation: SetCheckoutCardPaymentMutation,
        variables: { cartId, paymentMethodId, save: keep },
      }),
    );

  /**
   * Pays with the Payment Element's card, or with a saved card (`savedCardId`); the order when
   * placed, else null with the reason shown beside the card field and focused.
   */
  async function pay(savedCardId: string | null = null): Promise<PlacedOrder | null> {
    if (paying.current) return null;
    paying.current = true;
    try {
      return await payOnce(savedCardId);
    } finally {
      paying.current = false;
    }
  }

  /** A saved card needs no Payment Element: its id is the payment method, and Stripe.js comes only for 3-D Secure. */
  function savedCardHandle(id: string): CardPaymentHandle | null {
    if (!configuration) return null;
    const { apiKey, locale } = configuration;
    return {
      createPaymentMethod: () => Promise.resolve({ id }),
      authenticate: async (clientSecret) =>
        (await import('./stripeNextAction')).finishNextAction(apiKey, locale, clientSecret),
    };
  }

  async function payOnce(savedCardId: string | null): Promise<PlacedOrder | null> {
    setProblem(null);
    const card = savedCardId ? savedCardHandle(savedCardId) : handle.current;
    const keep = savedCardId === null && save;
    const notReady = intl.formatMessage({
      id: 'checkout.card.notReady',
      defaultMessage: 'The card form is not ready yet. Wait a moment and try again.',
    });
    const outcome: CardOrderOutcome<PlacedOrder> = card
      ? await payByCard(
          {
            createPaymentMethod: card.createPaymentMethod,
            authenticate: (clientSecret) => {
              // A tab closed during the challenge can finish it later (FinishPaying).
              if (configuration)
                savePendingCardPayment({
                  cartId,
                  apiKey: configuration.apiKey,
                  locale: configuration.locale,
                  at: Date.now(),
                });
              return card.authenticate(clientSecret);
            },
            saveOnCart: (id) => saveOnCart(id, keep),
            placeOrder,
          },
          intl.formatMessage({
            id: 'checkout.card.refused',
            defaultMessage: 'The payment did not go through. Try another card or another way to pay.',
          }),
        )
      : { kind: 'cardProblem', message: notReady };
    // Answered either way: the order is paid, or its cart is open again for another card.
    clearPendingCardPayment();
    if (outcome.kind === 'placed') return outcome.order;
    setProblem(outcome.message);
    // A declined payment gave the cart back on the server: show it as it is now (fresh totals, stock).
    await refreshCheckoutCart(client, cartId);
    requestAnimationFrame(() => problemRef.current?.focus());
    return null;
  }

  return { onReady, problem, problemRef, pay, save, setSave, clearProblem: () => setProblem(null) };
}
