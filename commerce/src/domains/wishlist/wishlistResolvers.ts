import type {
  CustomerWishlist_V2Args,
  CustomerWishlistsArgs,
  MutationAddProductsToWishlistArgs,
  MutationAddWishlistItemsToCartArgs,
  MutationRemoveProductsFromWishlistArgs,
  MutationUpdateProductsInWishlistArgs,
  WishlistItems_V2Args,
} from '../../__generated__/resolvers';
import type { CustomerTable } from '../../db/tables';
import type { RequestContext } from '../context';
import { inputError } from '../errors';
import { isVirtualType } from '../catalog';
import { encodeUid, configurableOptionValueUid } from '../../kernel/uids';
import type { WishlistItemView, WishlistView } from './wishlistService';

function page<T>(items: T[], currentPage: number, pageSize: number) {
  if (currentPage < 1) throw inputError('currentPage value must be greater than 0.');
  if (pageSize < 1) throw inputError('pageSize value must be greater than 0.');
  const start = (currentPage - 1) * pageSize;
  return {
    items: items.slice(start, start + pageSize),
    page_info: { current_page: currentPage, page_size: pageSize, total_pages: Math.ceil(items.length / pageSize) },
  };
}

const itemFields = {
  id: (i: WishlistItemView) => String(i.item.id),
  added_at: (i: WishlistItemView) => i.item.added_at,
  description: (i: WishlistItemView) => i.item.description,
  product: (i: WishlistItemView, _args: unknown, context: RequestContext) => context.loaders.localizedOne(i.product),
  quantity: (i: WishlistItemView) => i.item.quantity,
  customizable_options: () => [],
};

export const wishlistResolvers = {
  Query: {
    wishlist: async (_root: unknown, _args: unknown, context: RequestContext) =>
      context.services.wishlists.forCustomer(await context.auth.requireCustomerId()),
  },
  Mutation: {
    addProductsToWishlist: async (_root: unknown, args: MutationAddProductsToWishlistArgs, context: RequestContext) => {
      const result = await context.services.wishlists.addProducts(
        await context.auth.requireCustomerId(),
        args.wishlistId,
        args.wishlistItems,
      );
      return { wishlist: result.wishlist, user_errors: result.userErrors };
    },
    removeProductsFromWishlist: async (
      _root: unknown,
      args: MutationRemoveProductsFromWishlistArgs,
      context: RequestContext,
    ) => {
      const result = await context.services.wishlists.removeProducts(
        await context.auth.requireCustomerId(),
        args.wishlistId,
        args.wishlistItemsIds,
      );
      return { wishlist: result.wishlist, user_errors: result.userErrors };
    },
    updateProductsInWishlist: async (
      _root: unknown,
      args: MutationUpdateProductsInWishlistArgs,
      context: RequestContext,
    ) => {
      const result = await context.services.wishlists.updateProducts(
        await context.auth.requireCustomerId(),
        args.wishlistId,
        args.wishlistItems,
      );
      return { wishlist: result.wishlist, user_errors: result.userErrors };
    },
    addWishlistItemsToCart: async (
      _root: unknown,
      args: MutationAddWishlistItemsToCartArgs,
      context: RequestContext,
    ) => {
      const result = await context.services.wishlists.addToCart(
        await context.auth.requireCustomerId(),
        args.wishlistId,
        args.wishlistItemIds,
        context.store,
      );
      return {
        wishlist: result.wishlist,
        status: result.status,
        add_wishlist_items_to_cart_user_errors: result.errors,
      };
    },
  },
  Customer: {
    wishlist: (c: CustomerTable, _args: unknown, context: RequestContext) =>
      context.services.wishlists.forCustomer(c.id),
    wishlists: async (c: CustomerTable, args: CustomerWishlistsArgs, context: RequestContext) =>
      page([await context.services.wishlists.forCustomer(c.id)], Number(args.currentPage), Number(args.pageSize)).items,
    wishlist_v2: (c: CustomerTable, args: CustomerWishlist_V2Args, context: RequestContext) =>
      context.services.wishlists.byId(c.id, args.id),
  },
  Wishlist: {
    id: (w: WishlistView) => String(w.wishlist.id),
    items: (w: WishlistView) => w.items,
    items_count: (w: WishlistView) => w.items.length,
    items_v2: (w: WishlistView, args: WishlistItems_V2Args) =>
      page(w.items, Number(args.currentPage), Number(args.pageSize)),
    sharing_code: (w: WishlistView) => w.wishlist.sharing_code,
    updated_at: (w: WishlistView) => w.wishlist.updated_at,
  },
  WishlistOutput: {
    items: (w: WishlistView) => w.items,
    items_count: (w: WishlistView) => w.items.length,
    sharing_code: (w: WishlistView) => w.wishlist.sharing_code,
    updated_at: (w: WishlistView) => w.wishlist.updated_at,
  },
  WishlistItem: {
    id: (i: WishlistItemView) => i.item.id,
    added_at: (i: WishlistItemView) => i.item.added_at,
    description: (i: WishlistItemView) => i.item.description,
    product: (i: WishlistItemView, _args: unknown, context: RequestContext) => context.loaders.localizedOne(i.product),
    qty: (i: WishlistItemView) => i.item.quantity,
  },
  WishlistItemInterface: {
    __resolveType: (i: WishlistItemView) =>
      i.product.type === 'configurable'
        ? 'ConfigurableWishlistItem'
        : isVirtualType(i.product.type)
          ? 'VirtualWishlistItem'
          : 'SimpleWishlistItem',
  },
  SimpleWishlistItem: itemFields,
  VirtualWishlistItem: itemFields,
  ConfigurableWishlistItem: {
    ...itemFields,
    child_sku: (i: WishlistItemView) => i.variant?.sku ?? '',
    configured_variant: (i: WishlistItemView) => i.variant,
    configurable_options: (i: WishlistItemView) =>
      i.options.map((o) => ({
        configurable_product_option_uid: encodeUid(`configurable/${i.product.id}/${o.attributeCode}`),
        configurable_product_option_value_uid: configurableOptionValueUid(o.attributeCode, o.valueId),
        id: o.attributeId,
        option_label: o.attributeLabel,
        value_id: o.valueId,
        value_label: o.valueLabel,
      })),
  },
};
