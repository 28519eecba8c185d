import { type FormEvent, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '@vela/ui/Button';
import { Field } from '@vela/ui/Field';
import { useToast } from '@vela/ui/Toast';
import { graphql } from '../../__generated__';
import { request } from '../../api/client';
import { useSession, useStaff } from '../../api/session';
import { AuthenticatorKey } from '../../common/AuthenticatorKey';
import { messageOf } from '../../common/errorText';
import { ErrorMessage } from '../../common/ui';

// The account's authenticator app: adding one (then signing in asks for its code), and removing it
// with the password (owners must keep theirs).

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

const AccountSignInState = graphql(`
  query AccountSignInState {
    signInState {
      ...SignInStateFields
    }
  }
`);

/** The session's copy of who is signed in follows the change. */
function useRefreshSession() {
  const { apply } = useSession();
  return async () => apply((await request(AccountSignInState)).signInState);
}

export function Setup() {
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

export function Enabled() {
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
