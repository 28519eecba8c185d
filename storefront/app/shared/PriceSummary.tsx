import { FormattedMessage } from 'react-intl';
import { Price } from '@vela/ui/Price';
import type { SummaryLine } from './priceSummary';
import styles from './PriceSummary.module.css';

function Label({ line }: { line: SummaryLine }) {
  switch (line.kind) {
    case 'subtotal':
      return <FormattedMessage id="summary.subtotal" defaultMessage="Subtotal" />;
    case 'discount':
      return line.label ? (
        <FormattedMessage id="summary.discount" defaultMessage="Discount ({label})" values={{ label: line.label }} />
      ) : (
        <FormattedMessage id="summary.discountUnnamed" defaultMessage="Discount" />
      );
    case 'shipping':
      if (line.estimated)
        return (
          <FormattedMessage
            id="summary.shippingEstimate"
            defaultMessage="Estimated shipping ({label})"
            values={{ label: line.label }}
          />
        );
      return line.label ? (
        <FormattedMessage id="summary.shipping" defaultMessage="Shipping ({label})" values={{ label: line.label }} />
      ) : (
        <FormattedMessage id="summary.shippingUnnamed" defaultMessage="Shipping" />
      );
    case 'shippingPending':
      return <FormattedMessage id="summary.shippingUnnamed" defaultMessage="Shipping" />;
    case 'tax':
      return line.label ? (
        <FormattedMessage id="summary.tax" defaultMessage="Tax ({label})" values={{ label: line.label }} />
      ) : (
        <FormattedMessage id="summary.taxUnnamed" defaultMessage="Tax" />
      );
    case 'total':
      return line.shippingIncluded ? (
        <FormattedMessage id="summary.total" defaultMessage="Order total" />
      ) : (
        <FormattedMessage id="summary.totalNoShipping" defaultMessage="Estimated total (before shipping)" />
      );
  }
}

/**
 * Subtotal, each discount, shipping, each tax and the total, as the server priced them: the cart,
 * checkout, the order confirmation and an order in the account.
 */
export function PriceSummary({ lines }: { lines: SummaryLine[] }) {
  return (
    <dl className={styles.summary} aria-live="polite" aria-atomic="true">
      {lines.map((line, index) => (
        <div key={`${line.kind}-${index}`} className={styles[line.kind]} data-testid={`summary-${line.kind}`}>
          <dt>
            <Label line={line} />
          </dt>
          <dd>
            {line.kind === 'shippingPending' ? (
              <FormattedMessage id="summary.shippingPending" defaultMessage="Chosen in the shipping step" />
            ) : (
              <Price value={line.amount.value} currency={line.amount.currency} />
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
