import { Banknote, Landmark, ScrollText } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Icon } from '@vela/ui/Icon';
import styles from './PaymentMarks.module.css';

// The ways the shop is paid, as its checkout offers them (the embedded backend's methods). A shop
// that takes other methods lists its own here.
const METHODS: ReadonlyArray<{ key: string; icon: LucideIcon; label: { id: string; defaultMessage: string } }> = [
  {
    key: 'banktransfer',
    icon: Landmark,
    label: { id: 'layout.payment.bankTransfer', defaultMessage: 'Bank transfer' },
  },
  {
    key: 'cashondelivery',
    icon: Banknote,
    label: { id: 'layout.payment.cashOnDelivery', defaultMessage: 'Cash on delivery' },
  },
  { key: 'checkmo', icon: ScrollText, label: { id: 'layout.payment.checkMo', defaultMessage: 'Check / money order' } },
];

export function PaymentMarks() {
  const intl = useIntl();
  return (
    <div className={styles.marks}>
      <p className={styles.heading}>
        <FormattedMessage id="layout.payment.heading" defaultMessage="Ways to pay" />
      </p>
      <ul className={styles.list}>
        {METHODS.map((method) => (
          <li key={method.key} className={styles.mark}>
            <Icon icon={method.icon} size={20} />
            {intl.formatMessage(method.label)}
          </li>
        ))}
      </ul>
    </div>
  );
}
