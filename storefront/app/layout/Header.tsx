import { AccountDrawer } from '../features/account/AccountDrawer';
import { MiniCart } from '../features/cart/MiniCart';
import { CompareLink } from '../features/compare/CompareLink';
import { MegaMenu } from '../features/navigation/MegaMenu';
import { MobileMenu } from '../features/navigation/MobileMenu';
import type { MenuItem } from '../features/navigation/menuTree';
import { SearchField } from '../features/search/SearchField';
import { OfflineIndicator } from '../pwa/OfflineIndicator';
import { FOOTER_CATEGORIES_ID } from './Footer';
import styles from './Header.module.css';
import { StoreLogo } from './StoreLogo';

interface HeaderProps {
  storeName: string;
  menu: readonly MenuItem[];
}

/**
 * Phones: menu button, logo and icons on one row, search below. From 1024 px: logo, search and
 * icons on top, the mega menu under them (a shop's top categories rarely fit beside a search).
 */
export function Header({ storeName, menu }: HeaderProps) {
  return (
    <header className={styles.header}>
      <div className={`container ${styles.bar}`}>
        <div className={styles.menu}>
          <MobileMenu menu={menu} fallbackHref={`#${FOOTER_CATEGORIES_ID}`} />
        </div>
        <StoreLogo storeName={storeName} className={styles.logo} />
        <div className={styles.search}>
          <SearchField />
        </div>
        <div className={styles.actions}>
          <OfflineIndicator />
          <AccountDrawer className={styles.action} />
          <CompareLink className={styles.action} />
          <MiniCart className={styles.action} />
        </div>
      </div>
      <div className={`container ${styles.navRow}`}>
        <MegaMenu menu={menu} />
      </div>
    </header>
  );
}
