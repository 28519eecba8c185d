import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, ProductTable, WishlistItemTable, WishlistTable } from '../../db/tables';
import { inputError } from '../errors';
import { inWriteTransaction } from '../../kernel/transaction';
import { nextId } from '../../db/idSequence';
import {
  CartUserError,
  resolveCartProduct,
  type CartItemRequest,
  loadProductsById,
  loadVariantOptions,
  type VariantOption,
  type CartService,
  type PricedCart,
} from '../cart';
import type { StoreScope } from '../../kernel/storeScope';

// Wished items are whole units, as in the cart; no product of ours sells in fractions.
const MAX_WISH_QUANTITY = 10_000;
const QUANTITY_MESSAGE = `The quantity of a wish list item must be a whole number from 1 to ${MAX_WISH_QUANTITY}.`;

// Magento Open Source gives each customer one wishlist, made on first use. Every operation names
// the wishlist by id and checks it is the caller's; missing and foreign ids get the same answer.

export interface WishlistItemView {
  item: WishlistItemTable;
  product: ProductTable;
  variant: ProductTable | null;
  options: VariantOption[];
}

export interface WishlistView {
  wishlist: WishlistTable;
  items: WishlistItemView[];
}

export interface WishlistUserError {
  code: 'PRODUCT_NOT_FOUND' | 'UNDEFINED';
  message: string;
}

export interface WishlistCartError {
  code: 'PRODUCT_NOT_FOUND' | 'NOT_SALABLE' | 'INSUFFICIENT_STOCK' | 'UNDEFINED';
  message: string;
  wishlistId: string;
  wishlistItemId: string;
}

export interface WishlistItemUpdate {
  wishlist_item_id: string;
  quantity?: number | null;
  description?: string | null;
  selected_options?: Array<string | null> | null;
}

export const WISHLIST_NOT_FOUND = 'The wishlist was not found.';
const itemNotFound = (id: string): WishlistUserError => ({
  code: 'PRODUCT_NOT_FOUND',
  message: `Could not find a wishlist item with ID "${id}"`,
});

function numericId(value: string | number): number | null {
  const text = String(value).trim();
  return /^\d{1,15}$/.test(text) ? Number(text) : null;
}

/** What a WishlistItemInput names; unlike a cart line, a configurable product may be kept without options. */
async function resolveWishlistProduct(
  db: Kysely<Database>,
  request: CartItemRequest,
): Promise<{ product: ProductTable; variant: ProductTable | null }> {
  const selected = (request.selected_options ?? []).filter((o) => typeof o === 'string' && o !== '');
  if (request.parent_sku || selected.length > 0) return resolveCartProduct(db, request);
  const product = await db.selectFrom('product').selectAll().where('sku', '=', request.sku.trim()).executeTakeFirst();
  if (!product) throw new CartUserError('PRODUCT_NOT_FOUND', `Could not find a product with SKU "${request.sku}"`);
  if (product.type === 'configurable' || product.parent_id === null) return { product, variant: null };
  return resolveCartProduct(db, request);
}

/**
 * What a wish list needs of the customer's cart: to find or open it. domains/context.ts hands in the
 * customer's cart service, so wishlist does not depend on customer (which asks wishlist to forget an
 * account's wish list when the account goes).
 */
export interface CustomersCart {
  customerCart(customerId: number, scope: StoreScope): Promise<PricedCart>;
}

/** Deletes a customer's wish list with its items, in the caller's transaction (the account is deleted). */
export async function deleteCustomerWishlist(db: Kysely<Database>, customerId: number): Promise<void> {
  const wishlists = db.selectFrom('wishlist').select('id').where('customer_id', '=', customerId);
  await db.deleteFrom('wishlist_item').where('wishlist_id', 'in', wishlists).execute();
  await db.deleteFrom('wishlist').where('customer_id', '=', customerId).execute();
}

