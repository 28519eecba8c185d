import { ShoppingBag, WifiOff } from 'lucide-react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { Icon } from '@vela/ui/Icon';
import { Skeleton } from '@vela/ui/Skeleton';
import { Spinner } from '@vela/ui/Spinner';
import styles from './CheckoutPage.module.css';

/** No cart, an emptied cart or one that was already ordered: all the same to the shopper. */
export function EmptyCheckout() {
  return (
    <section className={styles.message} aria-labelledby="checkout-empty-title">
      <Icon icon={ShoppingBag} size={40} />
      <h1 id="checkout-empty-title">
        <FormattedMessage id="checkout.empty.title" defaultMessage="Your cart is empty" />
      </h1>
      <p>
        <FormattedMessage
          id="checkout.empty.text"
          defaultMessage="Add something you like to your cart, then come back here to order it."
        />
      </p>
      <Link to="/" className={styles.linkButton}>
        <FormattedMessage id="checkout.empty.shop" defaultMessage="Continue shopping" />
      </Link>
    </section>
  );
}

export function CheckoutLoadError({ message }: { message: string }) {
  return (
    <section className={styles.message} aria-labelledby="checkout-error-title">
      <h1 id="checkout-error-title">
        <FormattedMessage id="checkout.loadError.title" defaultMessage="We could not open the checkout" />
      </h1>
      <p role="alert">{message}</p>
      <Link to="/checkout" reloadDocument className={styles.linkButton}>
        <FormattedMessage id="checkout.loadError.retry" defaultMessage="Try again" />
      </Link>
    </section>
  );
}

/** What the server renders (the cart is private) and what shows until the browser has the cart. */
export function CheckoutSkeleton() {
  return (
    <div className={`container ${styles.page}`} aria-busy="true">
      <h1 className={styles.title}>
        <FormattedMessage id="checkout.title" defaultMessage="Checkout" />
      </h1>
      <Spinner />
      <div className={styles.layout}>
        <div>
          {[1, 2, 3, 4, 5].map((n) => (
            <div key={n} className={styles.skeletonStep}>
              <Skeleton height={28} width="60%" />
            </div>
          ))}
        </div>
        <Skeleton height={260} />
      </div>
    </div>
  );
}

export function OfflineNotice() {
  return (
    <p role="status" className={styles.offline}>
      <Icon icon={WifiOff} size={20} />
      <FormattedMessage
        id="checkout.offline"
        defaultMessage="You are offline. You can keep filling in the form; saving a step and placing the order need a connection."
      />
    </p>
  );
}
