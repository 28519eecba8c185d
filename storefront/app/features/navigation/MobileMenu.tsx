import { ChevronDown, Menu } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router';
import { Drawer } from '@vela/ui/Drawer';
import { Icon } from '@vela/ui/Icon';
import styles from './MobileMenu.module.css';
import type { MenuItem } from './menuTree';

/**
 * Phone and tablet navigation: a menu button opening the category tree in a side drawer. The
 * button is a link to the footer's category list (`fallbackHref`), so before the JavaScript has
 * run, or without it, a tap still leads to every category.
 */
export function MobileMenu({ menu, fallbackHref }: { menu: readonly MenuItem[]; fallbackHref: string }) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  // Following a link closes the drawer.
  useEffect(() => setOpen(false), [pathname]);

  return (
    <div className={styles.root}>
      <a
        href={fallbackHref}
        className={styles.menuButton}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-label={intl.formatMessage({ id: 'navigation.openMenu', defaultMessage: 'Open menu' })}
        onClick={(event) => {
          event.preventDefault();
          setOpen(true);
        }}
      >
        <Icon icon={Menu} />
      </a>
      <Drawer
        open={open}
        onClose={() => setOpen(false)}
        side="left"
        title={intl.formatMessage({ id: 'navigation.menuTitle', defaultMessage: 'Menu' })}
      >
        <nav aria-label={intl.formatMessage({ id: 'navigation.main', defaultMessage: 'Main' })}>
          <ul className={styles.list}>
            {menu.map((item) => (
              <MobileMenuItem key={item.uid} item={item} pathname={pathname} />
            ))}
          </ul>
        </nav>
      </Drawer>
    </div>
  );
}

function MobileMenuItem({ item, pathname }: { item: MenuItem; pathname: string }) {
  const listId = useId();
  // The branch holding the current page starts open, so the shopper sees where they are.
  const [expanded, setExpanded] = useState(() => pathname.startsWith(item.url.replace(/\.html$/, '/')));
  if (item.children.length === 0) {
    return (
      <li>
        <Link to={item.url} className={styles.row} aria-current={pathname === item.url ? 'page' : undefined}>
          {item.name}
        </Link>
      </li>
    );
  }
  return (
    <li>
      <button
        type="button"
        className={styles.row}
        aria-expanded={expanded}
        aria-controls={listId}
        onClick={() => setExpanded(!expanded)}
      >
        {item.name}
        <Icon icon={ChevronDown} size={20} className={styles.chevron} />
      </button>
      <ul id={listId} className={styles.subList} hidden={!expanded}>
        <li>
          <Link to={item.url} className={styles.subRow} aria-current={pathname === item.url ? 'page' : undefined}>
            <FormattedMessage
              id="navigation.shopAll"
              defaultMessage="Shop all {category}"
              values={{ category: item.name }}
            />
          </Link>
        </li>
        {item.children.map((child) => (
          <li key={child.uid}>
            <Link to={child.url} className={styles.subRow} aria-current={pathname === child.url ? 'page' : undefined}>
              {child.name}
            </Link>
            {child.children.length > 0 && (
              <ul className={styles.leafList}>
                {child.children.map((leaf) => (
                  <li key={leaf.uid}>
                    <Link
                      to={leaf.url}
                      className={styles.leafRow}
                      aria-current={pathname === leaf.url ? 'page' : undefined}
                    >
                      {leaf.name}
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </li>
  );
}
