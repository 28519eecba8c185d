import { useIntl } from 'react-intl';
import { isRouteErrorResponse } from 'react-router';
import type { Route } from './+types/catchAll';
import { getBrowserApollo } from '../data/browserApollo';
import { getServerApollo } from '../data/serverApollo';
import { CategoryPage } from '../features/catalog/CategoryPage';
import { ProductStrip } from '../features/catalog/ProductStrip';
import { AddToCartButton } from '../features/cart/AddToCartButton';
import { CompareControl } from '../features/compare/CompareToggle';
import { LazyRecentlyViewed } from '../features/recentlyViewed/LazyRecentlyViewed';
import { RecordRecentlyViewed } from '../features/recentlyViewed/RecordRecentlyViewed';
import { CmsPage } from '../features/cms/CmsPage';
import { ProductPage } from '../features/product/ProductPage';
import { WithWishlistHeart } from '../features/wishlist/WishlistHeart';
import { DeliveryNote } from '../features/cms/DeliveryNote';
import { ErrorPage } from '../layout/ErrorPage';
import { metaShellData } from '../layout/metaShellData';
import { errorPageMeta, pageMeta } from '../shared/pageMeta';
import { loadCatchAllPage } from './loadCatchAllPage';
import { renderProductCardActions } from './productCardActions';

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadCatchAllPage(getServerApollo(context), request);
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return loadCatchAllPage(getBrowserApollo(), request);
}

export const meta: Route.MetaFunction = ({ data: page, matches, error }) => {
  const shell = metaShellData(matches);
  if (!page) return errorPageMeta(isRouteErrorResponse(error) ? error.status : 500, shell?.locale, shell?.storeConfig);
  return pageMeta(page.meta, shell?.storeConfig);
};

export default function CatchAll({ loaderData }: Route.ComponentProps) {
  const intl = useIntl();
  const mayAlsoLike = intl.formatMessage({ id: 'product.mayAlsoLike', defaultMessage: 'You may also like' });
  const recentlyViewed = intl.formatMessage({ id: 'recentlyViewed.title', defaultMessage: 'Recently viewed' });
  switch (loaderData.kind) {
    case 'category':
      return <CategoryPage {...loaderData} renderCardActions={renderProductCardActions} />;
    case 'product': {
      const { deliveryNoteHtml, ...page } = loaderData;
      return (
        <ProductPage
          {...page}
          renderAddToCart={(context) => (
            <WithWishlistHeart sku={context.sku} selectedOptions={context.selectedOptions} size="large">
              <AddToCartButton {...context} />
            </WithWishlistHeart>
          )}
          purchaseNote={<DeliveryNote html={deliveryNoteHtml} />}
          renderShopperTools={(product) => <CompareControl uid={product.uid} name={product.name} />}
          renderAfterProduct={(product) => (
            <div className="container">
              <RecordRecentlyViewed sku={product.sku} />
              <LazyRecentlyViewed
                currentSku={product.sku}
                render={(products) => (
                  <ProductStrip
                    products={products}
                    title={recentlyViewed}
                    renderCardActions={renderProductCardActions}
                  />
                )}
              />
            </div>
          )}
          renderLinkedProducts={(products) => (
            <ProductStrip products={products} title={mayAlsoLike} renderCardActions={renderProductCardActions} />
          )}
        />
      );
    }
    case 'cms':
      return <CmsPage {...loaderData} />;
  }
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage status={isRouteErrorResponse(error) ? error.status : 500} />;
}
