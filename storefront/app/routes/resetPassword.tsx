import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import type { Route } from './+types/resetPassword';
import { accountMessages } from '../features/account/accountMessages';
import { accountPageTitle } from '../features/account/accountPageTitle';
import { ResetPasswordForm } from '../features/account/ResetPasswordForm';
import styles from '../features/account/AccountForms.module.css';
import { metaShellData } from '../layout/metaShellData';
import { pageMeta } from '../shared/pageMeta';

// The link in the reset e-mail (Magento's path): `?token=…&email=…`.
export const meta: Route.MetaFunction = ({ matches }) => {
  const shell = metaShellData(matches);
  return pageMeta({ title: accountPageTitle('reset', shell?.locale), noindex: true }, shell?.storeConfig);
};

export default function ResetPasswordRoute() {
  const intl = useIntl();
  const [params] = useSearchParams();
  return (
    <div className={`container ${styles.page}`}>
      <h1 className={styles.pageTitle}>{intl.formatMessage(accountMessages.resetTitle)}</h1>
      <ResetPasswordForm token={params.get('token') ?? ''} initialEmail={params.get('email') ?? ''} />
    </div>
  );
}
