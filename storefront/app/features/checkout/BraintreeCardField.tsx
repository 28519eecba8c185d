import { useApolloClient, useQuery } from '@apollo/client/react';
import { lazy, type RefObject, Suspense, useCallback, useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import type { BraintreeCardHandle } from './BraintreeHostedFields';
import { type KeptCard, readKeptCard } from '../../shared/keptCards';
import { BRAINTREE_VAULT_METHOD_CODE, readThreeDSecureSettings, type ThreeDSecureSettings } from './braintreeCard';
import {
  BraintreeThreeDSecureConfigQuery,
  CheckoutKeptCardsQuery,
  CreateBraintreeClientTokenMutation,
} from './braintreeDocuments';
import type { CheckoutCart } from './stepProps';
import cardStyles from './CardPaymentField.module.css';
import styles from './BraintreeCardField.module.css';

// braintree-web's scripts and the hosted fields' code come with this chunk, fetched only when the
// Braintree card is shown.
const BraintreeHostedFields = lazy(() => import('./BraintreeHostedFields'));

/**
 * The signed-in customer's kept Braintree cards, asked only when the cart offers the vault (the
 * server offers it to signed-in customers only); none on a backend without the vault.
 */
export function useKeptCards(cart: CheckoutCart, signedIn: boolean): KeptCard[] {
  const offered = (cart.available_payment_methods ?? []).some((m) => m?.code === BRAINTREE_VAULT_METHOD_CODE);
  const { data } = useQuery(CheckoutKeptCardsQuery, {
    skip: !offered || !signedIn,
    fetchPolicy: 'cache-and-network',
    errorPolicy: 'ignore',
  });
  if (!offered || !signedIn) return [];
  return (data?.customerPaymentTokens?.items ?? []).flatMap((token) => {
    const card = token && token.payment_method_code === 'braintree' ? readKeptCard(token) : null;
    return card ? [card] : [];
  });
}

interface BraintreeCardFieldProps {
  /** The gateway's or the fields' last problem, shown and announced beside the fields. */
  problem: string | null;
  problemRef: RefObject<HTMLParagraphElement | null>;
  /** What the payment waits for now (the card issuer's check), announced as progress. */
  progress: string | null;
  onReady: (handle: BraintreeCardHandle | null) => void;
  /** Offered to signed-in shoppers only: a guest has no account to keep a card in. */
  canKeep: boolean;
  keep: boolean;
  onKeepChange: (keep: boolean) => void;
}

/** The Braintree card's body: a client token, then the hosted fields, their progress and their problems. */
export function BraintreeCardField({
  problem,
  problemRef,
  progress,
  onReady,
  canKeep,
  keep,
  onKeepChange,
}: BraintreeCardFieldProps) {
  const intl = useIntl();
  const client = useApolloClient();
  const [setUp, setSetUp] = useState<{ clientToken: string; threeDSecure: ThreeDSecureSettings | null } | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    let current = true;
    // A client token is made per visit of the card (Braintree's tokens expire after a day); the
    // store's 3-D Secure settings come with it (none from a backend that does not tell them).
    const threeDSecure = client
      .query({ query: BraintreeThreeDSecureConfigQuery, fetchPolicy: 'network-only' })
      .then(({ data }) => readThreeDSecureSettings(data?.storeConfig))
      .catch(() => null);
    Promise.all([client.mutate({ mutation: CreateBraintreeClientTokenMutation }), threeDSecure])
      .then(([{ data }, settings]) => {
        if (!current) return;
        if (data?.createBraintreeClientToken)
          setSetUp({ clientToken: data.createBraintreeClientToken, threeDSecure: settings });
        else setLoadFailed(true);
      })
      .catch(() => current && setLoadFailed(true));
    return () => {
      current = false;
    };
  }, [client]);

  const readyChanged = useCallback(
    (handle: BraintreeCardHandle | null) => {
      setReady(handle !== null);
      onReady(handle);
    },
    [onReady],
  );
  const failed = useCallback(() => setLoadFailed(true), []);

  return (
    <div className={cardStyles.card}>
      {loadFailed ? (
        <p role="alert" className={cardStyles.problem}>
          {intl.formatMessage({
            id: 'checkout.card.loadFailed',
            defaultMessage: 'The card form could not load. Check your connection, or choose another way to pay.',
          })}
        </p>
      ) : (
        <>
          {!ready && (
            <p className={cardStyles.loading} role="status">
              {intl.formatMessage({ id: 'checkout.card.loading', defaultMessage: 'Loading the secure card form…' })}
            </p>
          )}
          {setUp && (
            <Suspense fallback={null}>
              <BraintreeHostedFields
                clientToken={setUp.clientToken}
                threeDSecure={setUp.threeDSecure}
                onReady={readyChanged}
                onLoadFailed={failed}
              />
            </Suspense>
          )}
        </>
      )}
      {canKeep && !loadFailed && (
        <label className={styles.keep}>
          <input type="checkbox" name="keepCard" checked={keep} onChange={(e) => onKeepChange(e.target.checked)} />
          {intl.formatMessage({ id: 'checkout.braintree.keep', defaultMessage: 'Save this card for next time' })}
        </label>
      )}
      <p role="status" className={progress ? cardStyles.loading : cardStyles.silent}>
        {progress}
      </p>
      <p ref={problemRef} tabIndex={-1} role="alert" className={problem ? cardStyles.problem : cardStyles.silent}>
        {problem}
      </p>
      <p className={cardStyles.note}>
        {intl.formatMessage({
          id: 'checkout.braintree.note',
          defaultMessage:
            'Your card details go straight to our payment provider, Braintree (PayPal); this shop never sees them.',
        })}
      </p>
    </div>
  );
}

/** The problem beside a kept card's choice (a decline), where the hosted fields are not shown. */
export function KeptCardProblem({
  problem,
  problemRef,
}: {
  problem: string | null;
  problemRef: RefObject<HTMLParagraphElement | null>;
}) {
  return (
    <p ref={problemRef} tabIndex={-1} role="alert" className={problem ? cardStyles.problem : cardStyles.silent}>
      {problem}
    </p>
  );
}
