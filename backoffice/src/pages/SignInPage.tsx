import { type FormEvent, useState } from 'react';
import { FormattedMessage, defineMessages, useIntl } from 'react-intl';
import { Navigate, useLocation } from 'react-router';
import { Button } from '@vela/ui/Button';
import { Field } from '@vela/ui/Field';
import { graphql } from '../__generated__';
import { request } from '../api/client';
import { type SignInState, useSession } from '../api/session';
import { AuthenticatorKey } from '../common/AuthenticatorKey';
import { PageHeading } from '../common/PageHeading';
import { ErrorMessage, Loading } from '../common/ui';
import { messageOf } from '../common/errorText';

const SignInMutation = graphql(`
  mutation SignIn($email: String!, $password: String!) {
    signIn(email: $email, password: $password) {
      ...SignInStateFields
    }
  }
`);

const VerifySecondFactorMutation = graphql(`
  mutation VerifySecondFactor($code: String!) {
    verifySecondFactor(code: $code) {
      ...SignInStateFields
    }
  }
`);

const ConfirmEnrolmentMutation = graphql(`
  mutation ConfirmEnrolment($code: String!) {
    confirmSecondFactorEnrolment(code: $code) {
      ...SignInStateFields
    }
  }
`);

const messages = defineMessages({
  signInTitle: { id: 'backoffice.signIn.title', defaultMessage: 'Sign in' },
  signInHeading: { id: 'backoffice.signIn.heading', defaultMessage: 'Sign in to the back office' },
});

export function SignInPage() {
  const { session, loadError, retry } = useSession();
  const location = useLocation();
  const intl = useIntl();
  const from = (location.state as { from?: string } | null)?.from ?? '/';

  if (session.status === 'signedIn') return <Navigate to={from} replace />;
  return (
    <main className="bo-signin" id="main">
      <div className="bo-signin-card">
        <p className="bo-signin-brand" aria-hidden="true">
          Vela
        </p>
        {session.status === 'loading' ? (
          loadError ? (
            <>
              <PageHeading title={intl.formatMessage(messages.signInTitle)}>
                {intl.formatMessage(messages.signInHeading)}
              </PageHeading>
              <ErrorMessage onRetry={retry}>{loadError}</ErrorMessage>
            </>
          ) : (
            <Loading
              label={intl.formatMessage({
                id: 'backoffice.session.checking',
                defaultMessage: 'Checking your session…',
              })}
            />
          )
        ) : (
          <SignInSteps state={session.state} notice={session.notice} />
        )}
      </div>
    </main>
  );
}

function SignInSteps({ state, notice }: { state: SignInState | null; notice?: string }) {
  const step = state?.step ?? 'PASSWORD';
  if (step === 'SECOND_FACTOR') return <CodeStep />;
  if (step === 'ENROL_SECOND_FACTOR' && state?.enrolment) return <EnrolStep enrolment={state.enrolment} />;
  return <PasswordStep notice={notice} />;
}

function PasswordStep({ notice }: { notice?: string }) {
  const intl = useIntl();
  const { apply } = useSession();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const data = await request(SignInMutation, { email: email.trim(), password });
      apply(data.signIn);
    } catch (caught) {
      setError(messageOf(caught));
      setBusy(false);
    }
  };

  return (
    <>
      <PageHeading title={intl.formatMessage(messages.signInTitle)}>
        {intl.formatMessage(messages.signInHeading)}
      </PageHeading>
      {notice && (
        <p className="bo-notice" role="status">
          {notice}
        </p>
      )}
      <form onSubmit={submit} noValidate={false} aria-describedby={error ? 'signin-error' : undefined}>
        <Field
          label={intl.formatMessage({ id: 'backoffice.signIn.email', defaultMessage: 'E-mail address' })}
          type="email"
          name="email"
          autoComplete="username"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <Field
          label={intl.formatMessage({ id: 'backoffice.signIn.password', defaultMessage: 'Password' })}
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        {error && (
          <div id="signin-error">
            <ErrorMessage>{error}</ErrorMessage>
          </div>
        )}
        <Button type="submit" busy={busy} className="bo-wide">
          <FormattedMessage id="backoffice.signIn.continue" defaultMessage="Continue" />
        </Button>
      </form>
    </>
  );
}

function useCodeForm(submitCode: (code: string) => Promise<SignInState>) {
  const intl = useIntl();
  const { apply } = useSession();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
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
      return;
    }
    setBusy(true);
    setError(null);
    try {
      apply(await submitCode(digits));
    } catch (caught) {
      setError(messageOf(caught));
      setCode('');
      setBusy(false);
    }
  };
  return { code, setCode, busy, error, submit };
}

function CodeInput({ code, setCode, error }: { code: string; setCode: (code: string) => void; error: string | null }) {
  const intl = useIntl();
  return (
    <Field
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
  );
}

function StartOver() {
  const { signOut } = useSession();
  return (
    <Button variant="ghost" onClick={() => void signOut()}>
      <FormattedMessage id="backoffice.signIn.otherAccount" defaultMessage="Use another account" />
    </Button>
  );
}

function CodeStep() {
  const intl = useIntl();
  const form = useCodeForm(async (code) => (await request(VerifySecondFactorMutation, { code })).verifySecondFactor);
  const title = intl.formatMessage({ id: 'backoffice.signIn.codeTitle', defaultMessage: 'Enter your code' });
  return (
    <>
      <PageHeading title={title}>{title}</PageHeading>
      <p>
        <FormattedMessage
          id="backoffice.signIn.codeIntro"
          defaultMessage="Open your authenticator app and enter the 6-digit code it shows for Vela."
        />
      </p>
      <form onSubmit={form.submit}>
        <CodeInput code={form.code} setCode={form.setCode} error={form.error} />
        <Button type="submit" busy={form.busy} className="bo-wide">
          <FormattedMessage id="backoffice.signIn.submitCode" defaultMessage="Sign in" />
        </Button>
      </form>
      <StartOver />
    </>
  );
}

function EnrolStep({ enrolment }: { enrolment: NonNullable<SignInState['enrolment']> }) {
  const intl = useIntl();
  const form = useCodeForm(
    async (code) => (await request(ConfirmEnrolmentMutation, { code })).confirmSecondFactorEnrolment,
  );
  const title = intl.formatMessage({ id: 'backoffice.signIn.enrolTitle', defaultMessage: 'Set up your authenticator' });
  return (
    <>
      <PageHeading title={title}>{title}</PageHeading>
      <p>
        <FormattedMessage
          id="backoffice.signIn.enrolIntro"
          defaultMessage="Your account needs a second factor. Add Vela to an authenticator app (for example Google Authenticator, 1Password or Aegis), then enter the first code it shows."
        />
      </p>
      <ol className="bo-steps">
        <AuthenticatorKey secret={enrolment.secret} qrCodeSvg={enrolment.qrCodeSvg} />
        <li>
          <FormattedMessage id="backoffice.signIn.enterCode" defaultMessage="Enter the code the app shows:" />
        </li>
      </ol>
      <form onSubmit={form.submit}>
        <CodeInput code={form.code} setCode={form.setCode} error={form.error} />
        <Button type="submit" busy={form.busy} className="bo-wide">
          <FormattedMessage id="backoffice.signIn.confirm" defaultMessage="Confirm and sign in" />
        </Button>
      </form>
      <StartOver />
    </>
  );
}
