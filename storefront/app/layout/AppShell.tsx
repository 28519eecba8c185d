import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { useMatches } from 'react-router';
import { ToastProvider } from '@vela/ui/Toast';
import styles from './AppShell.module.css';
import { Footer } from './Footer';
import { CheckoutFooter } from './CheckoutFooter';
import { CheckoutHeader } from './CheckoutHeader';
import { Header } from './Header';
import { HydratesAlone } from './hydration';
import { NavigationProgress } from './NavigationProgress';
import { useShellData } from './useShellData';

/** A route marks itself with `handle = FOCUSED_PAGE` to get checkout's header and footer instead of the shop's. */
export const FOCUSED_PAGE = { chrome: 'focused' } as const;

function isFocusedPage(handle: unknown): boolean {
  return typeof handle === 'object' && handle !== null && (handle as { chrome?: unknown }).chrome === 'focused';
}

/** Header, footer and the page in between; the same frame for every page of the shop. */
export function AppShell({ children }: { children: ReactNode }) {
  const shell = useShellData();
  const storeName = shell?.storeConfig.store_name || 'Vela';
  const focused = useMatches().some((match) => isFocusedPage(match.handle));
  return (
    <ToastProvider>
      <NavigationProgress />
      <a href="#main" className="skip-link">
        <FormattedMessage id="layout.skipToContent" defaultMessage="Skip to content" />
      </a>
      <HydratesAlone>
        {focused ? <CheckoutHeader storeName={storeName} /> : <Header storeName={storeName} menu={shell?.menu ?? []} />}
      </HydratesAlone>
      {/* tabIndex lets the skip link move focus into main, not only scroll to it. */}
      <main id="main" tabIndex={-1} className={styles.main}>
        <HydratesAlone>{children}</HydratesAlone>
      </main>
      <HydratesAlone>
        {focused ? (
          <CheckoutFooter storeName={storeName} copyright={shell?.storeConfig.copyright} waysToPay={shell?.waysToPay} />
        ) : (
          <Footer
            storeName={storeName}
            copyright={shell?.storeConfig.copyright}
            menu={shell?.menu ?? []}
            storeChoices={shell?.storeChoices}
            storeView={shell?.storeView}
            waysToPay={shell?.waysToPay}
          />
        )}
      </HydratesAlone>
    </ToastProvider>
  );
}
