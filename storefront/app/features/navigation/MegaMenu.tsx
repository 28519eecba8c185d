import { ChevronDown } from 'lucide-react';
import { type FocusEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router';
import { Icon } from '@vela/ui/Icon';
import styles from './MegaMenu.module.css';
import type { MenuItem } from './menuTree';

// Pointer paths from a top item to its panel cross a gap; a short grace keeps the panel open.
const HOVER_CLOSE_DELAY = 150;

/**
 * Desktop category navigation. Every top category is a link to its page, so the menu works
 * before the JavaScript has run; those with children have a disclosure button beside the link
 * (click, Enter or Space toggles, Escape closes and returns focus) and open on mouse hover too.
 * Every link is in the server HTML, hidden panels included, so crawlers see the whole tree.
 */
export function MegaMenu({ menu }: { menu: readonly MenuItem[] }) {
  const intl = useIntl();
  const idPrefix = useId();
  const { pathname } = useLocation();
  const [openUid, setOpenUid] = useState<string | null>(null);
  const navRef = useRef<HTMLElement>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // A mouse click on a top item arrives after the hover has opened it: that click must not close it.
  const openedByHover = useRef(false);

  useEffect(() => setOpenUid(null), [pathname]);

  useEffect(() => {
    if (!openUid) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!navRef.current?.contains(event.target as Node)) setOpenUid(null);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [openUid]);

  useEffect(() => () => clearTimeout(closeTimer.current), []);

  const hoverOpen = (uid: string) => {
    clearTimeout(closeTimer.current);
    if (openUid !== uid) openedByHover.current = true;
    setOpenUid(uid);
  };
  const toggle = (uid: string) => {
    const keepOpen = openUid === uid && openedByHover.current;
    openedByHover.current = false;
    if (!keepOpen) setOpenUid(openUid === uid ? null : uid);
  };
  const hoverClose = () => {
    clearTimeout(closeTimer.current);
    closeTimer.current = setTimeout(() => setOpenUid(null), HOVER_CLOSE_DELAY);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape' || !openUid) return;
    event.preventDefault();
    const buttons = navRef.current?.querySelectorAll<HTMLButtonElement>('button[data-menu-uid]') ?? [];
    const button = [...buttons].find((candidate) => candidate.dataset.menuUid === openUid);
    setOpenUid(null);
    button?.focus();
  };
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setOpenUid(null);
  };

  if (menu.length === 0) return null;
  return (
    // Arrow keys, Escape and focus leaving are handled once for every menu item inside, not per item.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- delegation for the buttons and links inside
    <nav
      ref={navRef}
      className={styles.nav}
      aria-label={intl.formatMessage({ id: 'navigation.main', defaultMessage: 'Main' })}
      onKeyDown={onKeyDown}
      onBlur={onBlur}
    >
      <ul className={styles.topList}>
        {menu.map((item, index) => {
          const isCurrent = pathname === item.url;
          const isInside = isCurrent || pathname.startsWith(item.url.replace(/\.html$/, '/'));
          if (item.children.length === 0) {
            return (
              <li key={item.uid}>
                <Link
                  to={item.url}
                  className={styles.topItem}
                  aria-current={isCurrent ? 'page' : undefined}
                  data-active={isInside || undefined}
                >
                  {item.name}
                </Link>
              </li>
            );
          }
          const open = openUid === item.uid;
          const panelId = `${idPrefix}-panel-${index}`;
          return (
            // Touch taps also fire pointerenter; only a real mouse hover opens, so a tap is one toggle.
            <li
              key={item.uid}
              onPointerEnter={(event) => event.pointerType === 'mouse' && hoverOpen(item.uid)}
              onPointerLeave={(event) => event.pointerType === 'mouse' && hoverClose()}
            >
              <span className={styles.topGroup} data-active={isInside || undefined} data-open={open || undefined}>
                <Link
                  to={item.url}
                  className={`${styles.topItem} ${styles.topLink}`}
                  aria-current={isCurrent ? 'page' : undefined}
                >
                  {item.name}
                </Link>
                <button
                  type="button"
                  className={styles.toggle}
                  aria-expanded={open}
                  aria-controls={panelId}
                  aria-label={intl.formatMessage(
                    { id: 'navigation.showSubcategories', defaultMessage: '{category} categories' },
                    { category: item.name },
                  )}
                  data-menu-uid={item.uid}
                  onClick={() => toggle(item.uid)}
                >
                  <Icon icon={ChevronDown} size={16} className={styles.chevron} />
                </button>
              </span>
              <div id={panelId} className={styles.panel} hidden={!open}>
                <div className={`container ${styles.panelInner}`}>
                  <Link to={item.url} className={styles.shopAll} aria-current={isCurrent ? 'page' : undefined}>
                    <FormattedMessage
                      id="navigation.shopAll"
                      defaultMessage="Shop all {category}"
                      values={{ category: item.name }}
                    />
                  </Link>
                  <ul className={styles.columns}>
                    {item.children.map((child) => (
                      <li key={child.uid} className={styles.column}>
                        <Link
                          to={child.url}
                          className={styles.columnHeading}
                          aria-current={pathname === child.url ? 'page' : undefined}
                        >
                          {child.name}
                        </Link>
                        {child.children.length > 0 && (
                          <ul className={styles.links}>
                            {child.children.map((grandchild) => (
                              <li key={grandchild.uid}>
                                <Link
                                  to={grandchild.url}
                                  aria-current={pathname === grandchild.url ? 'page' : undefined}
                                >
                                  {grandchild.name}
                                </Link>
                              </li>
                            ))}
                          </ul>
                        )}
                      </li>
                    ))}
                  </ul>
                </div>
              </div>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
