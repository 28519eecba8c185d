import { isRouteErrorResponse } from 'react-router';
import type { Route } from './+types/cart';
import { CartPage } from '../features/cart/CartPage';
import { cartPageTitle } from '../features/cart/cartPageTitle';
import { ErrorPage } from '../layout/ErrorPage';
import { pageMeta } from '../layout/pageMeta';
import type { loader as rootLoader } from '../root';

// No loader: the cart is private to the browser, so the server renders the page's frame only.
export const meta: Route.MetaFunction = ({ matches }) => {
  const shell = matches[0]?.data as Awaited<ReturnType<typeof rootLoader>> | undefined;
  return pageMeta({ title: cartPageTitle(shell?.locale), noindex: true }, shell?.storeConfig);
};

export default function CartRoute() {
  return <CartPage />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage status={isRouteErrorResponse(error) ? error.status : 500} />;
}
