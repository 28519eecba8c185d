import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useRouteLoaderData } from 'react-router';
import styles from './EmptyCartCategories.module.css';

/** What the root loader holds of the category menu (the one the header and footer list). */
interface ShellMenu {
  menu?: ReadonlyArray<{ uid: string; name: string; url: string }>;
}

const SHOWN = 6;

/**
 * An empty cart's way on: the shop's top categories as links, so a shopper is one step from
 * products rather than sent back to the home page. Nothing when the menu could not be loaded.
 */
export function EmptyCartCategories({ onNavigate }: { onNavigate?: () => void }) {
  const intl = useIntl();
  const categories = (useRouteLoaderData<ShellMenu>('root')?.menu ?? []).slice(0, SHOWN);
  if (categories.length === 0) return null;
  return (
    <nav
      className={styles.categories}
      aria-label={intl.formatMessage({ id: 'cart.empty.categories', defaultMessage: 'Categories to browse' })}
    >
      <p className={styles.heading}>
        <FormattedMessage id="cart.empty.browse" defaultMessage="Or browse a category:" />
      </p>
      <ul className={styles.list}>
        {categories.map((category) => (
          <li key={category.uid}>
            <Link to={category.url} className={styles.link} onClick={onNavigate}>
              {category.name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
