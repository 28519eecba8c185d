import { type FormEvent, useId, useRef, useState } from 'react';
import { Button } from '@vela/ui/Button';
import { Field } from '@vela/ui/Field';
import { useToast } from '@vela/ui/Toast';
import { graphql } from '../__generated__';
import { ApiError, request } from '../api/client';
import { useSession, useStaff } from '../api/session';
import { AuthenticatorKey } from '../common/AuthenticatorKey';
import { ROLE_LABELS } from '../common/format';
import { PageHeading } from '../common/PageHeading';
import { ErrorMessage } from '../common/ui';

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

const messageOf = (error: unknown) =>
  error instanceof ApiError || error instanceof Error ? error.message : String(error);

export function AccountPage() {
  const me = useStaff();
  const id = useId();
  return (
    <>
      <PageHeading title="Your account">Your account</PageHeading>
      <section aria-labelledby={`${id}-who`} className="bo-card">
        <h2 id={`${id}-who`}>Who you are</h2>
        <dl className="bo-totals">
          <dt>Name</dt>
          <dd>{me.name}</dd>
          <dt>E-mail address</dt>
          <dd>{me.email}</dd>
          <dt>Role</dt>
          <dd>{ROLE_LABELS[me.role] ?? me.role}</dd>
        </dl>
      </section>
      <section aria-labelledby={`${id}-password`} className="bo-card">
        <h2 id={`${id}-password`}>Password</h2>
        <PasswordChange />
      </section>
      <section aria-labelledby={`${id}-authenticator`} className="bo-card">
        <h2 id={`${id}-authenticator`}>Authenticator app</h2>
        {me.secondFactorEnabled ? <Enabled /> : <Setup />}
      </section>
    </>
  );
}

function PasswordChange() {
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
        current: current === '' ? 'This field is required' : undefined,
        next: next === '' ? 'This field is required' : undefined,
      });
      (current === '' ? currentRef : nextRef).current?.focus();
      return;
    }
    setBusy(true);
    setErrors({});
    try {
      await request(ChangePassword, { currentPassword: current, newPassword: next });
      toast.show('Your password is changed. Other browsers signed in to your account are signed out.', {
        tone: 'success',
      });
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
        label="Current password"
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
        label="New password"
        hint="At least 12 characters, not a common or leaked password: a phrase of unrelated words works well."
        name="new-password"
        type="password"
        autoComplete="new-password"
        required
        value={next}
        error={errors.next}
        onChange={(event) => setNext(event.target.value)}
      />
      <Button type="submit" busy={busy}>
        Change the password
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
      setError('Enter the 6-digit code from your authenticator app.');
      codeRef.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await request(ConfirmSetup, { code: digits });
      toast.show('The authenticator is added. Signing in will ask for its code.', { tone: 'success' });
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
          Not set up. With an authenticator app (for example Google Authenticator, 1Password or Aegis), signing in asks
          for a code from your phone as well as your password, so a stolen password is not enough.
        </p>
        {error && <ErrorMessage>{error}</ErrorMessage>}
        <Button busy={busy} onClick={() => void start()}>
          Add an authenticator app
        </Button>
      </>
    );
  return (
    <form onSubmit={(e) => void confirm(e)} noValidate>
      <ol className="bo-steps">
        <AuthenticatorKey secret={enrolment.secret} qrCodeSvg={enrolment.qrCodeSvg} />
        <li>Enter the code the app shows:</li>
      </ol>
      <Field
        ref={codeRef}
        label="6-digit code"
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
        Confirm
      </Button>
    </form>
  );
}

function Enabled() {
  const me = useStaff();
  const toast = useToast();
  const refresh = useRefreshSession();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  if (me.role === 'OWNER')
    return <p>Set up. Owners must keep an authenticator: signing in always asks for its code.</p>;

  const remove = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (password === '') {
      setError('This field is required');
      passwordRef.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await request(RemoveAuthenticator, { password });
      toast.show('The authenticator is removed. Signing in asks for your password only.', { tone: 'success' });
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
      <p>Set up: signing in asks for the code your authenticator app shows.</p>
      <form className="bo-subform" onSubmit={(e) => void remove(e)} noValidate>
        <Field
          ref={passwordRef}
          label="Your password, to remove it"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          error={error ?? undefined}
          onChange={(event) => setPassword(event.target.value)}
        />
        <Button type="submit" variant="secondary" busy={busy}>
          Remove the authenticator
        </Button>
      </form>
    </>
  );
}
