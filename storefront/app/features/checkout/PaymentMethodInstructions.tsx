import { FormattedMessage } from 'react-intl';
import { CheckPaymentInstructions } from '../../shared/CheckPaymentInstructions';
import styles from '../../shared/CheckPaymentInstructions.module.css';

/**
 * What the payment step tells a shopper about the offline method they chose. Whom to pay by check
 * comes from storeConfig; Magento's GraphQL has no field for the bank-transfer or cash-on-delivery
 * instructions before an order exists (they travel with the order's payment), so the step says
 * where the shopper will find them.
 */
export function PaymentMethodInstructions({ paymentCode }: { paymentCode: string | null | undefined }) {
  if (paymentCode === 'banktransfer')
    return (
      <p className={styles.instructions} data-testid="payment-instructions">
        <FormattedMessage
          id="payment.banktransfer.later"
          defaultMessage="Our bank details and the reference to give follow on the confirmation page and in your confirmation e-mail. We send your order once the money has arrived."
        />
      </p>
    );
  if (paymentCode === 'cashondelivery')
    return (
      <p className={styles.instructions} data-testid="payment-instructions">
        <FormattedMessage
          id="payment.cashondelivery.later"
          defaultMessage="You pay the courier when your parcel arrives; how is on the confirmation page and in your confirmation e-mail."
        />
      </p>
    );
  return <CheckPaymentInstructions paymentCode={paymentCode} />;
}
