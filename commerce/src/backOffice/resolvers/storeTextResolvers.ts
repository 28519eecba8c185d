import type {
  MutationSaveCategoryStoreTextsArgs,
  MutationSaveCmsPageStoreTextsArgs,
  MutationSaveProductStoreTextsArgs,
  QueryCategoryStoreTextsArgs,
  QueryCmsPageStoreTextsArgs,
  QueryProductStoreTextsArgs,
} from '../../__generated__/backOfficeResolvers';
import { fieldError } from '../../kernel/formInput';
import type { BackOfficeContext } from '../backOfficeContext';

function categoryId(id: string): number {
  const n = Number(id);
  if (!/^\d+$/.test(id) || !Number.isSafeInteger(n) || n < 1) throw fieldError('id', `Category: "${id}" is not an id.`);
  return n;
}

function pageId(id: string): number {
  const n = Number(id);
  if (!/^\d+$/.test(id) || !Number.isSafeInteger(n) || n < 1) throw fieldError('id', `CMS page: "${id}" is not an id.`);
  return n;
}

function storeId(id: string): number {
  const n = Number(id);
  if (!/^\d+$/.test(id) || !Number.isSafeInteger(n) || n < 1)
    throw fieldError('storeId', `Store view: "${id}" is not an id.`);
  return n;
}

const view = <T>(record: { storeId: number; defaults: T; own: T }) => ({
  ...record,
  storeId: String(record.storeId),
});

export const storeTextResolvers = {
  Query: {
    productStoreTexts: async (_: unknown, args: QueryProductStoreTextsArgs, context: BackOfficeContext) =>
      view(await context.services.productStoreTexts.read(args.sku, storeId(args.storeId))),
    categoryStoreTexts: async (_: unknown, args: QueryCategoryStoreTextsArgs, context: BackOfficeContext) =>
      view(await context.services.categoryStoreTexts.read(categoryId(args.id), storeId(args.storeId))),
    cmsPageStoreTexts: async (_: unknown, args: QueryCmsPageStoreTextsArgs, context: BackOfficeContext) =>
      view(await context.services.cmsPageStoreTexts.read(pageId(args.id), storeId(args.storeId))),
  },
  Mutation: {
    saveProductStoreTexts: async (_: unknown, args: MutationSaveProductStoreTextsArgs, context: BackOfficeContext) =>
      view(
        await context.services.productStoreTexts.save(
          args.sku,
          storeId(args.storeId),
          {
            name: args.texts.name ?? null,
            urlKey: args.texts.urlKey ?? null,
            description: args.texts.description ?? null,
            shortDescription: args.texts.shortDescription ?? null,
            metaTitle: args.texts.metaTitle ?? null,
            metaDescription: args.texts.metaDescription ?? null,
          },
          context.actor,
        ),
      ),
    saveCategoryStoreTexts: async (_: unknown, args: MutationSaveCategoryStoreTextsArgs, context: BackOfficeContext) =>
      view(
        await context.services.categoryStoreTexts.save(
          categoryId(args.id),
          storeId(args.storeId),
          {
            name: args.texts.name ?? null,
            description: args.texts.description ?? null,
            metaTitle: args.texts.metaTitle ?? null,
            metaDescription: args.texts.metaDescription ?? null,
          },
          context.actor,
        ),
      ),
    saveCmsPageStoreTexts: async (_: unknown, args: MutationSaveCmsPageStoreTextsArgs, context: BackOfficeContext) =>
      view(
        await context.services.cmsPageStoreTexts.save(
          pageId(args.id),
          storeId(args.storeId),
          {
            title: args.texts.title ?? null,
            contentHeading: args.texts.contentHeading ?? null,
            content: args.texts.content ?? null,
            metaTitle: args.texts.metaTitle ?? null,
            metaDescription: args.texts.metaDescription ?? null,
            metaKeywords: args.texts.metaKeywords ?? null,
          },
          context.actor,
        ),
      ),
  },
};
