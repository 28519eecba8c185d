import { useApolloClient } from '@apollo/client/react';
import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { useLocation, useNavigate } from 'react-router';
import { clearCustomerToken, getCustomerTokenExpiry, onSessionEnd, useCustomerToken } from '../../data/customerSession';
import { useToast } from '@vela/ui/Toast';
import { accountMessages } from './accountMessages';
import { forgetSessionData } from './customerSessionActions';
import { signInPath } from './signInRedirect';

// Timers beyond ~24.8 days overflow setTimeout; such a session is re-checked on the next load.
const MAX_TIMER = 2 ** 31 - 1;

/**
 * Ends the session when the token's lifetime runs out (or the server says so): the caches are
 * reset, the shopper is told, and a private page they were on sends them to sign in again.
 */
export function useSessionWatcher(): void {
  const client = useApolloClient();
  const intl = useIntl();
  const toast = useToast();
  const navigate = useNavigate();
  const location = useLocation();
  const token = useCustomerToken();
  const onPrivatePage =
    location.pathname.startsWith('/account') && !/^\/account\/(signin|create|forgotpassword)/.test(location.pathname);
  const here = location.pathname + location.search;

  useEffect(() => {
    if (!token) return;
    const expiresAt = getCustomerTokenExpiry();
    if (expiresAt === null) return;
    const timer = setTimeout(
      () => clearCustomerToken('expired'),
      Math.min(Math.max(0, expiresAt - Date.now()), MAX_TIMER),
    );
    return () => clearTimeout(timer);
  }, [token]);

  useEffect(
    () =>
      onSessionEnd((reason) => {
        if (reason !== 'expired') return;
        void forgetSessionData(client);
        toast.show(intl.formatMessage(accountMessages.sessionExpired), { tone: 'info' });
        if (onPrivatePage || here.startsWith('/wishlist')) void navigate(signInPath(here), { replace: true });
      }),
    [client, intl, toast, navigate, onPrivatePage, here],
  );
}
