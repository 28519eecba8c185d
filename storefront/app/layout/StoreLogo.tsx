import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import styles from './StoreLogo.module.css';

/** The shop's mark and name, linking home; the same in the full and the checkout header. */
export function StoreLogo({ storeName, className }: { storeName: string; className?: string }) {
  const intl = useIntl();
  return (
    <Link
      to="/"
      className={[styles.logo, className].filter(Boolean).join(' ')}
      aria-label={intl.formatMessage(
        { id: 'layout.header.home', defaultMessage: '{store} home' },
        { store: storeName },
      )}
    >
      <svg className={styles.mark} width="28" height="28" viewBox="0 0 28 28" aria-hidden="true" focusable="false">
        <rect width="28" height="28" rx="7" fill="currentColor" />
        <path
          d="M7.5 8.5 14 20l6.5-11.5"
          fill="none"
          stroke="#fff"
          strokeWidth="2.4"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span className={styles.wordmark}>{storeName}</span>
    </Link>
  );
}
