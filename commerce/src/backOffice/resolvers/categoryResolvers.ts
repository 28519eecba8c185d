import type {
  MutationCreateCategoryArgs,
  MutationDeleteCategoryArgs,
  MutationMoveCategoryArgs,
  MutationReorderCategoryArgs,
  MutationUpdateCategoryArgs,
  QueryCategoryArgs,
} from '../../__generated__/backOfficeResolvers';
import {
  type AdminCategoryRecord,
  type CategoryAdminService,
  CATEGORY_URL_SUFFIX,
  FIRST_ADDRESSED_LEVEL,
} from '../../domains/catalog';
import type { BackOfficeContext } from '../backOfficeContext';

// Categories in the back office: the tree, one category, and the writes. The service holds the
// rules; here arguments go in and the back office's types come out.

function categoriesOf(context: BackOfficeContext): CategoryAdminService {
  return context.services.categories;
}

function categoryView({ row, productCount, childCount, names }: AdminCategoryRecord) {
  return {
    id: String(row.id),
    parentId: row.level > 1 && row.parent_id !== null ? String(row.parent_id) : null,
    level: row.level,
    position: row.position,
    name: row.name,
    urlKey: row.url_key,
    urlPath: row.url_path,
    storefrontPath: row.level >= FIRST_ADDRESSED_LEVEL ? `/${row.url_path}${CATEGORY_URL_SUFFIX}` : null,
    description: row.description,
    metaTitle: row.meta_title,
    metaDescription: row.meta_description,
    includeInMenu: row.include_in_menu === 1,
    active: row.is_active === 1,
    productCount,
    childCount,
    pathNames: names,
  };
}

export const categoryResolvers = {
  Query: {
    categoryTree: async (_: unknown, __: unknown, context: BackOfficeContext) =>
      (await categoriesOf(context).tree()).map(categoryView),
    async category(_: unknown, args: QueryCategoryArgs, context: BackOfficeContext) {
      const id = Number(args.id);
      // A nonsense id finds nothing, like a missing one.
      if (!Number.isInteger(id) || id < 1) return null;
      const record = await categoriesOf(context).load(id);
      return record ? categoryView(record) : null;
    },
  },
  Mutation: {
    createCategory: async (_: unknown, args: MutationCreateCategoryArgs, context: BackOfficeContext) =>
      categoryView(await categoriesOf(context).create(args.input, context.actor)),
    updateCategory: async (_: unknown, args: MutationUpdateCategoryArgs, context: BackOfficeContext) =>
      categoryView(await categoriesOf(context).update(args.id, args.input, context.actor)),
    moveCategory: async (_: unknown, args: MutationMoveCategoryArgs, context: BackOfficeContext) =>
      categoryView(await categoriesOf(context).move(args.id, args.parentId, args.position, context.actor)),
    reorderCategory: async (_: unknown, args: MutationReorderCategoryArgs, context: BackOfficeContext) =>
      categoryView(await categoriesOf(context).reorder(args.id, args.direction, context.actor)),
    async deleteCategory(_: unknown, args: MutationDeleteCategoryArgs, context: BackOfficeContext) {
      await categoriesOf(context).remove(args.id, context.actor);
      return args.id;
    },
  },
};
