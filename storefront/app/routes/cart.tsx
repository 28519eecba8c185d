import { isRouteErrorResponse } from 'react-router';
import type { Route } from './+types/cart';
import { CartPage } from '../features/cart/CartPage';
import { cartPageTitle } from '../features/cart/cartPageTitle';
import { ErrorPage } from '../layout/ErrorPage';
import { metaShellData } from '../layout/metaShellData';
import { pageMeta } from '../shared/pageMeta';

// No loader: the cart is private to the browser, so the server renders the page's frame only.
export const meta: Route.MetaFunction = ({ matches }) => {
  const shell = metaShellData(matches);
  return pageMeta({ title: cartPageTitle(shell?.locale), noindex: true }, shell?.storeConfig);
};

export default function CartRoute() {
  return <CartPage />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage status={isRouteErrorResponse(error) ? error.status : 500} />;
}
