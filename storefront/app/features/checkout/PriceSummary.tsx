import { FormattedMessage } from 'react-intl';
import { Price } from '../../ui/Price';
import styles from './CheckoutSummaries.module.css';

import type { MoneyFields } from '../../shared/money';

export interface PriceLines {
  subtotal?: MoneyFields | null;
  discounts: ReadonlyArray<{ label: string; amount: MoneyFields }>;
  /** Null before a shipping method is chosen. */
  shipping?: MoneyFields | null;
  /** The order's tax total, as the server summed it. */
  tax?: MoneyFields | null;
  /** Or, for a cart, each tax the server applied, on its own line. */
  taxes?: ReadonlyArray<{ label: string; amount: MoneyFields }>;
  grandTotal?: MoneyFields | null;
}

function Amount({ money, negative = false }: { money: MoneyFields | null | undefined; negative?: boolean }) {
  if (money?.value == null || !money.currency) return <>—</>;
  return <Price value={negative ? -Math.abs(money.value) : money.value} currency={money.currency} />;
}

/** Subtotal, each discount, shipping, tax and grand total — all as the server computed them. */
export function PriceSummary({ lines }: { lines: PriceLines }) {
  return (
    <dl className={styles.prices}>
      <div>
        <dt>
          <FormattedMessage id="checkout.prices.subtotal" defaultMessage="Subtotal" />
        </dt>
        <dd>
          <Amount money={lines.subtotal} />
        </dd>
      </div>
      {lines.discounts.map((discount, index) => (
        <div key={index} className={styles.discount}>
          <dt>{discount.label}</dt>
          <dd>
            <Amount money={discount.amount} negative />
          </dd>
        </div>
      ))}
      <div>
        <dt>
          <FormattedMessage id="checkout.prices.shipping" defaultMessage="Shipping" />
        </dt>
        <dd>
          {lines.shipping ? (
            <Amount money={lines.shipping} />
          ) : (
            <FormattedMessage id="checkout.prices.shippingLater" defaultMessage="Chosen in step 3" />
          )}
        </dd>
      </div>
      {lines.taxes ? (
        lines.taxes.map((tax, index) => (
          <div key={index}>
            <dt>{tax.label}</dt>
            <dd>
              <Amount money={tax.amount} />
            </dd>
          </div>
        ))
      ) : (
        <div>
          <dt>
            <FormattedMessage id="checkout.prices.tax" defaultMessage="Tax" />
          </dt>
          <dd>
            <Amount money={lines.tax} />
          </dd>
        </div>
      )}
      <div className={styles.grandTotal}>
        <dt>
          <FormattedMessage id="checkout.prices.grandTotal" defaultMessage="Order total" />
        </dt>
        <dd>
          <Amount money={lines.grandTotal} />
        </dd>
      </div>
    </dl>
  );
}
