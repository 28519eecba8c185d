import { Suspense, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { ToastProvider } from '../ui/Toast';
import styles from './AppShell.module.css';
import { Footer } from './Footer';
import { Header } from './Header';
import { NavigationProgress } from './NavigationProgress';
import { useShellData } from './useShellData';

/**
 * Each boundary hydrates on its own, after the shell: the server already painted it, and React
 * hydrates server-rendered Suspense boundaries at idle priority in separate short tasks, so the
 * page's hydration is no longer one long render and one long commit (issue 8: tasks under 50 ms
 * at a 4× slower CPU). Nothing in these boundaries suspends on the client; the fallbacks are
 * never seen.
 */
function HydratesAlone({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}

/** Header, footer and the page in between; the same frame for every page of the shop. */
export function AppShell({ children }: { children: ReactNode }) {
  const shell = useShellData();
  const storeName = shell?.storeConfig.store_name || 'Vela';
  return (
    <ToastProvider>
      <NavigationProgress />
      <a href="#main" className="skip-link">
        <FormattedMessage id="layout.skipToContent" defaultMessage="Skip to content" />
      </a>
      <HydratesAlone>
        <Header storeName={storeName} menu={shell?.menu ?? []} />
      </HydratesAlone>
      {/* tabIndex lets the skip link move focus into main, not only scroll to it. */}
      <main id="main" tabIndex={-1} className={styles.main}>
        <HydratesAlone>{children}</HydratesAlone>
      </main>
      <HydratesAlone>
        <Footer storeName={storeName} copyright={shell?.storeConfig.copyright} menu={shell?.menu ?? []} />
      </HydratesAlone>
    </ToastProvider>
  );
}
