import { FormattedMessage } from 'react-intl';
import { CmsBlock } from '../features/cms/CmsBlock';
import styles from './Footer.module.css';
import { FOOTER_BLOCK_IDENTIFIER } from './loadShell';

export function Footer({ storeName, copyright }: { storeName: string; copyright: string | null | undefined }) {
  return (
    <footer className={styles.footer}>
      <div className="container">
        <CmsBlock identifier={FOOTER_BLOCK_IDENTIFIER} className={styles.links} />
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
