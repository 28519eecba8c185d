import type { ApolloClient } from '@apollo/client';
import { isRouteErrorResponse, redirect } from 'react-router';
import type { Route } from './+types/search';
import { getBrowserApollo } from '../data/browserApollo';
import { getServerApollo } from '../data/serverApollo';
import { ProductListing } from '../features/catalog/ProductListing';
import { loadProductListing } from '../features/catalog/loadProductListing';
import { NoSearchResults, SearchPageIntro } from '../features/search/SearchPageIntro';
import { searchPageTitle } from '../features/search/searchMessages';
import { searchTermRedirect } from '../features/routing/resolveRoute';
import { ErrorPage } from '../layout/ErrorPage';
import { useShellData } from '../layout/useShellData';
import { metaShellData } from '../layout/metaShellData';
import { pageMeta } from '../shared/pageMeta';
import { renderProductCardActions } from './productCardActions';

async function loadSearch(client: ApolloClient, request: Request) {
  const url = new URL(request.url);
  const term = (url.searchParams.get('q') ?? '').trim();
  if (!term) return { term, listing: null };
  // Both at once: a term the merchant sends elsewhere costs no extra round trip before the results.
  const [target, listing] = await Promise.all([
    searchTermRedirect(client, term).catch(() => null),
    loadProductListing(client, { url, search: term }),
  ]);
  if (target) throw redirect(target, 302);
  return { term, listing };
}

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadSearch(getServerApollo(context), request);
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return loadSearch(getBrowserApollo(), request);
}

export const meta: Route.MetaFunction = ({ data: page, matches }) => {
  const shell = metaShellData(matches);
  // Result pages are endless variations of the catalog: never indexed, but their links are followed.
  return pageMeta({ title: searchPageTitle(page?.term ?? '', shell?.locale), noindex: true }, shell?.storeConfig);
};

export default function SearchRoute({ loaderData }: Route.ComponentProps) {
  const { term, listing } = loaderData;
  // The shop's main categories, from the menu the shell already loaded: somewhere to go on.
  const categories = (useShellData()?.menu ?? []).slice(0, 6).map(({ name, url }) => ({ name, url }));
  return (
    <div className="container">
      <SearchPageIntro term={term} />
      {listing && (
        <ProductListing
          key={term}
          listing={listing}
          empty={<NoSearchResults term={term} categories={categories} />}
          renderCardActions={renderProductCardActions}
        />
      )}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage status={isRouteErrorResponse(error) ? error.status : 500} />;
}
