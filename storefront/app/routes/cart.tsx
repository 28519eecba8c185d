import { useIntl } from 'react-intl';
import { isRouteErrorResponse } from 'react-router';
import type { Route } from './+types/cart';
import { getCartId } from '../data/cartId';
import { getServerApollo } from '../data/serverApollo';
import { CartPage } from '../features/cart/CartPage';
import { FinishPaying } from '../features/checkout/FinishPaying';
import { ProductStrip } from '../features/catalog/ProductStrip';
import { LazyRecentlyViewed } from '../features/recentlyViewed/LazyRecentlyViewed';
import { renderProductCardActions } from './productCardActions';
import { cartPageTitle } from '../features/cart/cartPageTitle';
import { loadCartPage } from '../features/cart/loadCartPage';
import { ErrorPage } from '../layout/ErrorPage';
import { metaShellData } from '../layout/metaShellData';
import { pageMeta } from '../shared/pageMeta';

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadCartPage(getServerApollo(context), request);
}

// In the browser the cart is read where it lives; moving to the cart page costs no request.
export function clientLoader() {
  return { cartId: getCartId() };
}

// The page may hold one shopper's cart: no shared cache may keep it, nor the browser's.
export function headers() {
  return { 'Cache-Control': 'private, no-store' };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const shell = metaShellData(matches);
  return pageMeta({ title: cartPageTitle(shell?.locale), noindex: true }, shell?.storeConfig);
};

export default function CartRoute({ loaderData }: Route.ComponentProps) {
  const intl = useIntl();
  const completeTheLook = intl.formatMessage({ id: 'cart.completeTheLook', defaultMessage: 'Complete the look' });
  const recentlyViewed = intl.formatMessage({ id: 'recentlyViewed.title', defaultMessage: 'Recently viewed' });
  return (
    <CartPage
      serverCartId={loaderData.cartId}
      emptyCartExtra={
        <>
          {/* The cart closed by an order waiting for its 3-D Secure step (a tab closed mid-payment). */}
          <FinishPaying />
          <LazyRecentlyViewed
            render={(products) => (
              <ProductStrip products={products} title={recentlyViewed} renderCardActions={renderProductCardActions} />
            )}
          />
        </>
      }
      renderCrossSells={(products) => (
        <ProductStrip products={products} title={completeTheLook} renderCardActions={renderProductCardActions} />
      )}
    />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage status={isRouteErrorResponse(error) ? error.status : 500} />;
}
