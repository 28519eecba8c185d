import { CircleCheck } from 'lucide-react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { Icon } from '@vela/ui/Icon';
import styles from './OrderConfirmation.module.css';

interface OrderUnconfirmedProps {
  email: string | null;
  /** A signed-in customer finds the order in the account; a guest through "Find my order". */
  signedIn: boolean;
}

/**
 * The order went through but its answer was lost on the way (the cart is closed). Placing it
 * again would only be refused, so the shopper is told where the order is instead.
 */
export function OrderUnconfirmed({ email, signedIn }: OrderUnconfirmedProps) {
  return (
    <div className={`container ${styles.page}`} role="status">
      <div className={styles.hero}>
        <Icon icon={CircleCheck} size={40} className={styles.tick} />
        <h1>
          <FormattedMessage id="checkout.unconfirmed.title" defaultMessage="Your order was placed" />
        </h1>
        <p>
          <FormattedMessage
            id="checkout.unconfirmed.text"
            defaultMessage="The connection dropped before we could show the confirmation, but the order went through. Please do not order again."
          />
        </p>
        {email && (
          <p>
            <FormattedMessage
              id="checkout.unconfirmed.email"
              defaultMessage="A confirmation with the order number is on its way to {email}."
              values={{ email: <strong>{email}</strong> }}
            />
          </p>
        )}
        <p>
          {signedIn ? (
            <Link to="/account/orders" className={styles.link}>
              <FormattedMessage id="checkout.unconfirmed.orders" defaultMessage="See your orders" />
            </Link>
          ) : (
            <Link to="/sales/guest/form" className={styles.link}>
              <FormattedMessage id="checkout.unconfirmed.find" defaultMessage="Find your order" />
            </Link>
          )}
        </p>
      </div>
    </div>
  );
}
