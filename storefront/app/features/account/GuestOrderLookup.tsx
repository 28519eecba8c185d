import { useApolloClient } from '@apollo/client/react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '@vela/ui/Button';
import { Field } from '@vela/ui/Field';
import { fieldMessages } from '@vela/ui/fieldMessages';
import { focusFirstInvalid } from '@vela/ui/focusFirstInvalid';
import { accountMessages } from './accountMessages';
import { type FormErrors, emailProblem } from './accountValidation';
import { FormAlert } from './FormAlert';
import { OrderView, type OrderViewData } from './OrderDetails';
import { GuestOrderQuery } from './orderQueries';
import { useErrorText, useFormAction } from './useFormAction';
import styles from './AccountForms.module.css';

type LookupField = 'number' | 'email' | 'postcode';

export function validateGuestOrderLookup(values: Record<LookupField, string>): FormErrors<LookupField> {
  const errors: FormErrors<LookupField> = {};
  if (!values.number.trim()) errors.number = fieldMessages.required;
  const email = emailProblem(values.email);
  if (email) errors.email = email;
  if (!values.postcode.trim()) errors.postcode = fieldMessages.required;
  return errors;
}

/** "Find my order" for guests: the order number, the e-mail and the billing postcode of the order. */
/** `finishPaying`: what the page shows for a guest order whose card payment waits (given by the route). */
export function GuestOrderLookup({ finishPaying }: { finishPaying?: (cartId: string) => React.ReactNode } = {}) {
  const intl = useIntl();
  const client = useApolloClient();
  const action = useFormAction();
  const errorText = useErrorText();
  const formRef = useRef<HTMLFormElement>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  const [values, setValues] = useState<Record<LookupField, string>>({ number: '', email: '', postcode: '' });
  const [errors, setErrors] = useState<FormErrors<LookupField>>({});
  const [order, setOrder] = useState<OrderViewData | null>(null);

  // The order replaces the form: move focus to it, so a screen reader starts reading there.
  useEffect(() => {
    if (order) resultRef.current?.focus();
  }, [order]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problems = validateGuestOrderLookup(values);
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      focusFirstInvalid(formRef);
      return;
    }
    await action.run(async () => {
      // Not kept in the cache, which persists to this device's storage: the next person at a
      // shared computer must not find the order there.
      const { data } = await client.query({
        query: GuestOrderQuery,
        variables: {
          input: { number: values.number.trim(), email: values.email.trim(), postcode: values.postcode.trim() },
        },
        fetchPolicy: 'no-cache',
      });
      if (data?.guestOrder) setOrder(data.guestOrder);
    });
  }

  if (order) {
    return (
      <div ref={resultRef} tabIndex={-1} className={styles.result}>
        <OrderView
          order={order}
          finishPaying={finishPaying}
          back={
            <button type="button" className={styles.linkButton} onClick={() => setOrder(null)}>
              <FormattedMessage id="account.guestOrder.another" defaultMessage="Look up another order" />
            </button>
          }
        />
      </div>
    );
  }

  const change = (name: LookupField) => (event: React.ChangeEvent<HTMLInputElement>) => {
    setValues((current) => ({ ...current, [name]: event.target.value }));
    setErrors(({ [name]: _gone, ...rest }) => rest);
  };

  return (
    <form ref={formRef} noValidate onSubmit={submit} className={styles.form}>
      <FormAlert message={action.error} />
      <Field
        id="guest-order-number"
        name="number"
        required
        inputMode="numeric"
        autoComplete="off"
        value={values.number}
        onChange={change('number')}
        error={errorText(errors.number)}
        label={intl.formatMessage({ id: 'account.guestOrder.number', defaultMessage: 'Order number' })}
      />
      <Field
        id="guest-order-email"
        name="email"
        type="email"
        required
        autoComplete="email"
        value={values.email}
        onChange={change('email')}
        error={errorText(errors.email)}
        label={intl.formatMessage(accountMessages.email)}
      />
      <Field
        id="guest-order-postcode"
        name="postcode"
        required
        autoComplete="postal-code"
        value={values.postcode}
        onChange={change('postcode')}
        error={errorText(errors.postcode)}
        label={intl.formatMessage({ id: 'account.guestOrder.postcode', defaultMessage: 'Billing postcode' })}
      />
      <div className={styles.actions}>
        <Button type="submit" busy={action.busy}>
          {intl.formatMessage({ id: 'account.guestOrder.submit', defaultMessage: 'Find order' })}
        </Button>
      </div>
    </form>
  );
}
