import { useApolloClient, useQuery } from '@apollo/client/react';
import { type FormEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { describeError } from '../../data/errors';
import { Button } from '@vela/ui/Button';
import { Field } from '@vela/ui/Field';
import { fieldMessages } from '@vela/ui/fieldMessages';
import { accountMessages } from './accountMessages';
import { AccountChangePasswordMutation, AccountUpdateEmailMutation, AccountUpdateMutation } from './accountMutations';
import { AccountCustomerQuery } from './accountQueries';
import { type FormErrors, emailProblem, fieldOfServerError, validateNewPassword } from './accountValidation';
import { AccountLoadError, AccountSkeleton } from './AccountStatus';
import { FormAlert } from './FormAlert';
import { PasswordHints } from './PasswordHints';
import { useErrorText, useFormAction } from './useFormAction';
import { usePasswordRules } from './usePasswordRules';
import styles from './AccountForms.module.css';

export function AccountInformation() {
  const { data, error } = useQuery(AccountCustomerQuery, { fetchPolicy: 'cache-first' });
  const customer = data?.customer;
  if (!customer) return error ? <AccountLoadError message={describeError(error).message} /> : <AccountSkeleton />;
  return (
    <>
      <h1>
        <FormattedMessage id="account.info.title" defaultMessage="Account information" />
      </h1>
      <p>
        <FormattedMessage
          id="account.info.greeting"
          defaultMessage="Hello, {name}!"
          values={{ name: customer.firstname ?? '' }}
        />
      </p>
      <NameForm firstname={customer.firstname ?? ''} lastname={customer.lastname ?? ''} />
      <EmailForm email={customer.email ?? ''} />
      <PasswordForm />
    </>
  );
}

function Saved({ show }: { show: boolean }) {
  const intl = useIntl();
  return (
    <p role="status" className={show ? styles.success : 'visually-hidden'}>
      {show ? intl.formatMessage(accountMessages.saved) : ''}
    </p>
  );
}

function NameForm({ firstname, lastname }: { firstname: string; lastname: string }) {
  const intl = useIntl();
  const client = useApolloClient();
  const action = useFormAction();
  const errorText = useErrorText();
  const [values, setValues] = useState({ firstname, lastname });
  const [errors, setErrors] = useState<FormErrors<'firstname' | 'lastname'>>({});
  const [saved, setSaved] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problems: FormErrors<'firstname' | 'lastname'> = {};
    if (!values.firstname.trim()) problems.firstname = fieldMessages.required;
    if (!values.lastname.trim()) problems.lastname = fieldMessages.required;
    setErrors(problems);
    setSaved(false);
    if (Object.keys(problems).length > 0) return;
    const ok = await action.run(async () => {
      await client.mutate({
        mutation: AccountUpdateMutation,
        variables: { input: { firstname: values.firstname.trim(), lastname: values.lastname.trim() } },
      });
    });
    setSaved(ok);
  }

  return (
    <section aria-labelledby="account-name-title">
      <h2 id="account-name-title">
        <FormattedMessage id="account.info.nameTitle" defaultMessage="Your name" />
      </h2>
      <form noValidate onSubmit={submit} className={styles.form}>
        <FormAlert message={action.error} />
        <Saved show={saved} />
        <div className={styles.row}>
          {(['firstname', 'lastname'] as const).map((name) => (
            <Field
              key={name}
              id={`account-${name}`}
              name={name}
              required
              autoComplete={name === 'firstname' ? 'given-name' : 'family-name'}
              value={values[name]}
              error={errorText(errors[name])}
              onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
              label={intl.formatMessage(accountMessages[name])}
            />
          ))}
        </div>
        <div className={styles.actions}>
          <Button type="submit" busy={action.busy}>
            {intl.formatMessage(accountMessages.save)}
          </Button>
        </div>
      </form>
    </section>
  );
}

