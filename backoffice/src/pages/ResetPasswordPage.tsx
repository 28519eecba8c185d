import { type FormEvent, useState } from 'react';
import { defineMessages } from 'react-intl';
import { Link } from 'react-router';
import { Button } from '@vela/ui/Button';
import { Field } from '@vela/ui/Field';
import { graphql } from '../__generated__';
import { request } from '../api/client';
import { messageOf } from '../common/errorText';
import { PageHeading } from '../common/PageHeading';
import { ErrorMessage } from '../common/ui';
import { useT } from '../common/useT';

// The page a password reset link opens (an owner made it on the Staff page). The token is in the
// address's fragment, which the browser never sends to a server; it goes to the API only with
// the new password. No session is needed: the token is the proof.

const CompleteStaffPasswordResetMutation = graphql(`
  mutation CompleteStaffPasswordReset($token: String!, $password: String!) {
    completeStaffPasswordReset(token: $token, password: $password)
  }
`);

const m = defineMessages({
  title: { id: 'backoffice.reset.title', defaultMessage: 'Choose a new password' },
  password: { id: 'backoffice.reset.password', defaultMessage: 'New password' },
  hint: {
    id: 'backoffice.reset.hint',
    defaultMessage: 'At least 12 characters, not a common password, nor built from your name or e-mail address.',
  },
  save: { id: 'backoffice.reset.save', defaultMessage: 'Save the password' },
  done: { id: 'backoffice.reset.done', defaultMessage: 'Your password is saved. Sign in with it now.' },
  signIn: { id: 'backoffice.reset.signIn', defaultMessage: 'Sign in' },
  noToken: { id: 'backoffice.reset.noToken', defaultMessage: 'This link is incomplete. Ask an owner for a new one.' },
});

export function ResetPasswordPage() {
  const t = useT();
  const token = window.location.hash.replace(/^#/, '');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(token ? null : t(m.noToken));
  const [done, setDone] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !token) return;
    setBusy(true);
    setError(null);
    try {
      await request(CompleteStaffPasswordResetMutation, { token, password });
      setDone(true);
    } catch (caught) {
      setError(messageOf(caught));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <PageHeading title={t(m.title)}>{t(m.title)}</PageHeading>
      {done ? (
        <p role="status">
          {t(m.done)} <Link to="/sign-in">{t(m.signIn)}</Link>
        </p>
      ) : (
        <form onSubmit={(event) => void submit(event)}>
          <Field
            label={t(m.password)}
            hint={t(m.hint)}
            type="password"
            name="password"
            autoComplete="new-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          {error && <ErrorMessage>{error}</ErrorMessage>}
          <Button type="submit" busy={busy} disabled={!token} className="bo-wide">
            {t(m.save)}
          </Button>
        </form>
      )}
    </>
  );
}
