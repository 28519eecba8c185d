import { useApolloClient } from '@apollo/client/react';
import { type FormEvent, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { Button } from '@vela/ui/Button';
import { Field } from '@vela/ui/Field';
import { focusFirstInvalid } from '@vela/ui/focusFirstInvalid';
import { accountMessages } from './accountMessages';
import { AccountResetPasswordMutation } from './accountMutations';
import { type FormErrors, emailProblem, fieldOfServerError, validateNewPassword } from './accountValidation';
import { FormAlert } from './FormAlert';
import { PasswordHints } from './PasswordHints';
import { SIGN_IN_PATH } from './signInRedirect';
import { useErrorText, useFormAction } from './useFormAction';
import { usePasswordRules } from './usePasswordRules';
import styles from './AccountForms.module.css';

type ResetField = 'email' | 'password' | 'confirm';

export function ResetPasswordForm({ token, initialEmail = '' }: { token: string; initialEmail?: string }) {
  const intl = useIntl();
  const client = useApolloClient();
  const action = useFormAction();
  const errorText = useErrorText();
  const rules = usePasswordRules();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState({ email: initialEmail, password: '', confirm: '' });
  const [errors, setErrors] = useState<FormErrors<ResetField>>({});
  const [done, setDone] = useState(false);

  if (!token) {
    return (
      <p role="alert" className={styles.alert}>
        <FormattedMessage
          id="account.reset.noToken"
          defaultMessage="This link is incomplete. Please request a new password reset e-mail."
        />{' '}
        <Link to="/account/forgotpassword">
          <FormattedMessage id="account.reset.requestAgain" defaultMessage="Request a new link" />
        </Link>
      </p>
    );
  }
  if (done) {
    return (
      <p role="status" className={styles.success}>
        <FormattedMessage id="account.reset.done" defaultMessage="Your password has been changed." />{' '}
        <Link to={SIGN_IN_PATH}>
          <FormattedMessage id="account.reset.signIn" defaultMessage="Sign in with your new password" />
        </Link>
      </p>
    );
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problems: FormErrors<ResetField> = { ...validateNewPassword(values, rules) };
    const emailIssue = emailProblem(values.email);
    if (emailIssue) problems.email = emailIssue;
    setErrors(problems);
    if (Object.keys(problems).length > 0) return focusFirstInvalid(formRef);
    const ok = await action.run(
      async () => {
        await client.mutate({
          mutation: AccountResetPasswordMutation,
          variables: { email: values.email.trim(), token, password: values.password },
        });
      },
      (message) => {
        const field = fieldOfServerError(message);
        if (field !== 'password') return false;
        setErrors({ password: message });
        focusFirstInvalid(formRef);
        return true;
      },
    );
    if (ok) setDone(true);
  }

  const field = (name: ResetField) => ({
    id: `reset-${name}`,
    name,
    value: values[name],
    error: errorText(errors[name]),
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
      setValues((current) => ({ ...current, [name]: event.target.value }));
      setErrors(({ [name]: _gone, ...rest }) => rest);
    },
  });

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={submit}
      className={styles.form}
      aria-label={intl.formatMessage(accountMessages.resetTitle)}
    >
      <FormAlert message={action.error} />
      <Field
        {...field('email')}
        type="email"
        inputMode="email"
        required
        autoComplete="username"
        label={intl.formatMessage(accountMessages.email)}
      />
      <Field
        {...field('password')}
        type="password"
        required
        autoComplete="new-password"
        aria-describedby="reset-password-rules"
        label={intl.formatMessage(accountMessages.newPassword)}
      />
      <PasswordHints id="reset-password-rules" password={values.password} rules={rules} />
      <Field
        {...field('confirm')}
        type="password"
        required
        autoComplete="new-password"
        label={intl.formatMessage(accountMessages.confirmPassword)}
      />
      <div className={styles.actions}>
        <Button type="submit" busy={action.busy}>
          {intl.formatMessage({ id: 'account.reset.submit', defaultMessage: 'Save new password' })}
        </Button>
      </div>
    </form>
  );
}
