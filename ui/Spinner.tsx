import { useIntl } from 'react-intl';
import styles from './Spinner.module.css';

interface SpinnerProps {
  /** What is loading, for screen readers; "Loading…" by default. */
  label?: string;
  size?: number;
  className?: string;
}

export function Spinner({ label, size = 24, className }: SpinnerProps) {
  const intl = useIntl();
  return (
    <span role="status" className={[styles.wrap, className].filter(Boolean).join(' ')}>
      <span className={styles.spinner} style={{ width: size, height: size }} aria-hidden="true" />
      <span className="visually-hidden">
        {label ?? intl.formatMessage({ id: 'ui.spinner.loading', defaultMessage: 'Loading…' })}
      </span>
    </span>
  );
}
