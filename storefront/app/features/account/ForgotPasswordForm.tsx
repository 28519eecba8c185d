import { useApolloClient } from '@apollo/client/react';
import { type FormEvent, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '@vela/ui/Button';
import { Field } from '@vela/ui/Field';
import { accountMessages } from './accountMessages';
import { AccountRequestResetMutation } from './accountMutations';
import { emailProblem } from './accountValidation';
import { FormAlert } from './FormAlert';
import { useErrorText, useFormAction } from './useFormAction';
import styles from './AccountForms.module.css';

export function ForgotPasswordForm({ idPrefix }: { idPrefix: string }) {
  const intl = useIntl();
  const client = useApolloClient();
  const action = useFormAction();
  const errorText = useErrorText();
  const inputRef = useRef<HTMLInputElement>(null);
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<ReturnType<typeof emailProblem>>();
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = emailProblem(email);
    setProblem(found);
    if (found) return inputRef.current?.focus();
    const done = await action.run(async () => {
      await client.mutate({ mutation: AccountRequestResetMutation, variables: { email: email.trim() } });
    });
    if (done) setSentTo(email.trim());
  }

  if (sentTo) {
    return (
      <p role="status" className={styles.success}>
        <FormattedMessage
          id="account.forgot.sent"
          defaultMessage="If there is an account for {email}, you will receive an e-mail with a link to reset your password."
          values={{ email: sentTo }}
        />
      </p>
    );
  }
  return (
    <form
      noValidate
      onSubmit={submit}
      className={styles.form}
      aria-label={intl.formatMessage(accountMessages.forgotTitle)}
    >
      <p>
        <FormattedMessage
          id="account.forgot.intro"
          defaultMessage="Enter your e-mail address and we will send you a link to choose a new password."
        />
      </p>
      <FormAlert message={action.error} />
      <Field
        ref={inputRef}
        id={`${idPrefix}-email`}
        name="email"
        type="email"
        inputMode="email"
        autoComplete="email"
        required
        value={email}
        onChange={(event) => {
          setEmail(event.target.value);
          setProblem(undefined);
        }}
        error={errorText(problem)}
        label={intl.formatMessage(accountMessages.email)}
      />
      <div className={styles.actions}>
        <Button type="submit" busy={action.busy}>
          {intl.formatMessage({ id: 'account.forgot.submit', defaultMessage: 'Send reset link' })}
        </Button>
      </div>
    </form>
  );
}
