import { useApolloClient } from '@apollo/client/react';
import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { Button } from '@vela/ui/Button';
import { setCartId } from '../../data/cartId';
import { describeError } from '../../data/errors';
import { clearPendingCardPayment, loadPendingCardPayment, type PendingCardPayment } from './pendingCardPayment';
import { placeCardOrder } from './placeCardOrder';
import { savePlacedOrder } from './placedOrder';
import styles from './FinishPaying.module.css';

const SUCCESS_PATH = '/checkout/success';

/**
 * "Finish paying": an order this browser started paying by card waits for its 3-D Secure step (the
 * tab was closed mid-challenge). Asking placeOrder for its cart again answers the same next action,
 * never a second order; after the challenge it answers the order, or the gateway's reason with the
 * cart open again. Shows nothing when no payment waits here.
 */
export function FinishPaying() {
  const intl = useIntl();
  const client = useApolloClient();
  const navigate = useNavigate();
  const [pending, setPending] = useState<PendingCardPayment | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const problemRef = useRef<HTMLParagraphElement>(null);
  // Read after hydration: the server cannot see this browser's storage.
  useEffect(() => setPending(loadPendingCardPayment()), []);
  if (!pending) return null;
  const waiting = pending;

  function showProblem(message: string) {
    setProblem(message);
    requestAnimationFrame(() => problemRef.current?.focus());
  }

  async function finish() {
    setBusy(true);
    setProblem(null);
    try {
      let answer = await placeCardOrder(client, waiting.cartId);
      if (answer.kind === 'authenticate') {
        const { finishNextAction } = await import('./stripeNextAction');
        const refused = await finishNextAction(waiting.apiKey, waiting.locale, answer.clientSecret);
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
      setBusy(false);
    }
  }

  return (
    <section className={styles.notice} aria-labelledby="finish-paying-title">
      <h2 id="finish-paying-title">
        {intl.formatMessage({ id: 'checkout.finishPaying.title', defaultMessage: 'Your order is waiting for payment' })}
      </h2>
      <p>
        {intl.formatMessage({
          id: 'checkout.finishPaying.text',
          defaultMessage:
            'Your bank asked to confirm the card payment, and it was not finished. Finish it now; nothing is taken twice. Without it, the order is canceled within the hour and your cart comes back.',
        })}
      </p>
      <p ref={problemRef} tabIndex={-1} role="alert" className={problem ? styles.problem : styles.silent}>
        {problem}
      </p>
      <Button onClick={() => void finish()} busy={busy}>
        {intl.formatMessage({ id: 'checkout.finishPaying.action', defaultMessage: 'Finish paying' })}
      </Button>
    </section>
  );
}
