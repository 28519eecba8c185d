import { useIntl } from 'react-intl';
import type { Route } from './+types/contact';
import { accountPageTitle } from '../features/account/accountPageTitle';
import { ContactForm } from '../features/account/ContactForm';
import styles from '../features/account/AccountForms.module.css';
import { metaShellData } from '../layout/metaShellData';
import { pageMeta } from '../shared/pageMeta';

export const meta: Route.MetaFunction = ({ matches }) => {
  const shell = metaShellData(matches);
  return pageMeta({ title: accountPageTitle('contact', shell?.locale) }, shell?.storeConfig);
};

export default function ContactRoute() {
  const intl = useIntl();
  return (
    <div className={`container ${styles.page}`}>
      <h1 className={styles.pageTitle}>
        {intl.formatMessage({ id: 'account.contact.title', defaultMessage: 'Contact us' })}
      </h1>
      <p>
        {intl.formatMessage({
          id: 'account.contact.intro',
          defaultMessage: 'Questions about an order or a product? Write to us and we will get back to you.',
        })}
      </p>
      <ContactForm />
    </div>
  );
}
