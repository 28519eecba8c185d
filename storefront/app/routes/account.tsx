import { Outlet } from 'react-router';
import { AccountLayout } from '../features/account/AccountLayout';

// The account area's frame; every page in it loads its private data in the browser.
export default function AccountRoute() {
  return (
    <AccountLayout>
      <Outlet />
    </AccountLayout>
  );
}
