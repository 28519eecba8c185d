import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import styles from './CreateAccountOffer.module.css';

/** After a guest order: an account makes the next order faster and keeps this one's history. */
export function CreateAccountOffer({ email }: { email?: string | null }) {
  const search = email ? `?email=${encodeURIComponent(email)}` : '';
  return (
    <section className={styles.offer} aria-labelledby="create-account-offer">
      <h2 id="create-account-offer">
        <FormattedMessage id="account.offer.title" defaultMessage="Save your details for next time" />
      </h2>
      <p>
        <FormattedMessage
          id="account.offer.text"
          defaultMessage="Create an account to check out faster, keep an address book and follow your orders."
        />
      </p>
      <Link to={`/account/create${search}`} className={styles.link}>
        <FormattedMessage id="account.offer.link" defaultMessage="Create an account" />
      </Link>
    </section>
  );
}
