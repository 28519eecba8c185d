import type { Route } from './+types/compare';
import { renderCardAddToCart } from '../features/cart/CardAddToCart';
import { ComparePage } from '../features/compare/ComparePage';
import { comparePageTitle } from '../features/compare/comparePageTitle';
import { metaShellData } from '../layout/metaShellData';
import { pageMeta } from '../shared/pageMeta';

// The list is this browser's (its uid is in localStorage), so the server renders the page's frame
// and the browser fills it in; no shared cache may keep it.
export function headers() {
  return { 'Cache-Control': 'private, no-store' };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const shell = metaShellData(matches);
  return pageMeta({ title: comparePageTitle(shell?.locale), noindex: true }, shell?.storeConfig);
};

export default function CompareRoute() {
  return <ComparePage renderAddToCart={renderCardAddToCart} />;
}