export function createWishlistService(
  db: Kysely<Database>,
  now: () => Date,
  carts: CartService,
  customerCarts: CustomersCart,
) {
  async function view(wishlist: WishlistTable): Promise<WishlistView> {
    const items = await db
      .selectFrom('wishlist_item')
      .selectAll()
      .where('wishlist_id', '=', wishlist.id)
      .orderBy('id')
      .execute();
    const products = await loadProductsById(
      db,
      items.flatMap((i) => (i.variant_id === null ? [i.product_id] : [i.product_id, i.variant_id])),
    );
    const options = await loadVariantOptions(
      db,
      items.flatMap((i) => (i.variant_id === null ? [] : [{ parentId: i.product_id, variantId: i.variant_id }])),
    );
    return {
      wishlist,
      items: items.flatMap((item) => {
        const product = products.get(item.product_id);
        const variant = item.variant_id === null ? null : (products.get(item.variant_id) ?? null);
        // A product deleted from the catalog drops out of the list rather than breaking it.
        if (!product || (item.variant_id !== null && !variant)) return [];
        return [{ item, product, variant, options: variant ? (options.get(variant.id) ?? []) : [] }];
      }),
    };
  }

  async function ensure(customerId: number): Promise<WishlistTable> {
    const existing = await db
      .selectFrom('wishlist')
      .selectAll()
      .where('customer_id', '=', customerId)
      .executeTakeFirst();
    if (existing) return existing;
    return inWriteTransaction(db, async ({ db: trx }) => {
      const again = await trx
        .selectFrom('wishlist')
        .selectAll()
        .where('customer_id', '=', customerId)
        .executeTakeFirst();
      if (again) return again;
      const wishlist: WishlistTable = {
        id: await nextId(trx, 'wishlist'),
        customer_id: customerId,
        sharing_code: randomBytes(24).toString('base64url'),
        updated_at: now().toISOString(),
      };
      await trx.insertInto('wishlist').values(wishlist).execute();
      return wishlist;
    });
  }

  async function owned(trx: Kysely<Database>, customerId: number, wishlistId: string | number): Promise<WishlistTable> {
    const id = numericId(wishlistId);
    const wishlist =
      id === null ? undefined : await trx.selectFrom('wishlist').selectAll().where('id', '=', id).executeTakeFirst();
    if (!wishlist || wishlist.customer_id !== customerId) throw inputError(WISHLIST_NOT_FOUND);
    return wishlist;
  }

  /**
   * Magento reads wish-list id 0 as "the customer's wish list", made if there is none (Venia sends
   * it in every wish-list mutation); any other id is checked against the customer as it is.
   */
  async function meant(customerId: number, wishlistId: string): Promise<string> {
    return numericId(wishlistId) === 0 ? String((await ensure(customerId)).id) : wishlistId;
  }

  const touch = (trx: Kysely<Database>, wishlistId: number) =>
    trx.updateTable('wishlist').set({ updated_at: now().toISOString() }).where('id', '=', wishlistId).execute();

  return {
    /** The customer's wishlist, made if there is none yet. */
    forCustomer: async (customerId: number) => view(await ensure(customerId)),

    /** wishlist_v2(id): the caller's own wishlist, or null for any other id. */
    async byId(customerId: number, wishlistId: string): Promise<WishlistView | null> {
      await ensure(customerId);
      try {
        return view(await owned(db, customerId, wishlistId));
      } catch {
        return null;
      }
    },

    async addProducts(
      customerId: number,
      wishlistId: string,
      requests: readonly CartItemRequest[],
    ): Promise<{ wishlist: WishlistView; userErrors: WishlistUserError[] }> {
      const listId = await meant(customerId, wishlistId);
      const userErrors: WishlistUserError[] = [];
      const wishlist = await inWriteTransaction(db, async ({ db: trx }) => {
        const wishlist = await owned(trx, customerId, listId);
        for (const request of requests) {
          try {
            if (!Number.isInteger(request.quantity) || request.quantity <= 0 || request.quantity > MAX_WISH_QUANTITY)
              throw new CartUserError('UNDEFINED', QUANTITY_MESSAGE);
            const { product, variant } = await resolveWishlistProduct(trx, request);
            const same = await trx
              .selectFrom('wishlist_item')
              .selectAll()
              .where('wishlist_id', '=', wishlist.id)
              .where('product_id', '=', product.id)
              .where('variant_id', variant ? '=' : 'is', variant?.id ?? null)
              .executeTakeFirst();
            if (same) {
              await trx
                .updateTable('wishlist_item')
                .set({ quantity: same.quantity + request.quantity })
                .where('id', '=', same.id)
                .execute();
            } else {
              const id = await nextId(trx, 'wishlist_item');
              await trx
                .insertInto('wishlist_item')
                .values({
                  id,
                  wishlist_id: wishlist.id,
                  product_id: product.id,
                  variant_id: variant?.id ?? null,
                  quantity: request.quantity,
                  description: null,
                  added_at: now().toISOString(),
                })
                .execute();
            }
          } catch (error) {
            if (!(error instanceof CartUserError)) throw error;
            userErrors.push({
              code: error.code === 'PRODUCT_NOT_FOUND' ? 'PRODUCT_NOT_FOUND' : 'UNDEFINED',
              message: error.message,
            });
          }
        }
        await touch(trx, wishlist.id);
        return wishlist;
      });
      return { wishlist: await view(wishlist), userErrors };
    },

    async removeProducts(
      customerId: number,
      wishlistId: string,
      itemIds: readonly string[],
    ): Promise<{ wishlist: WishlistView; userErrors: WishlistUserError[] }> {
      const listId = await meant(customerId, wishlistId);
      const userErrors: WishlistUserError[] = [];
      const wishlist = await inWriteTransaction(db, async ({ db: trx }) => {
        const wishlist = await owned(trx, customerId, listId);
        for (const itemId of itemIds) {
          const id = numericId(itemId);
          const removed =
            id === null
              ? null
              : await trx
                  .deleteFrom('wishlist_item')
                  .where('id', '=', id)
                  .where('wishlist_id', '=', wishlist.id)
                  .executeTakeFirst();
          if (!removed || Number(removed.numDeletedRows) !== 1) userErrors.push(itemNotFound(itemId));
        }
        await touch(trx, wishlist.id);
        return wishlist;
      });
      return { wishlist: await view(wishlist), userErrors };
    },

    async updateProducts(
      customerId: number,
      wishlistId: string,
      updates: readonly WishlistItemUpdate[],
    ): Promise<{ wishlist: WishlistView; userErrors: WishlistUserError[] }> {
      const listId = await meant(customerId, wishlistId);
      const userErrors: WishlistUserError[] = [];
      const wishlist = await inWriteTransaction(db, async ({ db: trx }) => {
        const wishlist = await owned(trx, customerId, listId);
        for (const update of updates) {
          const id = numericId(update.wishlist_item_id);
          const item =
            id === null
              ? undefined
              : await trx
                  .selectFrom('wishlist_item')
                  .selectAll()
                  .where('id', '=', id)
                  .where('wishlist_id', '=', wishlist.id)
                  .executeTakeFirst();
          if (!item) {
            userErrors.push(itemNotFound(update.wishlist_item_id));
            continue;
          }
          if (
            update.quantity !== undefined &&
            update.quantity !== null &&
            (!Number.isInteger(update.quantity) || update.quantity <= 0 || update.quantity > MAX_WISH_QUANTITY)
          ) {
            userErrors.push({ code: 'UNDEFINED', message: QUANTITY_MESSAGE });
            continue;
          }
          const changes: Partial<WishlistItemTable> = {};
          if (update.quantity !== undefined && update.quantity !== null) changes.quantity = update.quantity;
          if (update.description !== undefined) changes.description = update.description?.trim() || null;
          const selected = (update.selected_options ?? []).filter(
            (o): o is string => typeof o === 'string' && o !== '',
          );
          if (selected.length > 0) {
            const product = await trx
              .selectFrom('product')
              .selectAll()
              .where('id', '=', item.product_id)
              .executeTakeFirstOrThrow();
            try {
              changes.variant_id =
                (await resolveCartProduct(trx, { sku: product.sku, quantity: 1, selected_options: selected })).variant
                  ?.id ?? null;
            } catch (error) {
              if (!(error instanceof CartUserError)) throw error;
              userErrors.push({ code: 'UNDEFINED', message: error.message });
              continue;
            }
          }
          if (Object.keys(changes).length > 0)
            await trx.updateTable('wishlist_item').set(changes).where('id', '=', item.id).execute();
        }
        await touch(trx, wishlist.id);
        return wishlist;
      });
      return { wishlist: await view(wishlist), userErrors };
    },

    /** Moves items into the customer's cart; items the cart refuses stay in the wishlist with the reason. */
    async addToCart(
      customerId: number,
      wishlistId: string,
      itemIds: ReadonlyArray<string> | null | undefined,
      scope: StoreScope,
    ): Promise<{ wishlist: WishlistView; status: boolean; errors: WishlistCartError[] }> {
      const listId = await meant(customerId, wishlistId);
      const wishlist = await owned(db, customerId, listId);
      const current = await view(wishlist);
      let chosen = current.items;
      if (itemIds && itemIds.length > 0) {
        const unknown = itemIds.filter((id) => !current.items.some((i) => String(i.item.id) === String(id).trim()));
        if (unknown.length > 0) throw inputError(`The wishlist item ids "${unknown.join(',')}" were not found.`);
        chosen = current.items.filter((i) => itemIds.some((id) => String(id).trim() === String(i.item.id)));
      }
      const cart = await customerCarts.customerCart(customerId, scope);
      const errors: WishlistCartError[] = [];
      for (const entry of chosen) {
        const request: CartItemRequest = entry.variant
          ? { sku: entry.variant.sku, parent_sku: entry.product.sku, quantity: entry.item.quantity }
          : { sku: entry.product.sku, quantity: entry.item.quantity };
        const { userErrors } = await carts.addProducts(cart.cart.id, [request]);
        if (userErrors.length > 0) {
          for (const e of userErrors)
            errors.push({
              code: e.code,
              message: e.message,
              wishlistId: String(wishlist.id),
              wishlistItemId: String(entry.item.id),
            });
        } else {
          await db.deleteFrom('wishlist_item').where('id', '=', entry.item.id).execute();
        }
      }
      await touch(db, wishlist.id);
      return { wishlist: await view(wishlist), status: errors.length === 0, errors };
    },
  };
}

export type WishlistService = ReturnType<typeof createWishlistService>;
