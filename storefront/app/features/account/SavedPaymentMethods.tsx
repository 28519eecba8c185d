import { useApolloClient, useQuery } from '@apollo/client/react';
import { useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { describeError } from '../../data/errors';
import { readKeptCard } from '../../shared/keptCards';
import { Button } from '@vela/ui/Button';
import { AccountLoadError, AccountSkeleton } from './AccountStatus';
import { FormAlert } from './FormAlert';
import { DeleteSavedPaymentMethodMutation, SavedPaymentMethodsQuery } from './savedPaymentsDocuments';
import { useAccountStripeCards } from './useAccountStripeCards';
import formStyles from './AccountForms.module.css';
import styles from './AddressBook.module.css';

/** A saved card of either gateway, as the list shows it. */
interface SavedCard {
  key: string;
  brand: string;
  last4: string;
  expires: string;
  gateway: 'braintree' | 'stripe';
}

/**
 * The account's "Saved payment methods": the cards kept at checkout, Braintree's (Magento's vault)
 * and Stripe's (Stripe's module), each with a way to forget it.
 */
export function SavedPaymentMethods() {
  const intl = useIntl();
  const client = useApolloClient();
  const { data, error } = useQuery(SavedPaymentMethodsQuery, { fetchPolicy: 'cache-and-network' });
  const [busyHash, setBusyHash] = useState<string | null>(null);
  const [result, setResult] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const stripe = useAccountStripeCards();

  const tokens = data?.customerPaymentTokens?.items;
  if (!tokens || !stripe.cards)
    return error ? <AccountLoadError message={describeError(error).message} /> : <AccountSkeleton />;
  const cards: SavedCard[] = [
    ...stripe.cards.map((card) => ({ ...card, key: card.id, gateway: 'stripe' as const })),
    ...tokens.flatMap((token) => {
      const card = token ? readKeptCard(token) : null;
      return card ? [{ ...card, key: card.publicHash, gateway: 'braintree' as const }] : [];
    }),
  ];
  const name = (card: SavedCard) =>
    intl.formatMessage(
      { id: 'account.payments.card', defaultMessage: '{brand} ending in {last4}' },
      { brand: card.brand, last4: card.last4 },
    );

  async function forget(card: SavedCard): Promise<boolean> {
    if (card.gateway === 'stripe') {
      await stripe.remove(card.key);
      return true;
    }
    const answer = await client.mutate({
      mutation: DeleteSavedPaymentMethodMutation,
      variables: { publicHash: card.key },
      update(cache, { data: deleted }) {
        const left = deleted?.deletePaymentToken?.customerPaymentTokens;
        if (left) cache.writeQuery({ query: SavedPaymentMethodsQuery, data: { customerPaymentTokens: left } });
      },
    });
    return answer.data?.deletePaymentToken?.result === true;
  }

  async function remove(card: SavedCard) {
    const confirmed = window.confirm(
      intl.formatMessage(
        {
          id: 'account.payments.confirmDelete',
          defaultMessage: 'Delete the saved card {card}? You can save a card again at checkout.',
        },
        { card: name(card) },
      ),
    );
    if (!confirmed) return;
    setBusyHash(card.key);
    setResult(null);
    setProblem(null);
    try {
      if (!(await forget(card))) throw new Error('not deleted');
      setResult(
        intl.formatMessage(
          { id: 'account.payments.deleted', defaultMessage: 'The card {card} was deleted.' },
          { card: name(card) },
        ),
      );
    } catch (caught) {
      setProblem(
        caught instanceof Error && caught.message === 'not deleted'
          ? intl.formatMessage({
              id: 'account.payments.notDeleted',
              defaultMessage: 'The card could not be deleted. Try again.',
            })
          : describeError(caught).message,
      );
    } finally {
      setBusyHash(null);
      // The card's row (and its button) is gone: the page's heading keeps the keyboard's place.
      headingRef.current?.focus();
    }
  }

  return (
    <>
      <h1 ref={headingRef} tabIndex={-1}>
        <FormattedMessage id="account.payments.title" defaultMessage="Saved payment methods" />
      </h1>
      <FormAlert message={problem} />
      <p role="status" className={result ? formStyles.success : 'visually-hidden'}>
        {result ?? ''}
      </p>
      {cards.length === 0 ? (
        <p>
          <FormattedMessage
            id="account.payments.empty"
            defaultMessage="You have no saved cards. At checkout, tick “Save this card for next time” to pay faster later."
          />
        </p>
      ) : (
        <ul className={styles.list}>
          {cards.map((card) => (
            <li key={card.key} className={styles.card}>
              <p className={styles.address}>
                <strong>{name(card)}</strong>
                {card.expires && (
                  <span>
                    <FormattedMessage
                      id="account.payments.expires"
                      defaultMessage="Expires {date}"
                      values={{ date: card.expires }}
                    />
                  </span>
                )}
              </p>
              <div className={styles.cardActions}>
                <Button
                  variant="ghost"
                  onClick={() => void remove(card)}
                  busy={busyHash === card.key}
                  disabled={busyHash !== null}
                  aria-label={intl.formatMessage(
                    { id: 'account.payments.deleteLabel', defaultMessage: 'Delete {card}' },
                    { card: name(card) },
                  )}
                >
                  <FormattedMessage id="account.payments.delete" defaultMessage="Delete" />
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
