import type { QueryRouteArgs, QueryUrlResolverArgs } from '../../__generated__/resolvers';
import type { RequestContext } from '../context';
import { entityUid, searchTermOfUrl, type ResolvedRoute } from './routeService';
import { productTypename } from '../catalog';
import type { ProductType } from '../../db/tables';

function resolve(url: string, context: RequestContext) {
  return context.services.routes.resolve(url, context.store);
}

/** The routed entity as the request's store view shows it. */
async function localizedEntity(route: ResolvedRoute, context: RequestContext) {
  if (route.type === 'PRODUCT') return context.loaders.localizedOne(route.entity);
  if (route.type === 'CATEGORY')
    return (await context.loaders.categories()).find((c) => c.id === route.entity.id) ?? route.entity;
  return context.services.cms.localizePage(route.entity, context.store);
}

export const routeResolvers = {
  Query: {
    route: async (_root: unknown, args: QueryRouteArgs, context: RequestContext) => {
      // A search term the merchant sends elsewhere (Magento redirects its search result page the
      // same way): a plain redirect, with no entity behind it.
      const term = searchTermOfUrl(args.url);
      if (term !== null) {
        const target = await context.services.searchTerms.redirectFor(context.store.id, term);
        return target === null ? null : { routeType: 'URL', redirect_code: 302, relative_url: target, type: null };
      }
      const route = await resolve(args.url, context);
      if (!route) return null;
      return {
        ...(await localizedEntity(route, context)),
        routeType: route.type,
        routeRedirectCode: route.redirectCode,
        routeRelativeUrl: route.relativeUrl,
      };
    },
    urlResolver: async (_root: unknown, args: QueryUrlResolverArgs, context: RequestContext) => {
      const route = await resolve(args.url, context);
      if (!route) return null;
      return {
        entity_uid: entityUid(route),
        id: route.entity.id,
        canonical_url: route.relativeUrl,
        type: route.type,
        relative_url: route.relativeUrl,
        redirectCode: route.redirectCode,
      };
    },
  },
  RoutableInterface: {
    __resolveType: (value: { routeType?: string; type?: string | null }) => {
      if (value.routeType === 'URL') return 'RoutableUrl';
      if (value.routeType === 'CATEGORY') return 'CategoryTree';
      if (value.routeType === 'CMS_PAGE') return 'CmsPage';
      return productTypename(value.type as ProductType);
    },
  },
};
