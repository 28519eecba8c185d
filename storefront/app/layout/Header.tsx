import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { AccountDrawer } from '../features/account/AccountDrawer';
import { MiniCart } from '../features/cart/MiniCart';
import { MegaMenu } from '../features/navigation/MegaMenu';
import { MobileMenu } from '../features/navigation/MobileMenu';
import type { MenuItem } from '../features/navigation/menuTree';
import { SearchField } from '../features/search/SearchField';
import { OfflineIndicator } from '../pwa/OfflineIndicator';
import { FOOTER_CATEGORIES_ID } from './Footer';
import styles from './Header.module.css';

interface HeaderProps {
  storeName: string;
  menu: readonly MenuItem[];
}

/**
 * Phones: menu button, logo and icons on one row, search below. From 1024 px: logo, search and
 * icons on top, the mega menu under them (a shop's top categories rarely fit beside a search).
 */
export function Header({ storeName, menu }: HeaderProps) {
  const intl = useIntl();
  return (
    <header className={styles.header}>
      <div className={`container ${styles.bar}`}>
        <div className={styles.menu}>
          <MobileMenu menu={menu} fallbackHref={`#${FOOTER_CATEGORIES_ID}`} />
        </div>
        <Link
          to="/"
          className={styles.logo}
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
        <div className={styles.search}>
          <SearchField />
        </div>
        <div className={styles.actions}>
          <OfflineIndicator />
          <AccountDrawer className={styles.action} />
          <MiniCart className={styles.action} />
        </div>
      </div>
      <div className={`container ${styles.navRow}`}>
        <MegaMenu menu={menu} />
      </div>
    </header>
  );
}
