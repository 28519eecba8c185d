import { useIntl } from 'react-intl';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { Route } from './+types/createAccount';
import { accountMessages } from '../features/account/accountMessages';
import { accountPageTitle } from '../features/account/accountPageTitle';
import { CreateAccountForm } from '../features/account/CreateAccountForm';
import { redirectIfSignedIn } from '../features/account/requireCustomer';
import { safeRedirect, signInPath } from '../features/account/signInRedirect';
import styles from '../features/account/AccountForms.module.css';
import { metaShellData } from '../layout/metaShellData';
import { pageMeta } from '../shared/pageMeta';

export function clientLoader({ request }: Route.ClientLoaderArgs) {
  redirectIfSignedIn(request);
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const shell = metaShellData(matches);
  return pageMeta({ title: accountPageTitle('create', shell?.locale), noindex: true }, shell?.storeConfig);
};

export default function CreateAccountRoute() {
  const intl = useIntl();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  return (
    <div className={`container ${styles.page}`}>
      <h1 className={styles.pageTitle}>{intl.formatMessage(accountMessages.createTitle)}</h1>
      <CreateAccountForm
        idPrefix="create"
        initialEmail={params.get('email') ?? ''}
        onCreated={() => navigate(safeRedirect(redirect), { replace: true })}
      />
      <p className={styles.links}>
        <Link to={signInPath(redirect ?? '')}>
          {intl.formatMessage({ id: 'account.create.haveAccount', defaultMessage: 'Already have an account? Sign in' })}
        </Link>
      </p>
    </div>
  );
}
