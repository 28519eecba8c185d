import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { Route } from './+types/forgotPassword';
import { accountMessages } from '../features/account/accountMessages';
import { accountPageTitle } from '../features/account/accountPageTitle';
import { ForgotPasswordForm } from '../features/account/ForgotPasswordForm';
import styles from '../features/account/AccountForms.module.css';
import { metaShellData } from '../layout/metaShellData';
import { pageMeta } from '../shared/pageMeta';

export const meta: Route.MetaFunction = ({ matches }) => {
  const shell = metaShellData(matches);
  return pageMeta({ title: accountPageTitle('forgot', shell?.locale), noindex: true }, shell?.storeConfig);
};

export default function ForgotPasswordRoute() {
  const intl = useIntl();
  return (
    <div className={`container ${styles.page}`}>
      <h1 className={styles.pageTitle}>{intl.formatMessage(accountMessages.forgotTitle)}</h1>
      <ForgotPasswordForm idPrefix="forgot" />
      <p className={styles.links}>
        <Link to="/account/signin">
          {intl.formatMessage({ id: 'account.forgot.backToSignIn', defaultMessage: 'Back to sign in' })}
        </Link>
      </p>
    </div>
  );
}
