import type {
  MutationCreateCmsBlockArgs,
  MutationCreateCmsPageArgs,
  MutationDeleteCmsBlockArgs,
  MutationDeleteCmsPageArgs,
  MutationUpdateCmsBlockArgs,
  MutationUpdateCmsPageArgs,
  QueryCmsBlockArgs,
  QueryCmsBlocksArgs,
  QueryCmsContentPreviewArgs,
  QueryCmsPageArgs,
  QueryCmsPagesArgs,
} from '../../__generated__/backOfficeResolvers';
import type { AdminCmsPageRecord, CmsPageRole } from '../../domains/cms';
import type { CmsBlockTable } from '../../db/tables';
import { inputError } from '../../domains/errors';
import type { BackOfficeContext } from '../backOfficeContext';

// Content pages and blocks in the back office. The service holds the rules; here arguments go in
// and the back office's types come out.

function service(context: BackOfficeContext) {
  return context.services.content;
}

/** A well-formed id, or null: a nonsense id finds nothing, like a missing one. */
function idOf(id: string): number | null {
  const n = Number(id);
  return Number.isInteger(n) && n >= 1 ? n : null;
}

function requiredId(id: string, what: string): number {
  const n = idOf(id);
  if (n === null) throw inputError(`"${id.slice(0, 20)}" is not a ${what} id.`);
  return n;
}

const summaryView = (row: {
  id: number;
  identifier: string;
  title: string;
  is_active: number;
  role?: CmsPageRole;
}) => ({
  id: String(row.id),
  identifier: row.identifier,
  title: row.title,
  active: Number(row.is_active) === 1,
  role: row.role ?? null,
});

function pageView({ row, role, storefrontPath }: AdminCmsPageRecord) {
  return {
    ...summaryView({ ...row, role }),
    contentHeading: row.content_heading,
    content: row.content,
    metaTitle: row.meta_title,
    metaDescription: row.meta_description,
    metaKeywords: row.meta_keywords,
    storefrontPath,
  };
}

const blockView = (row: CmsBlockTable) => ({ ...summaryView(row), content: row.content });

function listView<T>(result: { items: T[]; totalCount: number }, page: number, pageSize: number) {
  return {
    items: result.items,
    totalCount: result.totalCount,
    page,
    pageSize,
    totalPages: Math.max(1, Math.ceil(result.totalCount / pageSize)),
  };
}

async function pageAfter(context: BackOfficeContext, id: number) {
  const record = await service(context).loadPage(id);
  if (!record) throw new Error(`CMS page ${id} vanished after its write`);
  return pageView(record);
}

async function blockAfter(context: BackOfficeContext, id: number) {
  const row = await service(context).loadBlock(id);
  if (!row) throw new Error(`CMS block ${id} vanished after its write`);
  return blockView(row);
}

export const contentResolvers = {
  Query: {
    async cmsPages(_: unknown, args: QueryCmsPagesArgs, context: BackOfficeContext) {
      const page = args.page ?? 1;
      const pageSize = args.pageSize ?? 20;
      const result = await service(context).listPages(args.search, page, pageSize);
      return listView({ ...result, items: result.items.map(summaryView) }, page, pageSize);
    },
    async cmsPage(_: unknown, args: QueryCmsPageArgs, context: BackOfficeContext) {
      const id = idOf(args.id);
      const record = id === null ? null : await service(context).loadPage(id);
      return record ? pageView(record) : null;
    },
    async cmsBlocks(_: unknown, args: QueryCmsBlocksArgs, context: BackOfficeContext) {
      const page = args.page ?? 1;
      const pageSize = args.pageSize ?? 20;
      const result = await service(context).listBlocks(args.search, page, pageSize);
      return listView({ ...result, items: result.items.map(summaryView) }, page, pageSize);
    },
    async cmsBlock(_: unknown, args: QueryCmsBlockArgs, context: BackOfficeContext) {
      const id = idOf(args.id);
      const row = id === null ? null : await service(context).loadBlock(id);
      return row ? blockView(row) : null;
    },
    cmsContentPreview: (_: unknown, args: QueryCmsContentPreviewArgs, context: BackOfficeContext) =>
      service(context).preview(args.html),
  },
  Mutation: {
    createCmsPage: async (_: unknown, args: MutationCreateCmsPageArgs, context: BackOfficeContext) =>
      pageAfter(context, await service(context).createPage(args.input, context.actor)),
    async updateCmsPage(_: unknown, args: MutationUpdateCmsPageArgs, context: BackOfficeContext) {
      const id = requiredId(args.id, 'page');
      await service(context).updatePage(id, args.input, context.actor);
      return pageAfter(context, id);
    },
    async deleteCmsPage(_: unknown, args: MutationDeleteCmsPageArgs, context: BackOfficeContext) {
      await service(context).deletePage(requiredId(args.id, 'page'), context.actor);
      return args.id;
    },
    createCmsBlock: async (_: unknown, args: MutationCreateCmsBlockArgs, context: BackOfficeContext) =>
      blockAfter(context, await service(context).createBlock(args.input, context.actor)),
    async updateCmsBlock(_: unknown, args: MutationUpdateCmsBlockArgs, context: BackOfficeContext) {
      const id = requiredId(args.id, 'block');
      await service(context).updateBlock(id, args.input, context.actor);
      return blockAfter(context, id);
    },
    async deleteCmsBlock(_: unknown, args: MutationDeleteCmsBlockArgs, context: BackOfficeContext) {
      await service(context).deleteBlock(requiredId(args.id, 'block'), context.actor);
      return args.id;
    },
  },
};
