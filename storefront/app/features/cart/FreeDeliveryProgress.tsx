import { useQuery } from '@apollo/client/react';
import { Truck } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Icon } from '@vela/ui/Icon';
import { Price } from '@vela/ui/Price';
import { freeDeliveryProgress } from './freeDelivery';
import { FreeDeliveryQuery } from './freeDeliveryQuery';
import styles from './FreeDeliveryProgress.module.css';

/**
 * "$12.00 away from free delivery" with a progress bar, or "Free delivery unlocked", from the cart's
 * subtotal after discounts. Nothing when the shop offers no free delivery or does not say from
 * what amount (a Magento shop without the setting answers the query with an error: ignored).
 */
export function FreeDeliveryProgress({
  subtotal,
  compact = false,
}: {
  subtotal: { value?: number | null; currency?: string | null } | null | undefined;
  compact?: boolean;
}) {
  const intl = useIntl();
  const { data } = useQuery(FreeDeliveryQuery, { fetchPolicy: 'cache-first', errorPolicy: 'ignore' });
  // Rendered on the server too: the cart page's loader reads the settings into the render's cache
  // (the cache merges `currency`, which the store switcher also reads: typePolicies.ts).
  const progress = freeDeliveryProgress(data, subtotal);
  if (!progress) return null;
  const money = (value: number) => intl.formatNumber(value, { style: 'currency', currency: progress.currency });
  const className = `${styles.progress} ${compact ? styles.compact : ''}`;
  if (progress.kind === 'unlocked') {
    return (
      <div className={`${className} ${styles.unlocked}`} data-testid="free-delivery">
        <p className={styles.text}>
          <Icon icon={Truck} size={20} className={styles.icon} />
          <strong>
            <FormattedMessage id="cart.freeDelivery.unlocked" defaultMessage="Free delivery unlocked" />
          </strong>
        </p>
      </div>
    );
  }
  const percent = Math.round(progress.fraction * 100);
  return (
    <div className={className} data-testid="free-delivery">
      <p className={styles.text}>
        <Icon icon={Truck} size={20} className={styles.icon} />
        <span>
          <FormattedMessage
            id="cart.freeDelivery.away"
            defaultMessage="{amount} away from free delivery"
            values={{ amount: <Price value={progress.remaining} currency={progress.currency} /> }}
          />
        </span>
      </p>
      <div
        className={styles.track}
        role="progressbar"
        aria-label={intl.formatMessage({
          id: 'cart.freeDelivery.progressLabel',
          defaultMessage: 'Towards free delivery',
        })}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={intl.formatMessage(
          { id: 'cart.freeDelivery.progressText', defaultMessage: '{subtotal} of {threshold}' },
          { subtotal: money(progress.subtotal), threshold: money(progress.threshold) },
        )}
      >
        <div className={styles.bar} style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
