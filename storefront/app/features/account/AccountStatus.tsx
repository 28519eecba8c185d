import { useIntl } from 'react-intl';
import { Skeleton } from '@vela/ui/Skeleton';
import { Spinner } from '@vela/ui/Spinner';
import { accountMessages } from './accountMessages';
import styles from './AccountForms.module.css';

/** What the server renders for private pages and what shows while they load. */
export function AccountSkeleton() {
  const intl = useIntl();
  return (
    <div
      className="container"
      aria-busy="true"
      style={{ paddingTop: 'var(--space-5)', paddingBottom: 'var(--space-7)' }}
    >
      <Spinner label={intl.formatMessage(accountMessages.loading)} />
      <Skeleton height={36} width="40%" />
      <Skeleton height={20} />
      <Skeleton height={20} width="80%" />
      <Skeleton height={120} />
    </div>
  );
}

export function AccountLoadError({ message }: { message: string }) {
  return (
    <p role="alert" className={styles.alert}>
      {message}
    </p>
  );
}
