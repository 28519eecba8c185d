import type { Route } from './+types/wishlist';
import { getBrowserApollo } from '../data/browserApollo';
import { AccountLayout } from '../features/account/AccountLayout';
import { AccountLoadError, AccountSkeleton } from '../features/account/AccountStatus';
import { loadPrivatePage } from '../features/account/requireCustomer';
import { WishlistPage } from '../features/wishlist/WishlistPage';
import { wishlistPageTitle } from '../features/wishlist/wishlistPageTitle';
import { WishlistQuery } from '../features/wishlist/wishlistQueries';
import { metaShellData } from '../layout/metaShellData';
import { pageMeta } from '../shared/pageMeta';

// Private like the account pages, and shown in their frame.
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return loadPrivatePage(request, () =>
    getBrowserApollo().query({ query: WishlistQuery, fetchPolicy: 'network-only' }),
  );
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <AccountSkeleton />;
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const shell = metaShellData(matches);
  return pageMeta({ title: wishlistPageTitle(shell?.locale), noindex: true }, shell?.storeConfig);
};

export default function WishlistRoute({ loaderData }: Route.ComponentProps) {
  return (
    <AccountLayout>
      {loaderData.status === 'error' ? <AccountLoadError message={loaderData.message} /> : <WishlistPage />}
    </AccountLayout>
  );
}
