import {
  BadgePercent,
  ClipboardList,
  FileText,
  FileUp,
  FolderTree,
  LayoutDashboard,
  LogOut,
  Package,
  ScrollText,
  Settings,
  UserCog,
  Users,
} from 'lucide-react';
import { useState } from 'react';
import { Link, NavLink, Outlet } from 'react-router';
import { Button } from '@vela/ui/Button';
import { Icon } from '@vela/ui/Icon';
import { useStaff, useSession } from '../api/session';
import { ROLE_LABELS } from '../common/format';

const LINKS = [
  { to: '/', label: 'Dashboard', icon: LayoutDashboard, end: true, owner: false },
  { to: '/orders', label: 'Orders', icon: ClipboardList, end: false, owner: false },
  { to: '/customers', label: 'Customers', icon: Users, end: false, owner: false },
  { to: '/promotions', label: 'Promotions', icon: BadgePercent, end: false, owner: false },
  { to: '/products', label: 'Products', icon: Package, end: false, owner: false },
  { to: '/categories', label: 'Categories', icon: FolderTree, end: false, owner: false },
  { to: '/catalog-import', label: 'Catalog import', icon: FileUp, end: false, owner: false },
  { to: '/content', label: 'Content', icon: FileText, end: false, owner: false },
  { to: '/staff', label: 'Staff', icon: UserCog, end: false, owner: true },
  { to: '/audit-log', label: 'Audit log', icon: ScrollText, end: false, owner: true },
  { to: '/settings', label: 'Settings', icon: Settings, end: false, owner: false },
];

/** Header with who is signed in, the navigation, and the page. */
export function Shell() {
  const me = useStaff();
  const { signOut } = useSession();
  const [signingOut, setSigningOut] = useState(false);
  return (
    <div className="bo-shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="bo-header">
        <p className="bo-brand">
          Vela <span>back office</span>
        </p>
        <div className="bo-who">
          <p>
            <span className="visually-hidden">Signed in as </span>
            <strong>{me.name}</strong> <span className="bo-role">{ROLE_LABELS[me.role] ?? me.role}</span>
            <span className="bo-email">{me.email}</span>
          </p>
          <Link to="/account" className="bo-account-link">
            Your account
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
            Sign out
          </Button>
        </div>
      </header>
      <nav className="bo-nav" aria-label="Back office">
        <ul>
          {LINKS.filter((link) => !link.owner || me.role === 'OWNER').map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} end={link.end}>
                <Icon icon={link.icon} size={20} />
                {link.label}
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
