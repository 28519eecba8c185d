import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { NavLink } from 'react-router';
import { accountMessages } from './accountMessages';
import { ACCOUNT_NAV } from './accountNav';
import styles from './AccountLayout.module.css';

/** The account area's frame: its navigation beside (desktop) or above (phones) the page. */
export function AccountLayout({ children }: { children: ReactNode }) {
  const intl = useIntl();
  return (
    <div className={`container ${styles.layout}`}>
      <nav aria-label={intl.formatMessage(accountMessages.navLabel)} className={styles.nav}>
        <ul>
          {ACCOUNT_NAV.map((item) => (
            <li key={item.to}>
              <NavLink
                to={item.to}
                end
                className={({ isActive }) => (isActive ? `${styles.link} ${styles.active}` : styles.link)}
              >
                {intl.formatMessage(item.label)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className={styles.content}>{children}</div>
    </div>
  );
}
