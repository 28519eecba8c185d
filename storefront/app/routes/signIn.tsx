import { useIntl } from 'react-intl';
import { useNavigate, useSearchParams } from 'react-router';
import type { Route } from './+types/signIn';
import { accountMessages } from '../features/account/accountMessages';
import { accountPageTitle } from '../features/account/accountPageTitle';
import { redirectIfSignedIn } from '../features/account/requireCustomer';
import { safeRedirect } from '../features/account/signInRedirect';
import { SignInForm } from '../features/account/SignInForm';
import styles from '../features/account/AccountForms.module.css';
import { metaShellData } from '../layout/metaShellData';
import { pageMeta } from '../shared/pageMeta';

export function clientLoader({ request }: Route.ClientLoaderArgs) {
  redirectIfSignedIn(request);
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const shell = metaShellData(matches);
  return pageMeta({ title: accountPageTitle('signIn', shell?.locale), noindex: true }, shell?.storeConfig);
};

export default function SignInRoute() {
  const intl = useIntl();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  return (
    <div className={`container ${styles.page}`}>
      <h1 className={styles.pageTitle}>{intl.formatMessage(accountMessages.signInTitle)}</h1>
      <SignInForm
        idPrefix="signin"
        linkSearch={redirect ? `?redirect=${encodeURIComponent(redirect)}` : ''}
        onSignedIn={() => navigate(safeRedirect(redirect), { replace: true })}
      />
    </div>
  );
}
