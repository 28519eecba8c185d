import { useQuery } from '@apollo/client/react';
import { FormattedMessage } from 'react-intl';
import { CheckPaymentInstructionsQuery } from './checkPaymentInstructionsQuery';
import styles from './CheckPaymentInstructions.module.css';

/**
 * How to pay by check or money order: whom to make it payable to and where to send it, as the
 * store view's settings say. Nothing when the method is another or the shop has set neither.
 */
export function CheckPaymentInstructions({ paymentCode }: { paymentCode: string | null | undefined }) {
  const { data } = useQuery(CheckPaymentInstructionsQuery, {
    fetchPolicy: 'cache-first',
    skip: paymentCode !== 'checkmo',
  });
  if (paymentCode !== 'checkmo') return null;
  const payableTo = data?.storeConfig?.check_money_order_make_check_payable_to?.trim();
  const sendTo = (data?.storeConfig?.check_money_order_send_check_to ?? '')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  if (!payableTo && sendTo.length === 0) return null;
  return (
    <div className={styles.instructions} data-testid="check-instructions">
      {payableTo && (
        <p>
          <FormattedMessage
            id="payment.checkmo.payableTo"
            defaultMessage="Make your check payable to {name}."
            values={{ name: <strong>{payableTo}</strong> }}
          />
        </p>
      )}
      {sendTo.length > 0 && (
        <>
          <p>
            <FormattedMessage id="payment.checkmo.sendTo" defaultMessage="Send it to:" />
          </p>
          <address className={styles.address}>
            {sendTo.map((line, index) => (
              <span key={index}>{line}</span>
            ))}
          </address>
        </>
      )}
    </div>
  );
}
