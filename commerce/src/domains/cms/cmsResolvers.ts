import type { QueryCmsBlocksArgs, QueryCmsPageArgs } from '../../__generated__/resolvers';
import type { CmsPageTable } from '../../db/tables';
import type { RequestContext } from '../context';

export type RoutedCmsPage = CmsPageTable & { routeRedirectCode?: number; routeRelativeUrl?: string };

export const cmsResolvers = {
  Query: {
    cmsPage: (_root: unknown, args: QueryCmsPageArgs, context: RequestContext) =>
      context.services.cms.page(args, context.store),
    cmsBlocks: async (_root: unknown, args: QueryCmsBlocksArgs, context: RequestContext) => ({
      items: await context.services.cms.blocks(
        (args.identifiers ?? []).filter((i): i is string => i !== null),
        context.store,
      ),
    }),
  },
  CmsPage: {
    url_key: (p: CmsPageTable) => p.identifier,
    redirect_code: (p: RoutedCmsPage) => p.routeRedirectCode ?? 0,
    relative_url: (p: RoutedCmsPage) => p.routeRelativeUrl ?? p.identifier,
    type: () => 'CMS_PAGE',
  },
};
