import { AlertTriangle, CircleCheck, CircleX } from 'lucide-react';
import { FormattedMessage } from 'react-intl';
import { Icon } from '@vela/ui/Icon';
import type { StockStatus as Status } from './variantSelection';
import styles from './StockStatus.module.css';

export function StockStatus({ status, onlyLeft }: { status: Status; onlyLeft: number | null }) {
  if (status === 'OUT_OF_STOCK') {
    return (
      <p className={`${styles.stock} ${styles.out}`}>
        <Icon icon={CircleX} size={20} />
        <FormattedMessage id="product.outOfStock" defaultMessage="Out of stock" />
      </p>
    );
  }
  if (onlyLeft != null && onlyLeft > 0) {
    return (
      <p className={`${styles.stock} ${styles.low}`}>
        <Icon icon={AlertTriangle} size={20} />
        <FormattedMessage
          id="product.onlyLeft"
          defaultMessage="Only {count, number} left"
          values={{ count: onlyLeft }}
        />
      </p>
    );
  }
  return (
    <p className={`${styles.stock} ${styles.in}`}>
      <Icon icon={CircleCheck} size={20} />
      <FormattedMessage id="product.inStock" defaultMessage="In stock" />
    </p>
  );
}
