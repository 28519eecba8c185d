import { Link, useRouteLoaderData } from 'react-router';
import styles from './CategoryLinks.module.css';

/** What the root loader holds of the category menu (the one the header and footer list). */
interface ShellMenu {
  menu?: ReadonlyArray<{ uid: string; name: string; url: string }>;
}

const SHOWN = 6;

/**
 * A way on from an empty page (cart, order history): the shop's top categories as links, so a
 * shopper is one step from products rather than sent back to the home page or to a search box.
 * Nothing when the menu could not be loaded.
 */
export function CategoryLinks({
  label,
  heading,
  onNavigate,
}: {
  /** The navigation landmark's accessible name. */
  label: string;
  heading: string;
  onNavigate?: () => void;
}) {
  const categories = (useRouteLoaderData<ShellMenu>('root')?.menu ?? []).slice(0, SHOWN);
  if (categories.length === 0) return null;
  return (
    <nav className={styles.categories} aria-label={label}>
      <p className={styles.heading}>{heading}</p>
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
