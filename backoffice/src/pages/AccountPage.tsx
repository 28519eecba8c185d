import { type FormEvent, useId, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '@vela/ui/Button';
import { Field } from '@vela/ui/Field';
import { Select } from '@vela/ui/Select';
import { useToast } from '@vela/ui/Toast';
import { graphql } from '../__generated__';
import { request } from '../api/client';
import { useSession, useStaff } from '../api/session';
import { AuthenticatorKey } from '../common/AuthenticatorKey';
import { roleLabel } from '../common/format';
import { PageHeading } from '../common/PageHeading';
import { ErrorMessage } from '../common/ui';
import { useLocale } from '../i18n/LocaleProvider';
import { LOCALE_NAMES, SUPPORTED_LOCALES } from '../i18n/locale';
import { messageOf } from '../common/errorText';

// The signed-in person's own account: who they are, their password (changed with the current
// one), and their authenticator app. Staff and viewers may add one (then signing in asks for its
// code) and remove it with their password; owners must keep theirs.

const StartSetup = graphql(`
  mutation StartAuthenticatorSetup {
    startAuthenticatorSetup {
      secret
      qrCodeSvg
    }
  }
`);

const ConfirmSetup = graphql(`
  mutation ConfirmAuthenticatorSetup($code: String!) {
    confirmAuthenticatorSetup(code: $code) {
      ...StaffFields
    }
  }
`);

const RemoveAuthenticator = graphql(`
  mutation RemoveAuthenticator($password: String!) {
    removeAuthenticator(password: $password) {
      ...StaffFields
    }
  }
`);

const ChangePassword = graphql(`
  mutation ChangePassword($currentPassword: String!, $newPassword: String!) {
    changePassword(currentPassword: $currentPassword, newPassword: $newPassword) {
      ...StaffFields
    }
  }
`);

const AccountSignInState = graphql(`
  query AccountSignInState {
    signInState {
      ...SignInStateFields
    }
  }
`);

export function AccountPage() {
  const intl = useIntl();
  const me = useStaff();
  const id = useId();
  const title = intl.formatMessage({ id: 'backoffice.account.title', defaultMessage: 'Your account' });
  return (
    <>
      <PageHeading title={title}>{title}</PageHeading>
      <section aria-labelledby={`${id}-who`} className="bo-card">
        <h2 id={`${id}-who`}>
          <FormattedMessage id="backoffice.account.who" defaultMessage="Who you are" />
        </h2>
        <dl className="bo-totals">
          <dt>
            <FormattedMessage id="backoffice.account.name" defaultMessage="Name" />
          </dt>
          <dd>{me.name}</dd>
          <dt>
            <FormattedMessage id="backoffice.account.email" defaultMessage="E-mail address" />
          </dt>
          <dd>{me.email}</dd>
          <dt>
            <FormattedMessage id="backoffice.account.role" defaultMessage="Role" />
          </dt>
          <dd>{roleLabel(intl, me.role)}</dd>
        </dl>
      </section>
      <section aria-labelledby={`${id}-password`} className="bo-card">
        <h2 id={`${id}-password`}>
          <FormattedMessage id="backoffice.account.password" defaultMessage="Password" />
        </h2>
        <PasswordChange />
      </section>
      <section aria-labelledby={`${id}-authenticator`} className="bo-card">
        <h2 id={`${id}-authenticator`}>
          <FormattedMessage id="backoffice.account.authenticator" defaultMessage="Authenticator app" />
        </h2>
        {me.secondFactorEnabled ? <Enabled /> : <Setup />}
      </section>
      <section aria-labelledby={`${id}-language`} className="bo-card">
        <h2 id={`${id}-language`}>
          <FormattedMessage id="backoffice.account.language" defaultMessage="Language" />
        </h2>
        <LanguageChoice />
      </section>
    </>
  );
}

/** The back office's language in this browser; the browser's own language until one is chosen. */
function LanguageChoice() {
  const intl = useIntl();
  const { locale, setLocale } = useLocale();
  return (
    <Select
      label={intl.formatMessage({
        id: 'backoffice.account.languageLabel',
        defaultMessage: 'Language of the back office',
      })}
      name="language"
      options={SUPPORTED_LOCALES.map((value) => ({ value, label: LOCALE_NAMES[value] ?? value }))}
      value={locale}
      onChange={(event) => void setLocale(event.target.value)}
    />
  );
}

function PasswordChange() {
  const intl = useIntl();
  const toast = useToast();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<{ current?: string; next?: string }>({});
  const currentRef = useRef<HTMLInputElement>(null);
  const nextRef = useRef<HTMLInputElement>(null);

  const change = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (current === '' || next === '') {
      setErrors({
        current:
          current === ''
            ? intl.formatMessage({ id: 'ui.field.required', defaultMessage: 'This field is required' })
            : undefined,
        next:
          next === ''
            ? intl.formatMessage({ id: 'ui.field.required', defaultMessage: 'This field is required' })
            : undefined,
      });
      (current === '' ? currentRef : nextRef).current?.focus();
      return;
    }
    setBusy(true);
    setErrors({});
    try {
      await request(ChangePassword, { currentPassword: current, newPassword: next });
      toast.show(
        intl.formatMessage({
          id: 'backoffice.account.passwordChanged',
          defaultMessage: 'Your password is changed. Other browsers signed in to your account are signed out.',
        }),
        {
          tone: 'success',
        },
      );
      setCurrent('');
      setNext('');
    } catch (caught) {
      const message = messageOf(caught);
      // The server says which one is wrong: the current password, or the rules for the new one.
      if (/current password|locked/i.test(message)) {
        setErrors({ current: message });
        setCurrent('');
        currentRef.current?.focus();
      } else {
        setErrors({ next: message });
        nextRef.current?.focus();
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="bo-subform" onSubmit={(e) => void change(e)} noValidate>
      <Field
        ref={currentRef}
        label={intl.formatMessage({ id: 'backoffice.account.currentPassword', defaultMessage: 'Current password' })}
        name="current-password"
        type="password"
        autoComplete="current-password"
        required
        value={current}
        error={errors.current}
        onChange={(event) => setCurrent(event.target.value)}
      />
      <Field
        ref={nextRef}
        label={intl.formatMessage({ id: 'backoffice.account.newPassword', defaultMessage: 'New password' })}
        hint={intl.formatMessage({
          id: 'backoffice.account.newPasswordHint',
          defaultMessage:
            'At least 12 characters, not a common or leaked password: a phrase of unrelated words works well.',
        })}
        name="new-password"
        type="password"
        autoComplete="new-password"
        required
        value={next}
        error={errors.next}
        onChange={(event) => setNext(event.target.value)}
      />
      <Button type="submit" busy={busy}>
        <FormattedMessage id="backoffice.account.changePassword" defaultMessage="Change the password" />
      </Button>
    </form>
  );
}

/** The session's copy of who is signed in follows the change. */
function useRefreshSession() {
  const { apply } = useSession();
  return async () => apply((await request(AccountSignInState)).signInState);
}

function Setup() {
  const intl = useIntl();
  const toast = useToast();
  const refresh = useRefreshSession();
  const [enrolment, setEnrolment] = useState<{ secret: string; qrCodeSvg: string } | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const codeRef = useRef<HTMLInputElement>(null);

  const start = async () => {
    setBusy(true);
    setError(null);
    try {
      setEnrolment((await request(StartSetup)).startAuthenticatorSetup);
      requestAnimationFrame(() => codeRef.current?.focus());
    } catch (caught) {
      setError(messageOf(caught));
    } finally {
      setBusy(false);
    }
  };

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const digits = code.replace(/\s+/g, '');
    if (!/^\d{6}$/.test(digits)) {
      setError(
        intl.formatMessage({
          id: 'backoffice.signIn.codeInvalid',
          defaultMessage: 'Enter the 6-digit code from your authenticator app.',
        }),
      );
      codeRef.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await request(ConfirmSetup, { code: digits });
      toast.show(
        intl.formatMessage({
          id: 'backoffice.account.authenticatorAdded',
          defaultMessage: 'The authenticator is added. Signing in will ask for its code.',
        }),
        { tone: 'success' },
      );
      await refresh();
    } catch (caught) {
      setError(messageOf(caught));
      setCode('');
      codeRef.current?.focus();
    } finally {
      setBusy(false);
    }
  };

  if (!enrolment)
    return (
      <>
        <p>
          <FormattedMessage
            id="backoffice.account.notSetUp"
            defaultMessage="Not set up. With an authenticator app (for example Google Authenticator, 1Password or Aegis), signing in asks for a code from your phone as well as your password, so a stolen password is not enough."
          />
        </p>
        {error && <ErrorMessage>{error}</ErrorMessage>}
        <Button busy={busy} onClick={() => void start()}>
          <FormattedMessage id="backoffice.account.addAuthenticator" defaultMessage="Add an authenticator app" />
        </Button>
      </>
    );
  return (
    <form onSubmit={(e) => void confirm(e)} noValidate>
      <ol className="bo-steps">
        <AuthenticatorKey secret={enrolment.secret} qrCodeSvg={enrolment.qrCodeSvg} />
        <li>
          <FormattedMessage id="backoffice.signIn.enterCode" defaultMessage="Enter the code the app shows:" />
        </li>
      </ol>
      <Field
        ref={codeRef}
        label={intl.formatMessage({ id: 'backoffice.signIn.code', defaultMessage: '6-digit code' })}
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9 ]*"
        maxLength={7}
        required
        value={code}
        error={error ?? undefined}
        onChange={(event) => setCode(event.target.value)}
      />
      <Button type="submit" busy={busy}>
        <FormattedMessage id="backoffice.account.confirm" defaultMessage="Confirm" />
      </Button>
    </form>
  );
}

