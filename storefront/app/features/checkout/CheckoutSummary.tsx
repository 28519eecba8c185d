import { ChevronDown } from 'lucide-react';
import { useRef, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Icon } from '@vela/ui/Icon';
import { Price } from '@vela/ui/Price';
import { PriceSummary } from '../../shared/PriceSummary';
import { priceSummaryLines } from '../../shared/priceSummary';
import { CheckoutItems } from './CheckoutItems';
import type { CheckoutCart } from './stepProps';
import styles from './CheckoutSummary.module.css';

const CONTENT_ID = 'checkout-summary-content';

/**
 * The cart's lines and totals beside the steps. On a wide screen a column of its own; on a phone it
 * sits above the steps as one line, "Order summary · $X", a button that opens the lines and totals
 * (closed in the server's HTML, so the first step stays on the first screen).
 */
export function CheckoutSummary({ cart, className = '' }: { cart: CheckoutCart; className?: string }) {
  const [open, setOpen] = useState(false);
  const items = useRef<HTMLDetailsElement>(null);
  const total = cart.prices?.grand_total;
  const toggle = () => {
    // Whoever opens the summary on a phone came for the lines: show them without a second tap.
    if (!open && items.current) items.current.open = true;
    setOpen(!open);
  };
  return (
    <aside
      className={`${styles.summary} ${open ? '' : styles.collapsed} ${className}`}
      aria-labelledby="checkout-summary-title"
      data-testid="checkout-summary"
    >
      <h2 id="checkout-summary-title" className={styles.title}>
        <span className={styles.wideTitle}>
          <FormattedMessage id="checkout.summary.title" defaultMessage="Order summary" />
        </span>
        <button
          type="button"
          className={styles.toggle}
          aria-expanded={open}
          aria-controls={CONTENT_ID}
          onClick={toggle}
        >
          <span className={styles.toggleText}>
            {total?.currency != null && total.value != null ? (
              <FormattedMessage
                id="checkout.summary.toggle"
                defaultMessage="Order summary · {total}"
                values={{ total: <Price value={total.value} currency={total.currency} className={styles.total} /> }}
              />
            ) : (
              <FormattedMessage id="checkout.summary.title" defaultMessage="Order summary" />
            )}
          </span>
          <Icon icon={ChevronDown} size={20} className={styles.chevron} />
        </button>
      </h2>
      <div id={CONTENT_ID} className={styles.content}>
        <details ref={items} className={styles.items}>
          <summary>
            <FormattedMessage
              id="checkout.summary.items"
              defaultMessage="{count, plural, one {# item} other {# items}} in your cart"
              values={{ count: cart.total_quantity }}
            />
          </summary>
          <CheckoutItems cart={cart} />
        </details>
        <PriceSummary lines={priceSummaryLines(cart, null, { shippingPending: true })} />
      </div>
    </aside>
  );
}
