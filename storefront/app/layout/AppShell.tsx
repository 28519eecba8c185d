import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { ToastProvider } from '../ui/Toast';
import styles from './AppShell.module.css';
import { Footer } from './Footer';
import { Header } from './Header';
import { HydratesAlone } from './hydration';
import { NavigationProgress } from './NavigationProgress';
import { useShellData } from './useShellData';

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
