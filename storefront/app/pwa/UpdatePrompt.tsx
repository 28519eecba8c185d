import { RefreshCw } from 'lucide-react';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { FormattedMessage } from 'react-intl';
import { Button } from '@vela/ui/Button';
import { Icon } from '@vela/ui/Icon';
import styles from './UpdatePrompt.module.css';
import { acceptUpdate, isUpdateWaiting, registerServiceWorker, subscribeToUpdate } from './serviceWorkerRegistration';

interface UpdatePromptProps {
  /** Development builds have no worker (it would serve stale modules to Vite's dev server). */
  register?: boolean;
}

/** Registers the service worker and offers a reload when a new version of the shop is waiting. */
export function UpdatePrompt({ register = import.meta.env.PROD }: UpdatePromptProps) {
  const waiting = useSyncExternalStore(subscribeToUpdate, isUpdateWaiting, () => false);
  const [dismissed, setDismissed] = useState(false);

  useEffect(() => {
    if (register) registerServiceWorker();
  }, [register]);

  // The live region is always present: screen readers only announce changes to one they know.
  return (
    <div role="status" className={styles.region}>
      {waiting && !dismissed && (
        <div className={styles.prompt}>
          <Icon icon={RefreshCw} className={styles.icon} />
          <p className={styles.text}>
            <FormattedMessage id="pwa.update.available" defaultMessage="A new version of the shop is available." />
          </p>
          <div className={styles.actions}>
            <Button variant="ghost" className={styles.later} onClick={() => setDismissed(true)}>
              <FormattedMessage id="pwa.update.later" defaultMessage="Later" />
            </Button>
            <Button onClick={() => acceptUpdate()}>
              <FormattedMessage id="pwa.update.reload" defaultMessage="Reload" />
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}
