import type { ApolloClient } from '@apollo/client';
import { data, isRouteErrorResponse, redirect } from 'react-router';
import type { Route } from './+types/catchAll';
import { getBrowserApollo } from '../data/browserApollo';
import { getServerApollo } from '../data/serverApollo';
import { CategoryPage } from '../features/catalog/CategoryPage';
import { loadCategoryPage } from '../features/catalog/loadCategoryPage';
import { AddToCartButton } from '../features/cart/AddToCartButton';
import { renderCardAddToCart } from '../features/cart/CardAddToCart';
import { CmsPage } from '../features/cms/CmsPage';
import { loadCmsPage } from '../features/cms/loadCmsPage';
import { ProductPage } from '../features/product/ProductPage';
import { WithWishlistHeart } from '../features/wishlist/WishlistHeart';
import { loadProductPage } from '../features/product/loadProductPage';
import { resolveRoute } from '../features/routing/resolveRoute';
import { ErrorPage } from '../layout/ErrorPage';
import { pageMeta } from '../layout/pageMeta';
import type { loader as rootLoader } from '../root';

async function loadPage(client: ApolloClient, request: Request) {
  const url = new URL(request.url);
  const target = await resolveRoute(client, url.pathname);
  if (!target) throw data(null, { status: 404 });
  if (target.redirectTo) throw redirect(target.redirectTo + url.search, target.redirectCode);
  switch (target.type) {
    case 'CATEGORY':
      return { kind: 'category' as const, ...(await loadCategoryPage(client, { uid: target.uid, url })) };
    case 'PRODUCT':
      return { kind: 'product' as const, ...(await loadProductPage(client, { urlKey: target.urlKey, url })) };
    case 'CMS_PAGE':
      return { kind: 'cms' as const, ...(await loadCmsPage(client, { identifier: target.identifier, url })) };
  }
}

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadPage(getServerApollo(context), request);
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return loadPage(getBrowserApollo(), request);
}

export const meta: Route.MetaFunction = ({ data: page, matches }) => {
  const store = (matches[0]?.data as Awaited<ReturnType<typeof rootLoader>> | undefined)?.storeConfig;
  return pageMeta(page?.meta ?? { title: '', noindex: true }, store);
};

export default function CatchAll({ loaderData }: Route.ComponentProps) {
  switch (loaderData.kind) {
    case 'category':
      return (
        <CategoryPage
          {...loaderData}
          renderCardActions={(product) => (
            <WithWishlistHeart sku={product.sku ?? ''} name={product.name ?? undefined}>
              {renderCardAddToCart(product)}
            </WithWishlistHeart>
          )}
        />
      );
    case 'product':
      return (
        <ProductPage
          {...loaderData}
          renderAddToCart={(context) => (
            <WithWishlistHeart sku={context.sku} selectedOptions={context.selectedOptions} size="large">
              <AddToCartButton {...context} />
            </WithWishlistHeart>
          )}
        />
      );
    case 'cms':
      return <CmsPage {...loaderData} />;
  }
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage status={isRouteErrorResponse(error) ? error.status : 500} />;
}
