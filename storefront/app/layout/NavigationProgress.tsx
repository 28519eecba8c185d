import { useIntl } from 'react-intl';
import { useNavigation } from 'react-router';
import styles from './NavigationProgress.module.css';

/**
 * A thin bar at the top while the next page loads. It is an indeterminate progressbar without a
 * live region: assistive technology can find it, but it does not interrupt on every click.
 */
export function NavigationProgress() {
  const intl = useIntl();
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div
      role="progressbar"
      aria-label={intl.formatMessage({ id: 'layout.loadingPage', defaultMessage: 'Loading page' })}
      className={styles.bar}
    />
  );
}
