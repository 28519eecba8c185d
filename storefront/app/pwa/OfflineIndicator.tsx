import { WifiOff } from 'lucide-react';
import { FormattedMessage } from 'react-intl';
import { useOnlineStatus } from '../data/onlineStatus';
import { Icon } from '@vela/ui/Icon';
import styles from './OfflineIndicator.module.css';

/**
 * Tells the shopper the shop is running from saved pages. The live region stays mounted so going
 * offline is announced; the server render assumes online, so hydration matches.
 */
export function OfflineIndicator() {
  const online = useOnlineStatus();
  return (
    <span role="status" className={styles.region}>
      {!online && (
        <span className={styles.badge}>
          <Icon icon={WifiOff} size={18} />
          <span className={styles.label}>
            <FormattedMessage id="pwa.offline.badge" defaultMessage="Offline" />
          </span>
        </span>
      )}
    </span>
  );
}
