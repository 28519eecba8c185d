import { type ReactNode, createContext, use, useCallback, useEffect, useMemo, useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { graphql } from '../__generated__';
import type { SignInStateFieldsFragment, StaffFieldsFragment } from '../__generated__/graphql';
import { request, setCsrfToken, whenSessionLost } from './client';

const m = defineMessages({
  ended: { id: 'backoffice.session.ended', defaultMessage: 'Your session has ended. Please sign in again.' },
  signedOut: { id: 'backoffice.session.signedOut', defaultMessage: 'You are signed out.' },
});

graphql(`
  fragment StaffFields on StaffMember {
    id
    email
    name
    role
    secondFactorEnabled
  }
`);

graphql(`
  fragment SignInStateFields on SignInState {
    step
    csrfToken
    me {
      ...StaffFields
    }
    enrolment {
      secret
      uri
      qrCodeSvg
    }
  }
`);

const SignInStateQuery = graphql(`
  query SignInState {
    signInState {
      ...SignInStateFields
    }
  }
`);

const SignOutMutation = graphql(`
  mutation SignOut {
    signOut
  }
`);

export type Staff = StaffFieldsFragment;
export type SignInState = SignInStateFieldsFragment;

export type SessionStatus =
  | { status: 'loading' }
  /** `signedOut`: by the user's choice; the next sign-in starts at the dashboard, not at the last page. */
  | { status: 'signedOut'; state: SignInState | null; notice?: string; signedOut?: boolean }
  | { status: 'signedIn'; me: Staff };

interface SessionApi {
  session: SessionStatus;
  /** Takes the answer of signIn / verifySecondFactor / confirmSecondFactorEnrolment. */
  apply: (state: SignInState) => void;
  signOut: () => Promise<void>;
  /** Error of the first signInState request (the server cannot be reached). */
  loadError: string | null;
  retry: () => void;
}

const SessionContext = createContext<SessionApi | null>(null);

export function useSession(): SessionApi {
  const api = use(SessionContext);
  if (!api) throw new Error('useSession needs a SessionProvider above it');
  return api;
}

/** The signed-in staff member; only for pages behind RequireSession. */
export function useStaff(): Staff {
  const { session } = useSession();
  if (session.status !== 'signedIn') throw new Error('useStaff outside a signed-in page');
  return session.me;
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const intl = useIntl();
  const [session, setSession] = useState<SessionStatus>({ status: 'loading' });
  const [loadError, setLoadError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  const apply = useCallback((state: SignInState) => {
    setCsrfToken(state.csrfToken ?? null);
    if (state.step === 'SIGNED_IN' && state.me) setSession({ status: 'signedIn', me: state.me });
    else setSession({ status: 'signedOut', state });
  }, []);

  useEffect(() => {
    let live = true;
    setLoadError(null);
    request(SignInStateQuery).then(
      (data) => live && apply(data.signInState),
      (error: unknown) => {
        if (!live) return;
        setLoadError(error instanceof Error ? error.message : String(error));
      },
    );
    return () => {
      live = false;
    };
  }, [apply, attempt]);

  useEffect(() => {
    whenSessionLost(() => {
      setCsrfToken(null);
      setSession({ status: 'signedOut', state: null, notice: intl.formatMessage(m.ended) });
    });
    return () => whenSessionLost(null);
  }, [intl]);

  const signOut = useCallback(async () => {
    try {
      await request(SignOutMutation);
    } finally {
      setCsrfToken(null);
      setSession({ status: 'signedOut', state: null, notice: intl.formatMessage(m.signedOut), signedOut: true });
    }
  }, [intl]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const api = useMemo(
    () => ({ session, apply, signOut, loadError, retry }),
    [session, apply, signOut, loadError, retry],
  );
  return <SessionContext value={api}>{children}</SessionContext>;
}
