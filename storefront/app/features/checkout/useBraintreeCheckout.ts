import { useApolloClient } from '@apollo/client/react';
import { useCallback, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import type { BraintreeCardHandle } from './BraintreeHostedFields';
import { type BraintreeOutcome, keptCardHash, payThroughBraintree } from './braintreeCard';
import { SetCheckoutBraintreePaymentMutation, SetCheckoutBraintreeVaultPaymentMutation } from './braintreeDocuments';
import { placeCardOrder, refreshCheckoutCart, saveCardOnCart } from './placeCardOrder';
import type { PlacedOrder } from './placedOrder';

/**
 * Paying through Braintree from the payment step, with a new card (hosted fields) or a kept one:
 * the fields' handle, "keep this card", the problem shown beside the card, and `pay`, which the
 * step runs inside its busy action (the button shows progress, Place order cannot be sent twice).
 */
export function useBraintreeCheckout(cartId: string) {
  const intl = useIntl();
  const client = useApolloClient();
  const handle = useRef<BraintreeCardHandle | null>(null);
  const problemRef = useRef<HTMLParagraphElement | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [keep, setKeep] = useState(false);
  const paying = useRef(false);
  const onReady = useCallback((ready: BraintreeCardHandle | null) => {
    handle.current = ready;
  }, []);

  /** Pays with `choice` (`braintree`, or a kept card's choice); the order, else null with the reason shown and focused. */
  async function pay(choice: string): Promise<PlacedOrder | null> {
    if (paying.current) return null;
    paying.current = true;
    try {
      setProblem(null);
      const keptCard = keptCardHash(choice);
      const fields = handle.current;
      const outcome: BraintreeOutcome<PlacedOrder> =
        keptCard || fields
          ? await payThroughBraintree<PlacedOrder>(
              {
                tokenize: () => (fields ? fields.tokenize() : Promise.resolve({ problem: '' })),
                saveOnCart: (payment) =>
                  saveCardOnCart(() =>
                    'publicHash' in payment
                      ? client.mutate({
                          mutation: SetCheckoutBraintreeVaultPaymentMutation,
                          variables: { cartId, publicHash: payment.publicHash },
                        })
                      : client.mutate({
                          mutation: SetCheckoutBraintreePaymentMutation,
                          variables: { cartId, nonce: payment.nonce, keep, deviceData: payment.deviceData },
                        }),
                  ),
                placeOrder: () => placeCardOrder(client, cartId),
              },
              keptCard,
              intl.formatMessage({
                id: 'checkout.card.refused',
                defaultMessage: 'The payment did not go through. Try another card or another way to pay.',
              }),
            )
          : {
              kind: 'cardProblem',
              message: intl.formatMessage({
                id: 'checkout.card.notReady',
                defaultMessage: 'The card form is not ready yet. Wait a moment and try again.',
              }),
            };
      if (outcome.kind === 'placed') return outcome.order;
      setProblem(outcome.message);
      await refreshCheckoutCart(client, cartId);
      requestAnimationFrame(() => problemRef.current?.focus());
      return null;
    } finally {
      paying.current = false;
    }
  }

  return { onReady, problem, problemRef, pay, keep, setKeep, clearProblem: () => setProblem(null) };
}
