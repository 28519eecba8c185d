import type { ApolloClient } from '@apollo/client';
import { useIntl } from 'react-intl';
import type { Route } from './+types/home';
import { getBrowserApollo } from '../data/browserApollo';
import { getServerApollo } from '../data/serverApollo';
import { FeaturedProducts } from '../features/catalog/FeaturedProducts';
import { loadFeaturedProducts } from '../features/catalog/loadFeaturedProducts';
import { HomeContent } from '../features/cms/HomeContent';
import { loadHomeContent } from '../features/cms/loadHomeContent';
import { FeaturedCategories } from '../features/navigation/FeaturedCategories';
import { StoreConfigQuery } from '../features/store/storeConfigQuery';
import { metaShellData } from '../layout/metaShellData';
import { pageMeta } from '../shared/pageMeta';
import { renderProductCardActions } from './productCardActions';
import { shopStructuredData } from '../shared/structuredData';
import { storeBaseUrl } from '../data/storePrefix';
import { useShellData } from '../layout/useShellData';

async function loadHome(client: ApolloClient, request: Request) {
  const url = new URL(request.url);
  // The shell asks for the same StoreConfig; in-flight deduplication and the cache make it one request.
  const { data } = await client.query({ query: StoreConfigQuery });
  const [content, featured] = await Promise.all([
    loadHomeContent(client, { identifier: data?.storeConfig?.cms_home_page, base: storeBaseUrl(request) }),
    loadFeaturedProducts(client),
  ]);
  // Server renders only, as on product pages (loadProductPage).
  const shop = import.meta.env.SSR
    ? shopStructuredData({
        name: data?.storeConfig?.store_name ?? '',
        origin: storeBaseUrl(request),
        logo: `${url.origin}/icons/icon-512.png`,
      })
    : undefined;
  return {
    meta: { ...content.meta, share: { type: 'website' as const }, structuredData: shop },
    identifier: content.identifier,
    featuredVariables: featured.variables,
  };
}

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadHome(getServerApollo(context), request);
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return loadHome(getBrowserApollo(), request);
}

export const meta: Route.MetaFunction = ({ data: page, matches }) => {
  const store = metaShellData(matches)?.storeConfig;
  return pageMeta(page?.meta, store);
};

export default function Home({ loaderData }: Route.ComponentProps) {
  const intl = useIntl();
  const shell = useShellData();
  return (
    <div className="container">
      <HomeContent identifier={loaderData.identifier} storeName={shell?.storeConfig.store_name ?? ''} />
      <FeaturedCategories
        categories={shell?.menu ?? []}
        title={intl.formatMessage({ id: 'home.categoriesTitle', defaultMessage: 'Shop by category' })}
      />
      <FeaturedProducts
        variables={loaderData.featuredVariables}
        title={intl.formatMessage({ id: 'home.productsTitle', defaultMessage: 'Featured products' })}
        renderCardActions={renderProductCardActions}
      />
    </div>
  );
}
