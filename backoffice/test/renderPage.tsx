import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter, Route, Routes } from 'react-router';
import { vi } from 'vitest';
import { ToastProvider } from '@vela/ui/Toast';
import { SessionProvider, useSession } from '../src/api/session';
import frFR from '../src/i18n/fr_FR.json';

/** One request the page sent to /admin/graphql, as the server would read it. */
export interface SentOperation {
  operationName: string;
  query: string;
  variables: Record<string, unknown>;
  headers: Record<string, string>;
}

type Answer = { data?: unknown; errors?: { message: string; extensions?: Record<string, unknown> }[] };

/**
 * A fake /admin/graphql: each operation (by its name) gets the answer `answers` gives for its
 * variables; the session is a signed-in member of the given role. Returns what was sent.
 */
export function fakeApi(
  answers: Record<string, (variables: Record<string, unknown>) => Answer>,
  role: 'OWNER' | 'STAFF' | 'VIEWER' = 'OWNER',
) {
  const sent: SentOperation[] = [];
  const fetchMock = vi.fn(async (_url: string, init: RequestInit) => {
    // An upload (api/client.ts upload) sends its operation as the multipart form's `operations` part.
    const text = init.body instanceof FormData ? (init.body.get('operations') as string) : (init.body as string);
    const body = JSON.parse(text) as { query: string; variables: Record<string, unknown> };
    const operationName = /(?:query|mutation)\s+(\w+)/.exec(body.query)?.[1] ?? '';
    sent.push({
      operationName,
      query: body.query,
      variables: body.variables,
      headers: init.headers as Record<string, string>,
    });
    const answer: Answer =
      operationName === 'SignInState'
        ? {
            data: {
              signInState: {
                step: 'SIGNED_IN',
                csrfToken: 'csrf-1',
                me: { id: '1', email: 'ada@example.com', name: 'Ada', role, secondFactorEnabled: true },
                enrolment: null,
              },
            },
          }
        : (answers[operationName]?.(body.variables) ?? { errors: [{ message: `unexpected ${operationName}` }] });
    return new Response(JSON.stringify(answer), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { sent, mutations: () => sent.filter((s) => s.query.trimStart().startsWith('mutation')) };
}

/**
 * Renders `element` at `path` (matched by `route`) inside the providers main.tsx puts around the
 * app, in English (the default messages) or in French (the fr_FR catalogue).
 */
export function renderPage(
  element: ReactNode,
  { path = '/', route = '*', french = false }: { path?: string; route?: string; french?: boolean } = {},
) {
  return render(
    <IntlProvider
      locale={french ? 'fr-FR' : 'en-US'}
      defaultLocale="en-US"
      messages={french ? frFR : {}}
      onError={() => undefined}
    >
      <ToastProvider>
        <SessionProvider>
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route path={route} element={<SignedIn>{element}</SignedIn>} />
            </Routes>
          </MemoryRouter>
        </SessionProvider>
      </ToastProvider>
    </IntlProvider>,
  );
}

/** The pages live behind RequireSession: they render once the session is known. */
function SignedIn({ children }: { children: ReactNode }) {
  const { session } = useSession();
  return session.status === 'signedIn' ? children : null;
}
