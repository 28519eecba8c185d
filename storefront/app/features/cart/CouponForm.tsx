import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '@vela/ui/Button';
import { Field } from '@vela/ui/Field';
import { applyCoupon, removeCoupon } from './cartChanges';
import { useCartMutation } from './useCartMutation';
import { useFormatCartMessage } from './useCartMessage';
import styles from './CouponForm.module.css';

export function CouponForm({ applied }: { applied: string | null }) {
  const intl = useIntl();
  const [code, setCode] = useState('');
  const [empty, setEmpty] = useState(false);
  const { run, busy, message } = useCartMutation();
  const format = useFormatCartMessage();

  if (applied) {
    return (
      <div className={styles.applied}>
        <p className={styles.appliedText} role="status">
          <FormattedMessage
            id="cart.coupon.applied"
            defaultMessage="Coupon {code} applied"
            values={{ code: <strong>{applied}</strong> }}
          />
        </p>
        <Button variant="secondary" busy={busy} onClick={() => void run(removeCoupon())}>
          <FormattedMessage id="cart.coupon.remove" defaultMessage="Remove coupon" />
        </Button>
        {message && (
          <p role="alert" className={styles.error}>
            {format(message)}
          </p>
        )}
      </div>
    );
  }

  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const trimmed = code.trim();
        setEmpty(!trimmed);
        if (!trimmed) return;
        void run(applyCoupon(trimmed)).then((ok) => ok && setCode(''));
      }}
    >
      <Field
        className={styles.field}
        label={intl.formatMessage({ id: 'cart.coupon.label', defaultMessage: 'Coupon code' })}
        name="coupon"
        autoComplete="off"
        autoCapitalize="characters"
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={
          empty
            ? intl.formatMessage({ id: 'cart.coupon.required', defaultMessage: 'Enter a coupon code.' })
            : (format(message) ?? undefined)
        }
      />
      {/* The field shows the error; this announces it. */}
      <p className="visually-hidden" role="alert">
        {format(message)}
      </p>
      <Button type="submit" variant="secondary" busy={busy} className={styles.apply}>
        <FormattedMessage id="cart.coupon.apply" defaultMessage="Apply" />
      </Button>
    </form>
  );
}
