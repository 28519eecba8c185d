import type { CategoryTable } from '../../db/tables';
import type { RequestContext } from '../context';
import {
  breadcrumbsOf,
  categoryById,
  childrenOf,
  descendantCount,
  filterCategories,
  pageCategories,
} from './categoryService';
import { noSuchEntityError } from '../errors';
import type { ProductSearchResult } from './productService';
import type {
  CategoryTreeProductsArgs,
  QueryCategoriesArgs,
  QueryCategoryArgs,
  QueryCategoryListArgs,
} from '../../__generated__/resolvers';
import { encodeUid } from '../../kernel/uids';

/** A category reached through `route`, which knows how it was addressed. */
export type RoutedCategory = CategoryTable & { routeRedirectCode?: number; routeRelativeUrl?: string };

type ListArgs = QueryCategoriesArgs | QueryCategoryListArgs;

const URL_SUFFIX = '.html';

async function listCategories(args: ListArgs, context: RequestContext) {
  const all = await context.loaders.categories();
  return pageCategories(filterCategories(all, args.filters), args.pageSize ?? 20, args.currentPage ?? 1);
}

export const categoryResolvers = {
  Query: {
    categoryList: async (_root: unknown, args: QueryCategoryListArgs, context: RequestContext) =>
      (await listCategories(args, context)).items,
    categories: (_root: unknown, args: QueryCategoriesArgs, context: RequestContext) => listCategories(args, context),
    category: async (_root: unknown, args: QueryCategoryArgs, context: RequestContext) => {
      const category = categoryById(await context.loaders.categories(), args.id);
      if (!category) throw noSuchEntityError(`Category doesn't exist`);
      return category;
    },
  },
  CategoryInterface: { __resolveType: () => 'CategoryTree' },
  CategoryTree: {
    uid: (c: CategoryTable) => encodeUid(c.id),
    id: (c: CategoryTable) => c.id,
    // The catalog keeps no creation or change times for categories (Magento calls these fields
    // unfit for storefronts), and there are no layout update files: null, deliberately.
    created_at: () => null,
    updated_at: () => null,
    custom_layout_update_file: () => null,
    url_suffix: () => URL_SUFFIX,
    image: (c: CategoryTable, _args: unknown, context: RequestContext) =>
      c.image === null ? null : context.services.urls.absolute(c.image),
    canonical_url: (c: CategoryTable) => `${c.url_path}${URL_SUFFIX}`,
    meta_keywords: () => null,
    is_anchor: () => 1,
    display_mode: () => 'PRODUCTS',
    available_sort_by: () => ['position', 'name', 'price'],
    default_sort_by: () => 'position',
    cms_block: () => null,
    children: async (c: CategoryTable, _args: unknown, context: RequestContext) =>
      childrenOf(await context.loaders.categories(), c.id),
    children_count: async (c: CategoryTable, _args: unknown, context: RequestContext) =>
      String(descendantCount(await context.loaders.categories(), c)),
    product_count: (c: CategoryTable, _args: unknown, context: RequestContext) =>
      context.loaders.productCount.load(c.id),
    breadcrumbs: async (c: CategoryTable, _args: unknown, context: RequestContext) =>
      breadcrumbsOf(await context.loaders.categories(), c)?.map((b) => ({
        category_uid: encodeUid(b.id),
        category_id: b.id,
        category_name: b.name,
        category_level: b.level,
        category_url_key: b.url_key,
        category_url_path: b.url_path,
      })) ?? null,
    products: (c: CategoryTable, args: CategoryTreeProductsArgs, context: RequestContext) =>
      context.services.products.inCategory(c.id, args, context.store),
    redirect_code: (c: RoutedCategory) => c.routeRedirectCode ?? 0,
    relative_url: (c: RoutedCategory) => c.routeRelativeUrl ?? `${c.url_path}${URL_SUFFIX}`,
    type: () => 'CATEGORY',
  },
  CategoryProducts: {
    items: (r: ProductSearchResult, _args: unknown, context: RequestContext) => context.loaders.localized(r.items),
    total_count: (r: ProductSearchResult) => r.totalCount,
    page_info: (r: ProductSearchResult) => ({
      current_page: r.currentPage,
      page_size: r.pageSize,
      total_pages: r.totalPages,
    }),
  },
};
