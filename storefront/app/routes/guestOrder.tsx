import { useIntl } from 'react-intl';
import type { Route } from './+types/guestOrder';
import { accountPageTitle } from '../features/account/accountPageTitle';
import { GuestOrderLookup } from '../features/account/GuestOrderLookup';
import { FinishPaying } from '../features/checkout/FinishPaying';
import styles from '../features/account/AccountForms.module.css';
import { metaShellData } from '../layout/metaShellData';
import { pageMeta } from '../shared/pageMeta';

export const meta: Route.MetaFunction = ({ matches }) => {
  const shell = metaShellData(matches);
  return pageMeta({ title: accountPageTitle('guestOrder', shell?.locale), noindex: true }, shell?.storeConfig);
};

export default function GuestOrderRoute() {
  const intl = useIntl();
  return (
    <div className={`container ${styles.page}`}>
      <h1 className={styles.pageTitle}>
        {intl.formatMessage({ id: 'account.guestOrder.title', defaultMessage: 'Find your order' })}
      </h1>
      <p>
        {intl.formatMessage({
          id: 'account.guestOrder.intro',
          defaultMessage:
            'Ordered without an account? Enter the order number from your confirmation e-mail, the e-mail address and the postcode of the billing address.',
        })}
      </p>
      <GuestOrderLookup finishPaying={(cartId) => <FinishPaying order={{ cartId, uid: null }} />} />
    </div>
  );
}
