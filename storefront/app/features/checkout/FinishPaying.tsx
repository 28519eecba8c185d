import { useApolloClient } from '@apollo/client/react';
import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { Button } from '@vela/ui/Button';
import { setCartId } from '../../data/cartId';
import { describeError } from '../../data/errors';
import { CancelCardOrderMutation, CardPaymentConfigurationQuery } from './cardPaymentDocuments';
import { clearPendingCardPayment, loadPendingCardPayment, type PendingCardPayment } from './pendingCardPayment';
import { placeCardOrder } from './placeCardOrder';
import { savePlacedOrder } from './placedOrder';
import styles from './FinishPaying.module.css';

const SUCCESS_PATH = '/checkout/success';

/** An order met on its own page (the account's, a guest's lookup) whose card payment waits. */
export interface WaitingCardOrder {
  /** The cart it was placed from, as the order's payment answers it to its own shopper. */
  cartId: string;
  /** The order's id, for a signed-in customer who may give it up to pay with another card. */
  uid: string | null;
}

/** Stripe.js's key and locale: remembered in this browser, or asked of the shop. */
async function stripeSetUp(client: ReturnType<typeof useApolloClient>, waiting: PendingCardPayment) {
  if (waiting.apiKey) return { apiKey: waiting.apiKey, locale: waiting.locale };
  const { data } = await client.query({ query: CardPaymentConfigurationQuery, fetchPolicy: 'network-only' });
  const apiKey = data?.getStripeConfiguration?.apiKey;
  if (!apiKey) throw new Error('Card payments are not available right now.');
  return { apiKey, locale: data?.getStripeConfiguration?.locale ?? 'auto' };
}

/**
 * "Finish paying": an order started paying by card waits for its 3-D Secure step (the tab was
 * closed mid-challenge): remembered in this browser, or met on the order's page (`order`) from any
 * browser. Asking placeOrder for its cart again answers the same next action, never a second order;
 * after the challenge it answers the order, or the gateway's reason with the cart open again. A
 * signed-in customer may instead give the order up (cancelOrder) and pay its cart with another card.
 * Shows nothing when no payment waits.
 */
export function FinishPaying({ order }: { order?: WaitingCardOrder } = {}) {
  const intl = useIntl();
  const client = useApolloClient();
  const navigate = useNavigate();
  const [pending, setPending] = useState<PendingCardPayment | null>(null);
  const [busy, setBusy] = useState<'finish' | 'another' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const problemRef = useRef<HTMLParagraphElement>(null);
  // Read after hydration: the server cannot see this browser's storage.
  const orderCartId = order?.cartId ?? null;
  useEffect(
    () =>
      setPending(
        orderCartId ? { cartId: orderCartId, apiKey: '', locale: '', at: Date.now() } : loadPendingCardPayment(),
      ),
    [orderCartId],
  );
  if (!pending) return null;
  const waiting = pending;
  const giveUpUid = order?.uid ?? null;

  function showProblem(message: string) {
    setProblem(message);
    requestAnimationFrame(() => problemRef.current?.focus());
  }

  async function finish() {
    setBusy('finish');
    setProblem(null);
    try {
      let answer = await placeCardOrder(client, waiting.cartId);
      if (answer.kind === 'authenticate') {
        const { finishNextAction } = await import('./stripeNextAction');
        const stripe = await stripeSetUp(client, waiting);
        const refused = await finishNextAction(stripe.apiKey, stripe.locale, answer.clientSecret);
        answer = await placeCardOrder(client, waiting.cartId);
        if (answer.kind === 'authenticate') {
          showProblem(
            refused ||
              intl.formatMessage({
                id: 'checkout.finishPaying.unfinished',
                defaultMessage: 'The card check was not finished. Try again.',
              }),
          );
          return;
        }
      }
      clearPendingCardPayment();
      if (answer.kind === 'placed') {
        savePlacedOrder(answer.order);
        await navigate(SUCCESS_PATH, { replace: true });
        return;
      }
      // Refused: the order was canceled and its cart is the shopper's again, to pay another way.
      setCartId(waiting.cartId);
      setPending(null);
      await navigate('/checkout');
    } catch (error) {
      showProblem(describeError(error).message);
    } finally {
      setBusy(null);
    }
  }

  // The order is given up (its payment voided, its stock returned) and its cart opened again.
  async function payAnotherWay(uid: string) {
    setBusy('another');
    setProblem(null);
    try {
      const answer = (
        await client.mutate({
          mutation: CancelCardOrderMutation,
          variables: { orderId: uid, reason: 'Paying with another card' },
        })
      ).data?.cancelOrder;
      if (answer?.error) {
        showProblem(answer.error);
        return;
      }
      clearPendingCardPayment();
      setCartId(waiting.cartId);
      await navigate('/checkout');
    } catch (error) {
      showProblem(describeError(error).message);
    } finally {
      setBusy(null);
    }
  }

  return (
    <section className={styles.notice} aria-labelledby="finish-paying-title">
      <h2 id="finish-paying-title">
        {intl.formatMessage({ id: 'checkout.finishPaying.title', defaultMessage: 'Your order is waiting for payment' })}
      </h2>
      <p>
        {giveUpUid
          ? intl.formatMessage({
              id: 'checkout.finishPaying.textOrder',
              defaultMessage:
                'Your bank asked to confirm the card payment, and it was not finished. Finish it now with the same card, or pay with another card; nothing is taken twice. Without either, the order is canceled within the hour and your cart comes back.',
            })
          : intl.formatMessage({
              id: 'checkout.finishPaying.text',
              defaultMessage:
                'Your bank asked to confirm the card payment, and it was not finished. Finish it now; nothing is taken twice. Without it, the order is canceled within the hour and your cart comes back.',
            })}
      </p>
      <p ref={problemRef} tabIndex={-1} role="alert" className={problem ? styles.problem : styles.silent}>
        {problem}
      </p>
      <div className={styles.actions}>
        <Button onClick={() => void finish()} busy={busy === 'finish'} disabled={busy !== null}>
          {intl.formatMessage({ id: 'checkout.finishPaying.action', defaultMessage: 'Finish paying' })}
        </Button>
        {giveUpUid && (
          <Button
            variant="secondary"
            onClick={() => void payAnotherWay(giveUpUid)}
            busy={busy === 'another'}
            disabled={busy !== null}
          >
            {intl.formatMessage({ id: 'checkout.finishPaying.another', defaultMessage: 'Pay with another card' })}
          </Button>
        )}
      </div>
    </section>
  );
}
