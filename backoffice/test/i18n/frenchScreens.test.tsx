// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SessionProvider, useSession } from '../../src/api/session';
import { LocaleProvider } from '../../src/i18n/LocaleProvider';
import { chooseLocale, loadMessages } from '../../src/i18n/locale';
import { Shell } from '../../src/layout/Shell';
import { NotFoundPage } from '../../src/pages/NotFoundPage';
import { SignInPage } from '../../src/pages/SignInPage';

const OWNER = { id: '1', email: 'ada@example.com', name: 'Ada', role: 'OWNER', secondFactorEnabled: true };

/** The back office's API as the session sees it: signed out, or signed in as an owner. */
function answerSignInState(signedIn: boolean) {
  const state = signedIn
    ? { step: 'SIGNED_IN', csrfToken: 'token', me: OWNER, enrolment: null }
    : { step: 'PASSWORD', csrfToken: null, me: null, enrolment: null };
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(Response.json({ data: { signInState: state } }))),
  );
}

/** The shell once the session is known, as the app's RequireSession shows it. */
function SignedInShell() {
  const { session } = useSession();
  return session.status === 'signedIn' ? <Shell /> : null;
}

async function renderIn(locale: string, path: string) {
  const messages = await loadMessages(locale);
  render(
    <LocaleProvider locale={locale} messages={messages}>
      <SessionProvider>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/sign-in" element={<SignInPage />} />
            <Route element={<SignedInShell />}>
              <Route path="*" element={<NotFoundPage />} />
            </Route>
          </Routes>
        </MemoryRouter>
      </SessionProvider>
    </LocaleProvider>,
  );
}

beforeEach(() => vi.unstubAllGlobals());
afterEach(cleanup);

describe('the back office in French', () => {
  it('signs in in French', async () => {
    answerSignInState(false);
    await renderIn('fr_FR', '/sign-in');
    expect(await screen.findByRole('heading', { level: 1, name: 'Connexion à l’administration' })).toBeTruthy();
    expect(screen.getByLabelText(/Adresse e-mail/)).toBeTruthy();
    expect(screen.getByLabelText(/Mot de passe/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Continuer' })).toBeTruthy();
    // The title is set in an effect after the heading renders; under a loaded CI machine the two can be a tick apart.
    await waitFor(() => expect(document.title).toBe('Connexion · Administration Vela'));
  });

  it('shows the shell, its navigation and the role in French', async () => {
    answerSignInState(true);
    await renderIn('fr_FR', '/nowhere');
    const navigation = await screen.findByRole('navigation', { name: 'Administration' });
    const links = within(navigation)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(links).toEqual([
      'Tableau de bord',
      'Commandes',
      'Rapports',
      'Clients',
      'Promotions',
      'Produits',
      'Catégories',
      'Attributs',
      'Import du catalogue',
      'Avis',
      'Synonymes de recherche',
      'Termes de recherche',
      'Contenu',
      'Utilisateurs',
      'Journal d’audit',
      'Magasins',
      'Configuration',
    ]);
    expect(screen.getByText('Propriétaire')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Se déconnecter' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Page introuvable' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Aller au tableau de bord' })).toBeTruthy();
  });

  it('keeps English, the default, word for word', async () => {
    answerSignInState(true);
    await renderIn('en_US', '/nowhere');
    const navigation = await screen.findByRole('navigation', { name: 'Back office' });
    expect(within(navigation).getByRole('link', { name: 'Orders' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
  });
});

describe('chooseLocale', () => {
  it('takes the staff member’s own choice first', () => {
    expect(chooseLocale('fr_FR', ['en-US'])).toBe('fr_FR');
    expect(chooseLocale('en_US', ['fr-FR'])).toBe('en_US');
  });

  it('takes the first browser language the back office speaks, French of any country included', () => {
    expect(chooseLocale(null, ['fr-FR', 'en-US'])).toBe('fr_FR');
    expect(chooseLocale(null, ['fr-CA'])).toBe('fr_FR');
    expect(chooseLocale(null, ['fr'])).toBe('fr_FR');
    expect(chooseLocale(null, ['de-DE', 'fr-BE', 'en-US'])).toBe('fr_FR');
    expect(chooseLocale(null, ['en-GB', 'fr-FR'])).toBe('en_US');
  });

  it('falls back to en_US, and ignores a choice it no longer offers', () => {
    expect(chooseLocale(null, ['de-DE', 'es-ES'])).toBe('en_US');
    expect(chooseLocale(null, [])).toBe('en_US');
    expect(chooseLocale('xx_YY', ['de-DE'])).toBe('en_US');
  });
});
