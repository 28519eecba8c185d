import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { CmsBlock } from '../features/cms/CmsBlock';
import type { MenuItem } from '../features/navigation/menuTree';
import { NewsletterSignup } from '../features/newsletter/NewsletterSignup';
import styles from './Footer.module.css';
import { FOOTER_BLOCK_IDENTIFIER } from './loadShell';
import { PaymentMarks } from './PaymentMarks';
import { StoreSwitcher } from '../features/store/StoreSwitcher';
import type { StoreChoices } from '../features/store/storeChoices';
import type { StoreView } from '../data/storeView';
import type { WaysToPay } from '../features/store/waysToPay';

/** The footer's category list; the phone menu button links here until its drawer can open. */
export const FOOTER_CATEGORIES_ID = 'shop-categories';

interface FooterProps {
  storeName: string;
  copyright: string | null | undefined;
  menu: readonly MenuItem[];
  storeChoices?: StoreChoices;
  storeView?: StoreView;
  waysToPay?: WaysToPay;
}

export function Footer({ storeName, copyright, menu, storeChoices, storeView, waysToPay }: FooterProps) {
  const intl = useIntl();
  return (
    <footer className={styles.footer}>
      <div className={`container ${styles.columns}`}>
        {menu.length > 0 && (
          <nav
            id={FOOTER_CATEGORIES_ID}
            className={styles.categories}
            aria-label={intl.formatMessage({ id: 'layout.footer.categories', defaultMessage: 'Shop by category' })}
          >
            <h2 className={styles.heading}>
              <FormattedMessage id="layout.footer.shop" defaultMessage="Shop" />
            </h2>
            <ul className={styles.categoryList}>
              {menu.map((item) => (
                <li key={item.uid}>
                  <Link to={item.url}>{item.name}</Link>
                </li>
              ))}
            </ul>
          </nav>
        )}
        <CmsBlock identifier={FOOTER_BLOCK_IDENTIFIER} className={styles.links} />
        <NewsletterSignup />
      </div>
      <div className={`container ${styles.bottom}`}>
        <PaymentMarks ways={waysToPay} />
        {storeChoices && storeView && <StoreSwitcher choices={storeChoices} current={storeView} />}
        <p className={styles.copyright}>
          {copyright || (
            <FormattedMessage
              id="layout.footer.copyright"
              defaultMessage="© {year} {store}"
              values={{ year: new Date().getFullYear(), store: storeName }}
            />
          )}
        </p>
      </div>
    </footer>
  );
}
