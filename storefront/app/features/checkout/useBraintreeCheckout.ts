import { useApolloClient } from '@apollo/client/react';
import { useCallback, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import type { BraintreeCardHandle } from './BraintreeHostedFields';
import {
  type BraintreeOutcome,
  keptCardHash,
  payThroughBraintree,
  type ThreeDSecureProblem,
  verifyCardRequest,
} from './braintreeCard';
import { SetCheckoutBraintreePaymentMutation, SetCheckoutBraintreeVaultPaymentMutation } from './braintreeDocuments';
import { CheckoutCartQuery } from './checkoutQueries';
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
  const [progress, setProgress] = useState<string | null>(null);
  const paying = useRef(false);
  const onReady = useCallback((ready: BraintreeCardHandle | null) => {
    handle.current = ready;
  }, []);

  /** Pays with `choice` (`braintree`, or a kept card's choice); the order, else null with the reason shown and focused. */
  const threeDSecureProblems: Record<ThreeDSecureProblem, string> = {
    failed: intl.formatMessage({
      id: 'checkout.braintree.threeDSecureFailed',
      defaultMessage:
        'Your card issuer did not confirm this payment. Nothing was taken: try again, or use another card.',
    }),
    canceled: intl.formatMessage({
      id: 'checkout.braintree.threeDSecureCanceled',
      defaultMessage: 'The check with your card issuer was closed before it ended. Nothing was taken: try again.',
    }),
    unavailable: intl.formatMessage({
      id: 'checkout.braintree.threeDSecureUnavailable',
      defaultMessage: 'The check with your card issuer could not run. Try again, or choose another way to pay.',
    }),
  };

  /**
   * 3-D Secure for a new card's nonce, when the store asks for it: the cart's grand total and
   * billing address as the server answers them now (never a total computed here), then verifyCard.
   */
  async function verify(card: { nonce: string; bin: string | null }): Promise<{ nonce: string } | { problem: string }> {
    const threeDSecure = handle.current?.threeDSecure;
    if (!threeDSecure) return card;
    setProgress(
      intl.formatMessage({
        id: 'checkout.braintree.verifying',
        defaultMessage: 'Checking the payment with your card issuer…',
      }),
    );
    try {
      const { data } = await client.query({
        query: CheckoutCartQuery,
        variables: { cartId },
        fetchPolicy: 'network-only',
      });
      const request = data?.cart ? verifyCardRequest(data.cart, card, threeDSecure.settings) : null;
      if (request === 'skip') return card;
      if (!request) return { problem: threeDSecureProblems.unavailable };
      const verified = await threeDSecure.verify(request);
      return 'problem' in verified ? { problem: threeDSecureProblems[verified.problem] } : verified;
    } finally {
      setProgress(null);
    }
  }

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
                verify,
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

  return { onReady, problem, problemRef, progress, pay, keep, setKeep, clearProblem: () => setProblem(null) };
}
