import { useQuery } from '@apollo/client/react';
import { lazy, type RefObject, Suspense, useCallback, useState } from 'react';
import { useIntl } from 'react-intl';
import type { CardPaymentHandle } from './CardPaymentElement';
import { CARD_METHOD_CODE, type CardElementsOptions, cardElementsOptions } from './cardPayment';
import { CardPaymentConfigurationQuery } from './cardPaymentDocuments';
import type { CheckoutCart } from './stepProps';
import styles from './CardPaymentField.module.css';

// Stripe.js and Stripe's React bindings come with this chunk, fetched only when the card is shown.
const CardPaymentElement = lazy(() => import('./CardPaymentElement'));

export interface CardPaymentConfiguration {
  apiKey: string;
  locale: string;
  options: CardElementsOptions;
}

/**
 * Whether the card can be offered, and how Stripe.js is set up. Asked only when the cart offers
 * `stripe_payments`; a backend that does not know `getStripeConfiguration` (a Magento without
 * Stripe's module) or answers null simply has no card choice, and no error is shown.
 */
export function useCardPaymentConfiguration(cart: CheckoutCart): CardPaymentConfiguration | null {
  const offered = (cart.available_payment_methods ?? []).some((m) => m?.code === CARD_METHOD_CODE);
  const { data } = useQuery(CardPaymentConfigurationQuery, {
    skip: !offered,
    fetchPolicy: 'cache-first',
    errorPolicy: 'ignore',
  });
  const configuration = data?.getStripeConfiguration;
  const options = cardElementsOptions(configuration?.elementsOptions, cart.prices?.grand_total);
  if (!offered || !configuration?.apiKey || !options) return null;
  return { apiKey: configuration.apiKey, locale: configuration.locale ?? 'auto', options };
}

interface CardPaymentFieldProps {
  configuration: CardPaymentConfiguration;
  /** The gateway's or the card field's last problem, shown and announced beside the field. */
  problem: string | null;
  problemRef: RefObject<HTMLParagraphElement | null>;
  onReady: (handle: CardPaymentHandle | null) => void;
  /** Offered to signed-in shoppers only: a guest has no account to save a card in. */
  canSave?: boolean;
  save?: boolean;
  onSaveChange?: (save: boolean) => void;
}

/** The card choice's body: Stripe's Payment Element, its progress while it loads, and its problems. */
export function CardPaymentField({
  configuration,
  problem,
  problemRef,
  onReady,
  canSave = false,
  save = false,
  onSaveChange,
}: CardPaymentFieldProps) {
  const intl = useIntl();
  const [loadFailed, setLoadFailed] = useState(false);
  const [ready, setReady] = useState(false);
  const readyChanged = useCallback(
    (handle: CardPaymentHandle | null) => {
      setReady(handle !== null);
      onReady(handle);
    },
    [onReady],
  );
  const failed = useCallback(() => setLoadFailed(true), []);
  const loading = (
    <p className={styles.loading} role="status">
      {intl.formatMessage({ id: 'checkout.card.loading', defaultMessage: 'Loading the secure card form…' })}
    </p>
  );

  return (
    <div className={styles.card}>
      {loadFailed ? (
        <p role="alert" className={styles.problem}>
          {intl.formatMessage({
            id: 'checkout.card.loadFailed',
            defaultMessage: 'The card form could not load. Check your connection, or choose another way to pay.',
          })}
        </p>
      ) : (
        <>
          {!ready && loading}
          <Suspense fallback={null}>
            <CardPaymentElement
              apiKey={configuration.apiKey}
              locale={configuration.locale}
              options={configuration.options}
              onReady={readyChanged}
              onLoadFailed={failed}
            />
          </Suspense>
        </>
      )}
      {canSave && !loadFailed && (
        <label className={styles.save}>
          <input
            type="checkbox"
            name="saveCard"
            checked={save}
            onChange={(event) => onSaveChange?.(event.target.checked)}
          />
          {intl.formatMessage({ id: 'checkout.card.save', defaultMessage: 'Save this card for next time' })}
        </label>
      )}
      <p ref={problemRef} tabIndex={-1} role="alert" className={problem ? styles.problem : styles.silent}>
        {problem}
      </p>
      <p className={styles.note}>
        {intl.formatMessage({
          id: 'checkout.card.note',
          defaultMessage: 'Your card details go straight to our payment provider, Stripe; this shop never sees them.',
        })}
      </p>
    </div>
  );
}
