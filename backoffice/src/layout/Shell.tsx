import {
  BadgePercent,
  ChartColumn,
  ClipboardList,
  FileText,
  FileUp,
  FolderTree,
  LayoutDashboard,
  LogOut,
  MessageSquareText,
  Package,
  Replace,
  ScrollText,
  Settings,
  Store,
  Tags,
  TextSearch,
  UserCog,
  Users,
} from 'lucide-react';
import { useState } from 'react';
import { FormattedMessage, defineMessages, useIntl } from 'react-intl';
import { Link, NavLink, Outlet } from 'react-router';
import { Button } from '@vela/ui/Button';
import { Icon } from '@vela/ui/Icon';
import { useStaff, useSession } from '../api/session';
import { roleLabel } from '../common/format';

const NAV = defineMessages({
  dashboard: { id: 'backoffice.nav.dashboard', defaultMessage: 'Dashboard' },
  orders: { id: 'backoffice.nav.orders', defaultMessage: 'Orders' },
  customers: { id: 'backoffice.nav.customers', defaultMessage: 'Customers' },
  promotions: { id: 'backoffice.nav.promotions', defaultMessage: 'Promotions' },
  products: { id: 'backoffice.nav.products', defaultMessage: 'Products' },
  categories: { id: 'backoffice.nav.categories', defaultMessage: 'Categories' },
  attributes: { id: 'backoffice.nav.attributes', defaultMessage: 'Attributes' },
  catalogImport: { id: 'backoffice.nav.catalogImport', defaultMessage: 'Catalog import' },
  content: { id: 'backoffice.nav.content', defaultMessage: 'Content' },
  reviews: { id: 'backoffice.nav.reviews', defaultMessage: 'Reviews' },
  searchSynonyms: { id: 'backoffice.nav.searchSynonyms', defaultMessage: 'Search synonyms' },
  searchTerms: { id: 'backoffice.nav.searchTerms', defaultMessage: 'Search terms' },
  reports: { id: 'backoffice.nav.reports', defaultMessage: 'Reports' },
  staff: { id: 'backoffice.nav.staff', defaultMessage: 'Staff' },
  auditLog: { id: 'backoffice.nav.auditLog', defaultMessage: 'Audit log' },
  settings: { id: 'backoffice.nav.settings', defaultMessage: 'Settings' },
  stores: { id: 'backoffice.nav.stores', defaultMessage: 'Stores' },
});

const LINKS = [
  { to: '/', label: NAV.dashboard, icon: LayoutDashboard, end: true, owner: false },
  { to: '/orders', label: NAV.orders, icon: ClipboardList, end: false, owner: false },
  { to: '/reports', label: NAV.reports, icon: ChartColumn, end: false, owner: false },
  { to: '/customers', label: NAV.customers, icon: Users, end: false, owner: false },
  { to: '/promotions', label: NAV.promotions, icon: BadgePercent, end: false, owner: false },
  { to: '/products', label: NAV.products, icon: Package, end: false, owner: false },
  { to: '/categories', label: NAV.categories, icon: FolderTree, end: false, owner: false },
  { to: '/attributes', label: NAV.attributes, icon: Tags, end: false, owner: false },
  { to: '/catalog-import', label: NAV.catalogImport, icon: FileUp, end: false, owner: false },
  { to: '/reviews', label: NAV.reviews, icon: MessageSquareText, end: false, owner: false },
  { to: '/search-synonyms', label: NAV.searchSynonyms, icon: Replace, end: false, owner: false },
  { to: '/search-terms', label: NAV.searchTerms, icon: TextSearch, end: false, owner: false },
  { to: '/content', label: NAV.content, icon: FileText, end: false, owner: false },
  { to: '/staff', label: NAV.staff, icon: UserCog, end: false, owner: true },
  { to: '/audit-log', label: NAV.auditLog, icon: ScrollText, end: false, owner: true },
  { to: '/stores', label: NAV.stores, icon: Store, end: false, owner: false },
  { to: '/settings', label: NAV.settings, icon: Settings, end: false, owner: false },
];

/** Header with who is signed in, the navigation, and the page. */
export function Shell() {
  const intl = useIntl();
  const me = useStaff();
  const { signOut } = useSession();
  const [signingOut, setSigningOut] = useState(false);
  return (
    <div className="bo-shell">
      <a className="skip-link" href="#main">
        <FormattedMessage id="backoffice.shell.skipToContent" defaultMessage="Skip to content" />
      </a>
      <header className="bo-header">
        <p className="bo-brand">
          Vela{' '}
          <span>
            <FormattedMessage id="backoffice.shell.brand" defaultMessage="back office" />
          </span>
        </p>
        <div className="bo-who">
          <p>
            <span className="visually-hidden">
              <FormattedMessage id="backoffice.shell.signedInAs" defaultMessage="Signed in as" />{' '}
            </span>
            <strong>{me.name}</strong> <span className="bo-role">{roleLabel(intl, me.role)}</span>
            <span className="bo-email">{me.email}</span>
          </p>
          <Link to="/account" className="bo-account-link">
            <FormattedMessage id="backoffice.shell.account" defaultMessage="Your account" />
          </Link>
          <Button
            variant="secondary"
            busy={signingOut}
            onClick={() => {
              setSigningOut(true);
              void signOut();
            }}
          >
            <Icon icon={LogOut} size={18} />
            <FormattedMessage id="backoffice.shell.signOut" defaultMessage="Sign out" />
          </Button>
        </div>
      </header>
      <nav
        className="bo-nav"
        aria-label={intl.formatMessage({ id: 'backoffice.shell.navigation', defaultMessage: 'Back office' })}
      >
        <ul>
          {LINKS.filter((link) => !link.owner || me.role === 'OWNER').map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} end={link.end}>
                <Icon icon={link.icon} size={20} />
                {intl.formatMessage(link.label)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <main id="main" className="bo-main">
        <Outlet />
      </main>
    </div>
  );
}
