import type { QueryCmsBlocksArgs, QueryCmsPageArgs } from '../../__generated__/resolvers';
import type { CmsBlockTable, CmsPageTable } from '../../db/tables';
import type { RequestContext } from '../context';
import { sanitiseHtml } from '../../kernel/safeHtml';

// The same few pages and blocks are read again and again: each text is cleaned once per process
// (at most 200 texts of up to 64 KB are kept, so the memory stays bounded).
const CLEANED_KEPT = 200;
const CLEANED_MAX_LENGTH = 65_536;
const cleaned = new Map<string, string>();
function cleanedHtml(html: string | null): string {
  const source = html ?? '';
  let result = cleaned.get(source);
  if (result === undefined) {
    result = sanitiseHtml(source).html;
    if (source.length > CLEANED_MAX_LENGTH) return result;
    if (cleaned.size >= CLEANED_KEPT) cleaned.delete(cleaned.keys().next().value!);
    cleaned.set(source, result);
  }
  return result;
}

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
    // Whatever put the HTML in the table (the back office, an import, SQL), shoppers get it cleaned.
    // Settings are written in after cleaning, so the cleaned text is kept once for every currency.
    content: async (p: CmsPageTable, _args: unknown, context: RequestContext) =>
      context.services.cms.withSettings(cleanedHtml(p.content), context.store),
    url_key: (p: CmsPageTable) => p.identifier,
    redirect_code: (p: RoutedCmsPage) => p.routeRedirectCode ?? 0,
    relative_url: (p: RoutedCmsPage) => p.routeRelativeUrl ?? p.identifier,
    type: () => 'CMS_PAGE',
  },
  CmsBlock: {
    content: async (b: CmsBlockTable, _args: unknown, context: RequestContext) =>
      context.services.cms.withSettings(cleanedHtml(b.content), context.store),
  },
};
