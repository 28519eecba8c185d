import { FormattedMessage } from 'react-intl';
import { Price } from '../../ui/Price';
import type { SummaryLine } from '../../shared/priceSummary';
import styles from './PriceSummary.module.css';

function Label({ line }: { line: SummaryLine }) {
  switch (line.kind) {
    case 'subtotal':
      return <FormattedMessage id="cart.summary.subtotal" defaultMessage="Subtotal" />;
    case 'discount':
      return (
        <FormattedMessage
          id="cart.summary.discount"
          defaultMessage="Discount ({label})"
          values={{ label: line.label }}
        />
      );
    case 'shipping':
      return line.estimated ? (
        <FormattedMessage
          id="cart.summary.shippingEstimate"
          defaultMessage="Estimated shipping ({label})"
          values={{ label: line.label }}
        />
      ) : (
        <FormattedMessage
          id="cart.summary.shipping"
          defaultMessage="Shipping ({label})"
          values={{ label: line.label }}
        />
      );
    case 'tax':
      return <FormattedMessage id="cart.summary.tax" defaultMessage="Tax ({label})" values={{ label: line.label }} />;
    case 'total':
      return line.shippingIncluded ? (
        <FormattedMessage id="cart.summary.total" defaultMessage="Order total" />
      ) : (
        <FormattedMessage id="cart.summary.totalNoShipping" defaultMessage="Order total (before shipping)" />
      );
  }
}

/** Subtotal, each discount, shipping, each tax and the grand total, as the server priced them. */
export function PriceSummary({ lines }: { lines: SummaryLine[] }) {
  return (
    <dl className={styles.summary} aria-live="polite" aria-atomic="true">
      {lines.map((line, index) => (
        <div key={`${line.kind}-${index}`} className={styles[line.kind]} data-testid={`summary-${line.kind}`}>
          <dt>
            <Label line={line} />
          </dt>
          <dd>
            <Price value={line.amount.value} currency={line.amount.currency} />
          </dd>
        </div>
      ))}
    </dl>
  );
}
