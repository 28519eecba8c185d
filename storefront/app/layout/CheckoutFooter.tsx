import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { WaysToPay } from '../features/store/waysToPay';
import styles from './CheckoutFooter.module.css';
import { PaymentMarks } from './PaymentMarks';

interface CheckoutFooterProps {
  storeName: string;
  copyright: string | null | undefined;
  waysToPay?: WaysToPay;
}

/**
 * Checkout's own footer: where to get help and the shop's policies, the ways to pay and the
 * copyright. No newsletter, category links or store switch: each leads away mid-purchase, and
 * switching the store view drops the cart. The pages are Magento's usual CMS pages.
 */
export function CheckoutFooter({ storeName, copyright, waysToPay }: CheckoutFooterProps) {
  const intl = useIntl();
  return (
    <footer className={styles.footer}>
      <div className={`container ${styles.bar}`}>
        <nav
          aria-label={intl.formatMessage({ id: 'layout.checkoutFooter.label', defaultMessage: 'Help and policies' })}
        >
          <ul className={styles.links}>
            <li>
              <Link to="/customer-service">
                <FormattedMessage id="layout.checkoutFooter.help" defaultMessage="Help with your order" />
              </Link>
            </li>
            <li>
              <Link to="/contact">
                <FormattedMessage id="layout.checkoutFooter.contact" defaultMessage="Contact us" />
              </Link>
            </li>
            <li>
              <Link to="/customer-service">
                <FormattedMessage id="layout.checkoutFooter.returns" defaultMessage="Delivery and returns" />
              </Link>
            </li>
            <li>
              <Link to="/privacy-policy-cookie-restriction-mode">
                <FormattedMessage id="layout.checkoutFooter.privacy" defaultMessage="Privacy and cookies" />
              </Link>
            </li>
          </ul>
        </nav>
        <PaymentMarks ways={waysToPay} />
        <p className={styles.copyright}>
          {copyright || (
            <FormattedMessage
              id="layout.footer.copyright"
              defaultMessage="© {year} {store}"
              values={{ year: new Date().getFullYear(), store: storeName }}
            />
          )}
        </p>
      </div>
    </footer>
  );
}
