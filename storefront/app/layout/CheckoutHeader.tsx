import { ArrowLeft, Lock } from 'lucide-react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { Icon } from '@vela/ui/Icon';
import styles from './CheckoutHeader.module.css';
import { StoreLogo } from './StoreLogo';

/**
 * Checkout's own header: the logo, a word that the page is secure and the way back to the cart.
 * No search, menu or account links to lead a shopper away mid-purchase, as shops do to keep
 * people who have decided to buy.
 */
export function CheckoutHeader({ storeName }: { storeName: string }) {
  return (
    <header className={styles.header}>
      <div className={`container ${styles.bar}`}>
        <Link to="/cart" className={styles.back}>
          <Icon icon={ArrowLeft} size={20} />
          <span className={`${styles.label} ${styles.backLabel}`}>
            <FormattedMessage id="layout.checkoutHeader.backToCart" defaultMessage="Back to cart" />
          </span>
        </Link>
        <StoreLogo storeName={storeName} className={styles.logo} />
        <p className={styles.secure}>
          <Icon icon={Lock} size={20} />
          <span className={styles.label}>
            <FormattedMessage id="layout.checkoutHeader.secure" defaultMessage="Secure checkout" />
          </span>
        </p>
      </div>
    </header>
  );
}
