import { useApolloClient } from '@apollo/client/react';
import { type FormEvent, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { Button } from '@vela/ui/Button';
import { Field } from '@vela/ui/Field';
import { focusFirstInvalid } from '@vela/ui/focusFirstInvalid';
import { accountMessages } from './accountMessages';
import { type FormErrors, validateSignIn } from './accountValidation';
import { signIn } from './customerSessionActions';
import { FormAlert } from './FormAlert';
import { useErrorText, useFormAction } from './useFormAction';
import styles from './AccountForms.module.css';

interface SignInFormProps {
  idPrefix: string;
  onSignedIn: () => void | Promise<void>;
  /** Links to the other account forms; the drawer swaps views instead of navigating. */
  onCreateAccount?: () => void;
  onForgotPassword?: () => void;
  /** Query string the create-account and forgot-password links carry along (e.g. the redirect). */
  linkSearch?: string;
}

export function SignInForm({
  idPrefix,
  onSignedIn,
  onCreateAccount,
  onForgotPassword,
  linkSearch = '',
}: SignInFormProps) {
  const intl = useIntl();
  const client = useApolloClient();
  const action = useFormAction();
  const errorText = useErrorText();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState({ email: '', password: '' });
  const [errors, setErrors] = useState<FormErrors<'email' | 'password'>>({});

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problems = validateSignIn(values);
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      focusFirstInvalid(formRef);
      return;
    }
    const done = await action.run(() => signIn(client, values.email, values.password));
    if (done) await onSignedIn();
  }

  const change = (field: 'email' | 'password') => (event: React.ChangeEvent<HTMLInputElement>) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setErrors(({ [field]: _gone, ...rest }) => rest);
  };

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={submit}
      className={styles.form}
      aria-label={intl.formatMessage(accountMessages.signInTitle)}
    >
      <FormAlert message={action.error} />
      <Field
        id={`${idPrefix}-email`}
        name="email"
        type="email"
        inputMode="email"
        autoComplete="username"
        required
        value={values.email}
        onChange={change('email')}
        error={errorText(errors.email)}
        label={intl.formatMessage(accountMessages.email)}
      />
      <Field
        id={`${idPrefix}-password`}
        name="password"
        type="password"
        autoComplete="current-password"
        required
        value={values.password}
        onChange={change('password')}
        error={errorText(errors.password)}
        label={intl.formatMessage(accountMessages.password)}
      />
      <div className={styles.actions}>
        <Button type="submit" busy={action.busy}>
          {intl.formatMessage(accountMessages.signIn)}
        </Button>
      </div>
      <p className={styles.links}>
        <Link
          to={`/account/forgotpassword${linkSearch}`}
          onClick={onForgotPassword ? (e) => (e.preventDefault(), onForgotPassword()) : undefined}
        >
          {intl.formatMessage({ id: 'account.signIn.forgot', defaultMessage: 'Forgot your password?' })}
        </Link>
        <Link
          to={`/account/create${linkSearch}`}
          onClick={onCreateAccount ? (e) => (e.preventDefault(), onCreateAccount()) : undefined}
        >
          {intl.formatMessage({ id: 'account.signIn.create', defaultMessage: 'New here? Create an account' })}
        </Link>
      </p>
    </form>
  );
}
