import { FormattedMessage } from 'react-intl';
import styles from './CheckPaymentInstructions.module.css';

interface PaymentMethodData {
  type: string;
  additional_data?: ReadonlyArray<{ name?: string | null; value?: string | null } | null> | null;
}

function lines(text: string | null | undefined): string[] {
  return (text ?? '')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}

/**
 * How to pay an order placed with an offline method, from the order's own payment data (Magento's
 * additional-information names: payable_to, mailing_address, instructions). Nothing when the
 * order carries none. Plain text: every line is rendered as text, never as markup.
 */
export function OrderPaymentInstructions({ method }: { method: PaymentMethodData }) {
  const data = new Map((method.additional_data ?? []).flatMap((d) => (d?.name ? [[d.name, d.value ?? '']] : [])));
  const payableTo = data.get('payable_to')?.trim();
  const sendTo = lines(data.get('mailing_address'));
  const instructions = lines(data.get('instructions'));
  if (!payableTo && sendTo.length === 0 && instructions.length === 0) return null;
  return (
    <div className={styles.instructions} data-testid="payment-instructions">
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
      {instructions.length > 0 && (
        <p className={styles.address}>
          {instructions.map((line, index) => (
            <span key={index}>{line}</span>
          ))}
        </p>
      )}
    </div>
  );
}
