import type { Route } from './+types/compare';
import { getCompareListUid } from '../data/compareListId';
import { getServerApollo } from '../data/serverApollo';
import { renderCardAddToCart } from '../features/cart/CardAddToCart';
import { ComparePage } from '../features/compare/ComparePage';
import { comparePageTitle } from '../features/compare/comparePageTitle';
import { loadComparePage } from '../features/compare/loadComparePage';
import { metaShellData } from '../layout/metaShellData';
import { pageMeta } from '../shared/pageMeta';

// The list is this browser's: the server renders it from the browser's compare cookie (a guest's
// list), and the browser fills in what the server could not read (a signed-in customer's list).
export async function loader({ context, request }: Route.LoaderArgs) {
  return loadComparePage(getServerApollo(context), request);
}

// In the browser the list is read where it lives; moving to the compare page costs no request.
export function clientLoader() {
  return { uid: getCompareListUid() };
}

// The page is one shopper's: no shared cache may keep it, nor the browser's (nor the server's page
// cache: this route is not one of the shareable ones, storefront/app/entry.server.tsx).
export function headers() {
  return { 'Cache-Control': 'private, no-store' };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const shell = metaShellData(matches);
  return pageMeta({ title: comparePageTitle(shell?.locale), noindex: true }, shell?.storeConfig);
};

export default function CompareRoute({ loaderData }: Route.ComponentProps) {
  return <ComparePage serverUid={loaderData.uid} renderAddToCart={renderCardAddToCart} />;
}
