import type {
  MutationSaveProductStoreTextsArgs,
  QueryProductStoreTextsArgs,
} from '../../__generated__/backOfficeResolvers';
import type { ProductTexts } from '../../domains/catalogTransfer';
import { fieldError } from '../../kernel/formInput';
import type { BackOfficeContext } from '../backOfficeContext';

function storeId(id: string): number {
  const n = Number(id);
  if (!/^\d+$/.test(id) || !Number.isSafeInteger(n) || n < 1)
    throw fieldError('storeId', `Store view: "${id}" is not an id.`);
  return n;
}

const view = (record: { storeId: number; defaults: ProductTexts; own: ProductTexts }) => ({
  ...record,
  storeId: String(record.storeId),
});

export const storeTextResolvers = {
  Query: {
    productStoreTexts: async (_: unknown, args: QueryProductStoreTextsArgs, context: BackOfficeContext) =>
      view(await context.services.productStoreTexts.read(args.sku, storeId(args.storeId))),
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
  },
};
