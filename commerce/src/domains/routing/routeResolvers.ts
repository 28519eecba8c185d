import type { QueryRouteArgs, QueryUrlResolverArgs } from '../../__generated__/resolvers';
import type { RequestContext } from '../context';
import { entityUid } from './routeService';

function resolve(url: string, context: RequestContext) {
  return context.services.routes.resolve(url);
}

export const routeResolvers = {
  Query: {
    route: async (_root: unknown, args: QueryRouteArgs, context: RequestContext) => {
      const route = await resolve(args.url, context);
      if (!route) return null;
      return {
        ...route.entity,
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
    __resolveType: (value: { routeType?: string; type?: string }) => {
      if (value.routeType === 'CATEGORY') return 'CategoryTree';
      if (value.routeType === 'CMS_PAGE') return 'CmsPage';
      return value.type === 'configurable' ? 'ConfigurableProduct' : 'SimpleProduct';
    },
  },
};