function EmailForm({ email }: { email: string }) {
  const intl = useIntl();
  const client = useApolloClient();
  const action = useFormAction();
  const errorText = useErrorText();
  const [values, setValues] = useState({ email, password: '' });
  const [errors, setErrors] = useState<FormErrors<'email' | 'password'>>({});
  const [saved, setSaved] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problems: FormErrors<'email' | 'password'> = {};
    const emailIssue = emailProblem(values.email);
    if (emailIssue) problems.email = emailIssue;
    if (!values.password) problems.password = fieldMessages.required;
    setErrors(problems);
    setSaved(false);
    if (Object.keys(problems).length > 0) return;
    const ok = await action.run(
      async () => {
        await client.mutate({
          mutation: AccountUpdateEmailMutation,
          variables: { email: values.email.trim(), password: values.password },
        });
      },
      (message) => {
        const field = fieldOfServerError(message);
        if (!field) return false;
        setErrors({ [field === 'email' ? 'email' : 'password']: message });
        return true;
      },
    );
    if (ok) setValues((current) => ({ ...current, password: '' }));
    setSaved(ok);
  }

  return (
    <section aria-labelledby="account-email-title">
      <h2 id="account-email-title">
        <FormattedMessage id="account.info.emailTitle" defaultMessage="E-mail address" />
      </h2>
      <form noValidate onSubmit={submit} className={styles.form}>
        <FormAlert message={action.error} />
        <Saved show={saved} />
        <Field
          id="account-email"
          name="email"
          type="email"
          required
          autoComplete="email"
          value={values.email}
          error={errorText(errors.email)}
          onChange={(event) => setValues((current) => ({ ...current, email: event.target.value }))}
          label={intl.formatMessage(accountMessages.email)}
        />
        <Field
          id="account-email-password"
          name="password"
          type="password"
          required
          autoComplete="current-password"
          value={values.password}
          error={errorText(errors.password)}
          onChange={(event) => setValues((current) => ({ ...current, password: event.target.value }))}
          label={intl.formatMessage(accountMessages.currentPassword)}
          hint={intl.formatMessage({
            id: 'account.info.emailPasswordHint',
            defaultMessage: 'To change your e-mail address, confirm it with your password.',
          })}
        />
        <div className={styles.actions}>
          <Button type="submit" busy={action.busy}>
            {intl.formatMessage({ id: 'account.info.emailSubmit', defaultMessage: 'Change e-mail' })}
          </Button>
        </div>
      </form>
    </section>
  );
}

function PasswordForm() {
  const intl = useIntl();
  const client = useApolloClient();
  const action = useFormAction();
  const errorText = useErrorText();
  const rules = usePasswordRules();
  const empty = { current: '', password: '', confirm: '' };
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<FormErrors<'current' | 'password' | 'confirm'>>({});
  const [saved, setSaved] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problems: FormErrors<'current' | 'password' | 'confirm'> = { ...validateNewPassword(values, rules) };
    if (!values.current) problems.current = fieldMessages.required;
    setErrors(problems);
    setSaved(false);
    if (Object.keys(problems).length > 0) return;
    const ok = await action.run(
      async () => {
        await client.mutate({
          mutation: AccountChangePasswordMutation,
          variables: { current: values.current, next: values.password },
        });
      },
      (message) => {
        const field = fieldOfServerError(message);
        if (field === 'currentPassword') setErrors({ current: message });
        else if (field === 'password') setErrors({ password: message });
        else return false;
        return true;
      },
    );
    if (ok) setValues(empty);
    setSaved(ok);
  }

  const field = (name: 'current' | 'password' | 'confirm') => ({
    id: `account-password-${name}`,
    name,
    type: 'password',
    required: true,
    value: values[name],
    error: errorText(errors[name]),
    onChange: (event: React.ChangeEvent<HTMLInputElement>) =>
      setValues((current) => ({ ...current, [name]: event.target.value })),
  });

  return (
    <section aria-labelledby="account-password-title">
      <h2 id="account-password-title">
        <FormattedMessage id="account.info.passwordTitle" defaultMessage="Change password" />
      </h2>
      <form noValidate onSubmit={submit} className={styles.form}>
        <FormAlert message={action.error} />
        <Saved show={saved} />
        <Field
          {...field('current')}
          autoComplete="current-password"
          label={intl.formatMessage(accountMessages.currentPassword)}
        />
        <Field
          {...field('password')}
          autoComplete="new-password"
          aria-describedby="account-password-rules"
          label={intl.formatMessage(accountMessages.newPassword)}
        />
        <PasswordHints id="account-password-rules" password={values.password} rules={rules} />
        <Field
          {...field('confirm')}
          autoComplete="new-password"
          label={intl.formatMessage(accountMessages.confirmPassword)}
        />
        <div className={styles.actions}>
          <Button type="submit" busy={action.busy}>
            {intl.formatMessage({ id: 'account.info.passwordSubmit', defaultMessage: 'Change password' })}
          </Button>
        </div>
      </form>
    </section>
  );
}
