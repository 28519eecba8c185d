import type { ApolloClient } from '@apollo/client';
import type { ResolveRouteQuery as ResolveRouteResult } from '../../__generated__/graphql';
import { ResolveRouteQuery } from './routeQuery';

export type ResolvedRoute = (
  { type: 'CATEGORY'; uid: string } | { type: 'PRODUCT'; urlKey: string } | { type: 'CMS_PAGE'; identifier: string }
) & {
  redirectTo?: string;
  redirectCode?: 301 | 302;
};

type RouteData = NonNullable<ResolveRouteResult['route']>;

/** Magento answers with `route(url:)` relative to the store root, without the leading slash. */
export function toRouteUrl(pathname: string): string {
  return pathname.replace(/^\/+/, '');
}

function redirectOf(route: RouteData, requestedUrl: string): Pick<ResolvedRoute, 'redirectTo' | 'redirectCode'> {
  if (route.redirect_code !== 301 && route.redirect_code !== 302) return {};
  const target = route.relative_url ?? '';
  // A rewrite pointing at the URL that was asked for would loop; serve the entity instead.
  if (toRouteUrl(target) === requestedUrl) return {};
  return {
    redirectTo: /^https?:\/\//.test(target) ? target : `/${toRouteUrl(target)}`,
    redirectCode: route.redirect_code,
  };
}

/**
 * Turns the API's answer for `requestedUrl` into what the storefront does with it; null when it
 * cannot render it (a 404).
 */
export function toResolvedRoute(route: RouteData | null | undefined, requestedUrl: string): ResolvedRoute | null {
  if (!route) return null;
  const redirect = redirectOf(route, requestedUrl);
  switch (route.__typename) {
    case 'CategoryTree':
      return { type: 'CATEGORY', uid: route.uid, ...redirect };
    case 'CmsPage':
      return route.identifier ? { type: 'CMS_PAGE', identifier: route.identifier, ...redirect } : null;
    case 'RoutableUrl':
      // A pure redirect (a merchant's custom rewrite) names no entity: only its target matters.
      if (!redirect.redirectTo) return null;
      return route.type === 'PRODUCT'
        ? { type: 'PRODUCT', urlKey: '', ...redirect }
        : route.type === 'CATEGORY'
          ? { type: 'CATEGORY', uid: '', ...redirect }
          : { type: 'CMS_PAGE', identifier: '', ...redirect };
    default:
      return route.url_key ? { type: 'PRODUCT', urlKey: route.url_key, ...redirect } : null;
  }
}

function decodePath(pathname: string): string | null {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return null;
  }
}

/** What a storefront path shows (category, product or CMS page), or null for a 404. */
export async function resolveRoute(client: ApolloClient, pathname: string): Promise<ResolvedRoute | null> {
  const decoded = decodePath(pathname);
  const url = decoded === null ? '' : toRouteUrl(decoded);
  if (!url) return null;
  const { data } = await client.query({ query: ResolveRouteQuery, variables: { url } });
  return toResolvedRoute(data?.route, url);
}

/**
 * Where a search for `term` goes instead of a result page, when the merchant set a redirect for it
 * (a search term's redirect): asked as Magento's search address, which a Magento backend without
 * one answers with null.
 */
export async function searchTermRedirect(client: ApolloClient, term: string): Promise<string | null> {
  const url = `catalogsearch/result/?q=${encodeURIComponent(term)}`;
  const { data } = await client.query({ query: ResolveRouteQuery, variables: { url } });
  const route = data?.route;
  return route?.__typename === 'RoutableUrl' ? (toResolvedRoute(route, url)?.redirectTo ?? null) : null;
}
