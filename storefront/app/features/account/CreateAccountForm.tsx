import { useApolloClient } from '@apollo/client/react';
import { type FormEvent, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Button } from '@vela/ui/Button';
import { Field } from '@vela/ui/Field';
import { focusFirstInvalid } from '@vela/ui/focusFirstInvalid';
import { accountMessages } from './accountMessages';
import {
  type CreateAccountValues,
  type FormErrors,
  fieldOfServerError,
  validateCreateAccount,
} from './accountValidation';
import { createAccount } from './customerSessionActions';
import { FormAlert } from './FormAlert';
import { PasswordHints } from './PasswordHints';
import { useErrorText, useFormAction } from './useFormAction';
import { usePasswordRules } from './usePasswordRules';
import styles from './AccountForms.module.css';

type CreateField = keyof CreateAccountValues;

interface CreateAccountFormProps {
  idPrefix: string;
  onCreated: () => void | Promise<void>;
  initialEmail?: string;
}

export function CreateAccountForm({ idPrefix, onCreated, initialEmail = '' }: CreateAccountFormProps) {
  const intl = useIntl();
  const client = useApolloClient();
  const action = useFormAction();
  const errorText = useErrorText();
  const rules = usePasswordRules();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<CreateAccountValues>({
    firstname: '',
    lastname: '',
    email: initialEmail,
    password: '',
    confirm: '',
  });
  const [subscribe, setSubscribe] = useState(false);
  const [errors, setErrors] = useState<FormErrors<CreateField>>({});

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problems = validateCreateAccount(values, rules);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return focusFirstInvalid(formRef);
    const done = await action.run(
      () =>
        createAccount(client, {
          firstname: values.firstname.trim(),
          lastname: values.lastname.trim(),
          email: values.email.trim(),
          password: values.password,
          is_subscribed: subscribe,
        }),
      (message) => {
        const field = fieldOfServerError(message);
        if (field !== 'email' && field !== 'password') return false;
        setErrors({ [field]: message });
        focusFirstInvalid(formRef);
        return true;
      },
    );
    if (done) await onCreated();
  }

  const field = (name: CreateField) => ({
    id: `${idPrefix}-${name}`,
    name,
    value: values[name],
    error: errorText(errors[name]),
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
      setValues((current) => ({ ...current, [name]: event.target.value }));
      setErrors(({ [name]: _gone, ...rest }) => rest);
    },
  });
  const hintsId = `${idPrefix}-password-rules`;

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={submit}
      className={styles.form}
      aria-label={intl.formatMessage(accountMessages.createTitle)}
    >
      <FormAlert message={action.error} />
      <div className={styles.row}>
        <Field
          {...field('firstname')}
          required
          autoComplete="given-name"
          label={intl.formatMessage(accountMessages.firstname)}
        />
        <Field
          {...field('lastname')}
          required
          autoComplete="family-name"
          label={intl.formatMessage(accountMessages.lastname)}
        />
      </div>
      <Field
        {...field('email')}
        type="email"
        inputMode="email"
        required
        autoComplete="email"
        label={intl.formatMessage(accountMessages.email)}
      />
      <Field
        {...field('password')}
        type="password"
        required
        autoComplete="new-password"
        aria-describedby={hintsId}
        label={intl.formatMessage(accountMessages.password)}
      />
      <PasswordHints id={hintsId} password={values.password} rules={rules} />
      <Field
        {...field('confirm')}
        type="password"
        required
        autoComplete="new-password"
        label={intl.formatMessage(accountMessages.confirmPassword)}
      />
      <label className={styles.check}>
        <input
          type="checkbox"
          name="is_subscribed"
          checked={subscribe}
          onChange={(event) => setSubscribe(event.target.checked)}
        />
        {intl.formatMessage({ id: 'account.create.newsletter', defaultMessage: 'Sign up for our newsletter' })}
      </label>
      <div className={styles.actions}>
        <Button type="submit" busy={action.busy}>
          {intl.formatMessage(accountMessages.createSubmit)}
        </Button>
      </div>
    </form>
  );
}
