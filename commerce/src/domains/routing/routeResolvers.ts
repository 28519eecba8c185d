import type { RequestContext } from '../context';
import { loadStoreConfig } from '../store/storeService';
import { entityUid, resolveRoute } from './routeService';

async function resolve(url: string, context: RequestContext) {
  const config = await loadStoreConfig(context.services.db);
  return resolveRoute(context.services.db, url, config.cms_home_page ?? 'home');
}

export const routeResolvers = {
  Query: {
    route: async (_root: unknown, args: { url: string }, context: RequestContext) => {
      const route = await resolve(args.url, context);
      if (!route) return null;
      return {
        ...route.entity,
        routeType: route.type,
        routeRedirectCode: route.redirectCode,
        routeRelativeUrl: route.relativeUrl,
      };
    },
    urlResolver: async (_root: unknown, args: { url: string }, context: RequestContext) => {
      const route = await resolve(args.url, context);
      if (!route) return null;
      return {
        entity_uid: entityUid(route),
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
