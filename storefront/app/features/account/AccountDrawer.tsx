import { useApolloClient } from '@apollo/client/react';
import { LogOut, User } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router';
import { useCustomerToken } from '../../data/customerSession';
import { Button } from '@vela/ui/Button';
import { Drawer } from '@vela/ui/Drawer';
import { Icon } from '@vela/ui/Icon';
import { Spinner } from '@vela/ui/Spinner';
import { useToast } from '@vela/ui/Toast';
import { accountMessages } from './accountMessages';
import { ACCOUNT_NAV } from './accountNav';
import { signOut } from './customerSessionActions';
import { useSessionWatcher } from './useSessionWatcher';
import styles from './AccountDrawer.module.css';

// The forms load when the drawer first opens, keeping them out of every page's first load.
const SignInForm = lazy(() => import('./SignInForm').then((m) => ({ default: m.SignInForm })));
const CreateAccountForm = lazy(() => import('./CreateAccountForm').then((m) => ({ default: m.CreateAccountForm })));
const ForgotPasswordForm = lazy(() => import('./ForgotPasswordForm').then((m) => ({ default: m.ForgotPasswordForm })));

type View = 'signIn' | 'create' | 'forgot';

/** The header's account button: sign in or create an account in a drawer, or the account menu once signed in. */
export function AccountDrawer({ className }: { className?: string }) {
  const intl = useIntl();
  const client = useApolloClient();
  const toast = useToast();
  const navigate = useNavigate();
  const token = useCustomerToken();
  const [open, setOpen] = useState(false);
  const [view, setView] = useState<View>('signIn');
  const [signingOut, setSigningOut] = useState(false);
  useSessionWatcher();

  const signedIn = token !== null;
  const close = () => setOpen(false);
  const titles: Record<View, string> = {
    signIn: intl.formatMessage(accountMessages.signInTitle),
    create: intl.formatMessage(accountMessages.createTitle),
    forgot: intl.formatMessage(accountMessages.forgotTitle),
  };
  const welcome = () => {
    close();
    toast.show(intl.formatMessage({ id: 'account.signedIn', defaultMessage: 'You are signed in.' }), {
      tone: 'success',
    });
  };

  async function leave() {
    setSigningOut(true);
    await signOut(client);
    setSigningOut(false);
    close();
    toast.show(intl.formatMessage(accountMessages.signedOut), { tone: 'info' });
    await navigate('/');
  }

  return (
    <>
      <button
        type="button"
        className={[className, styles.trigger].filter(Boolean).join(' ')}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setView('signIn');
          setOpen(true);
        }}
        aria-label={
          signedIn
            ? intl.formatMessage({ id: 'account.header.menu', defaultMessage: 'My account menu' })
            : intl.formatMessage({ id: 'account.header.signIn', defaultMessage: 'Sign in or create an account' })
        }
      >
        <Icon icon={User} />
        {signedIn && <span className={styles.dot} aria-hidden="true" />}
      </button>
      <Drawer
        open={open}
        onClose={close}
        title={signedIn ? intl.formatMessage(accountMessages.accountTitle) : titles[view]}
      >
        <Suspense
          fallback={
            <Spinner label={intl.formatMessage({ id: 'account.drawer.loading', defaultMessage: 'Loading…' })} />
          }
        >
          {signedIn ? (
            <nav aria-label={intl.formatMessage(accountMessages.navLabel)}>
              <ul className={styles.menu}>
                {ACCOUNT_NAV.map((item) => (
                  <li key={item.to}>
                    <Link to={item.to} onClick={close} className={styles.menuLink}>
                      {intl.formatMessage(item.label)}
                    </Link>
                  </li>
                ))}
              </ul>
              <Button variant="secondary" busy={signingOut} onClick={() => void leave()} className={styles.signOut}>
                <Icon icon={LogOut} size={18} />
                {intl.formatMessage(accountMessages.signOut)}
              </Button>
            </nav>
          ) : view === 'signIn' ? (
            <SignInForm
              idPrefix="drawer-signin"
              onSignedIn={welcome}
              onCreateAccount={() => setView('create')}
              onForgotPassword={() => setView('forgot')}
            />
          ) : view === 'create' ? (
            <>
              <CreateAccountForm idPrefix="drawer-create" onCreated={welcome} />
              <button type="button" className={styles.back} onClick={() => setView('signIn')}>
                {intl.formatMessage({
                  id: 'account.drawer.haveAccount',
                  defaultMessage: 'Already have an account? Sign in',
                })}
              </button>
            </>
          ) : (
            <>
              <ForgotPasswordForm idPrefix="drawer-forgot" />
              <button type="button" className={styles.back} onClick={() => setView('signIn')}>
                {intl.formatMessage({ id: 'account.drawer.backToSignIn', defaultMessage: 'Back to sign in' })}
              </button>
            </>
          )}
        </Suspense>
      </Drawer>
    </>
  );
}