function Enabled() {
  const intl = useIntl();
  const me = useStaff();
  const toast = useToast();
  const refresh = useRefreshSession();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  if (me.role === 'OWNER')
    return (
      <p>
        <FormattedMessage
          id="backoffice.account.ownerKeeps"
          defaultMessage="Set up. Owners must keep an authenticator: signing in always asks for its code."
        />
      </p>
    );

  const remove = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (password === '') {
      setError(intl.formatMessage({ id: 'ui.field.required', defaultMessage: 'This field is required' }));
      passwordRef.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await request(RemoveAuthenticator, { password });
      toast.show(
        intl.formatMessage({
          id: 'backoffice.account.authenticatorRemoved',
          defaultMessage: 'The authenticator is removed. Signing in asks for your password only.',
        }),
        { tone: 'success' },
      );
      await refresh();
    } catch (caught) {
      setError(messageOf(caught));
      setPassword('');
      passwordRef.current?.focus();
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <p>
        <FormattedMessage
          id="backoffice.account.setUp"
          defaultMessage="Set up: signing in asks for the code your authenticator app shows."
        />
      </p>
      <form className="bo-subform" onSubmit={(e) => void remove(e)} noValidate>
        <Field
          ref={passwordRef}
          label={intl.formatMessage({
            id: 'backoffice.account.passwordToRemove',
            defaultMessage: 'Your password, to remove it',
          })}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          error={error ?? undefined}
          onChange={(event) => setPassword(event.target.value)}
        />
        <Button type="submit" variant="secondary" busy={busy}>
          <FormattedMessage id="backoffice.account.removeAuthenticator" defaultMessage="Remove the authenticator" />
        </Button>
      </form>
    </>
  );
}
