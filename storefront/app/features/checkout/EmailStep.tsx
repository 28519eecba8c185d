import { useApolloClient } from '@apollo/client/react';
import { type FormEvent, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { MessageDescriptor } from 'react-intl';
import { Button } from '@vela/ui/Button';
import { Field } from '@vela/ui/Field';
import { useCustomerToken } from '../../data/customerSession';
import { validateEmail } from './addressValidation';
import { checkoutMessages } from './checkoutMessages';
import { SetCheckoutEmailMutation } from './checkoutMutations';
import { StepError } from './StepSection';
import type { StepProps } from './stepProps';
import { useStepAction } from './useStepAction';
import styles from './CheckoutPage.module.css';

export function EmailStep({ cartId, draft, updateDraft, onDone }: StepProps) {
  const intl = useIntl();
  const signedIn = useCustomerToken() !== null;
  const client = useApolloClient();
  const action = useStepAction();
  const inputRef = useRef<HTMLInputElement>(null);
  const [fieldError, setFieldError] = useState<MessageDescriptor | string | undefined>();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = validateEmail(draft.email);
    setFieldError(problem);
    if (problem) {
      inputRef.current?.focus();
      return;
    }
    const saved = await action.run(
      async () => {
        await client.mutate({ mutation: SetCheckoutEmailMutation, variables: { cartId, email: draft.email.trim() } });
      },
      (message) => {
        if (!/email/i.test(message)) return false;
        setFieldError(message);
        inputRef.current?.focus();
        return true;
      },
    );
    if (saved) onDone();
  }

  const shownError =
    typeof fieldError === 'string' ? fieldError : fieldError ? intl.formatMessage(fieldError) : undefined;
  return (
    <form noValidate onSubmit={submit}>
      <StepError message={action.error} />
      <Field
        ref={inputRef}
        id="checkout-email"
        name="email"
        type="email"
        inputMode="email"
        autoComplete="email"
        required
        value={draft.email}
        onChange={(event) => updateDraft({ email: event.target.value })}
        error={shownError}
        label={intl.formatMessage({ id: 'checkout.email.label', defaultMessage: 'E-mail address' })}
        hint={intl.formatMessage({ id: 'checkout.email.hint', defaultMessage: 'We send the order confirmation here.' })}
      />
      <div className={styles.actions}>
        <Button type="submit" busy={action.busy}>
          {intl.formatMessage(checkoutMessages.continue)}
        </Button>
      </div>
      {!signedIn && (
        <p className={styles.signInOffer}>
          <FormattedMessage
            id="checkout.email.signIn"
            defaultMessage="Already have an account? <link>Sign in</link>"
            values={{
              link: (text: React.ReactNode) => (
                <Link to={`/account/signin?redirect=${encodeURIComponent('/checkout')}`}>{text}</Link>
              ),
            }}
          />
        </p>
      )}
    </form>
  );
}
