import { Banknote, CreditCard, Landmark, ScrollText } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Icon } from '@vela/ui/Icon';
import type { WaysToPay } from '../features/store/waysToPay';
import styles from './PaymentMarks.module.css';

type Method = { key: string; icon: LucideIcon; label: { id: string; defaultMessage: string } };

// The ways the shop is paid, as the backend answers them (features/store/waysToPay.ts). Cards are
// named by their brands in words, which screen readers read and which cost no images.
const CARDS: Method = {
  key: 'cards',
  icon: CreditCard,
  label: { id: 'layout.payment.cards', defaultMessage: 'Cards: Visa, Mastercard, American Express, Discover' },
};

const OFFLINE: readonly Method[] = [
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

/** Without the backend's answers (an error page), the offline methods the embedded backend offers. */
export function PaymentMarks({ ways }: { ways?: WaysToPay | undefined }) {
  const intl = useIntl();
  const methods = [
    ...(ways?.cards ? [CARDS] : []),
    ...OFFLINE.filter((m) => m.key !== 'checkmo' || (ways?.checkMo ?? true)),
  ];
  return (
    <div className={styles.marks}>
      <p className={styles.heading}>
        <FormattedMessage id="layout.payment.heading" defaultMessage="Ways to pay" />
      </p>
      <ul className={styles.list}>
        {methods.map((method) => (
          <li key={method.key} className={styles.mark}>
            <Icon icon={method.icon} size={20} />
            {intl.formatMessage(method.label)}
          </li>
        ))}
      </ul>
    </div>
  );
}
