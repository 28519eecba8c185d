import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import { inputError, noSuchEntityError } from '../errors';
import { decodeNumericUid } from '../../kernel/uids';
import { inWriteTransaction } from '../../kernel/transaction';
import { findCoupon, isoDate, isRuleEligible, normalizeCouponCode } from '../promotions';
import type { StoreScope } from '../../kernel/storeScope';
import {
  enterCartScope,
  loadCartScope,
  type CartScopeRow,
  finalPrice,
  loadCartItems,
  loadProductsById,
  newMaskedCartId,
  requireActiveCart,
  touchCart,
} from './cartRecords';
import { priceCart } from './cartPricingService';
import type { PricedCart } from './cartPricingService';
import { liveSettings, type PricingSettingsSource } from './pricingSettingsService';
import { CartUserError, resolveCartProduct } from './cartProductService';
import type { CartItemRequest, CartUserErrorCode } from './cartProductService';
import { sqlTimestamp, type Clock } from '../../kernel/clock';
import { RATE_RULES, type RateLimiter } from '../../kernel/rateLimiter';
import { giftMessagesAllowed, storedGiftMessage, type GiftMessage } from './giftMessageService';
import { loadCustomOptions, loadDownloadables } from '../catalog';
import { chooseCustomOptions, isCustomOptionUid, type CustomOptionRequest } from './customOptionChoices';
import { bundleLineRequest } from './bundleLines';
import { chooseDownloadableLinks, isDownloadableUid } from './downloadableChoices';
import { bundleStockUnits, cartDemand, isBundleUid } from './bundleChoices';

type LegacyCustomOption = CustomOptionRequest['legacy'][number];

export interface CartItemUpdate {
  cart_item_id?: number | null;
  cart_item_uid?: string | null;
  quantity?: number | null;
  /** Values of custom options (Magento's `customizable_options`): they replace the line's choices. */
  customizable_options?: ReadonlyArray<LegacyCustomOption | null> | null;
  /** The line's gift message (cart/giftMessageService.ts). */
  gift_message?: GiftMessage | null;
}

const STOCK_MESSAGE = 'The requested qty is not available';

function itemIdOf(ref: { cart_item_id?: number | null; cart_item_uid?: string | null }): number | null {
  if (ref.cart_item_uid) return decodeNumericUid(ref.cart_item_uid);
  return ref.cart_item_id ?? null;
}

async function cartSubtotal(db: Kysely<Database>, cartId: string): Promise<number> {
  const items = await loadCartItems(db, cartId);
  const products = await loadProductsById(
    db,
    items.map((i) => i.variant_id ?? i.product_id),
  );
  return items.reduce((sum, i) => {
    const product = products.get(i.variant_id ?? i.product_id);
    return sum + (product ? finalPrice(product) * i.quantity : 0);
  }, 0);
}

export function createCartService(
  db: Kysely<Database>,
  now: Clock,
  rateLimits: RateLimiter,
  settings: PricingSettingsSource = liveSettings(db),
) {
  async function priced(cartId: string): Promise<PricedCart> {
    return priceCart(db, await requireActiveCart(db, cartId), { now: now(), settings });
  }

  return {
    priced,

    /** Puts the cart in the request's store view and currency, or refuses another store's guest cart. */
    enterScope: (cartId: string, scope: StoreScope, known?: { cart: CartScopeRow | undefined }) =>
      enterCartScope(db, now, cartId, scope, known),

    /** The cart's owner, store view and currency, as the checks before a cart operation need them. */
    scopeOf: (cartId: string) => loadCartScope(db, cartId),

    async create(requestedId: string | null | undefined, scope: StoreScope): Promise<PricedCart> {
      const id = requestedId?.trim() || newMaskedCartId();
      if (requestedId !== undefined && requestedId !== null && !/^[A-Za-z0-9_-]{32}$/.test(id)) {
        throw inputError('Cart ID length should be 32 characters.');
      }
      await inWriteTransaction(db, async ({ db: trx }) => {
        const existing = await trx.selectFrom('cart').select('id').where('id', '=', id).executeTakeFirst();
        if (existing) throw inputError(`Cart with ID "${id}" already exists.`);
        const createdAt = sqlTimestamp(now());
        await trx
          .insertInto('cart')
          .values({
            id,
            store_id: scope.id,
            currency: scope.currency,
            email: null,
            is_active: 1,
            coupon_code: null,
            shipping_address: null,
            billing_address: null,
            shipping_carrier_code: null,
            shipping_method_code: null,
            payment_method: null,
            purchase_order_number: null,
            payment_data: null,
            created_at: createdAt,
            updated_at: createdAt,
          })
          .execute();
      });
      return priced(id);
    },

    /** Adds what it can; each refused line is reported and changes nothing. */
    /**
     * Adds the lines, each on its own: a line that cannot be added comes back as a user error.
     * With `allOrNothing` (Magento's older add mutations) the first such line refuses the whole
     * request instead, and nothing is added.
     */
    async addProducts(
      cartId: string,
      requests: readonly CartItemRequest[],
      options: { allOrNothing?: boolean } = {},
    ): Promise<{ cart: PricedCart; userErrors: Array<{ code: CartUserErrorCode; message: string }> }> {
      const userErrors: Array<{ code: CartUserErrorCode; message: string }> = [];
      await inWriteTransaction(db, async ({ db: trx }) => {
        await requireActiveCart(trx, cartId);
        for (const request of requests) {
          try {
            if (!Number.isFinite(request.quantity) || request.quantity <= 0)
              throw new CartUserError('UNDEFINED', 'The product quantity should be greater than 0');
            if (!Number.isInteger(request.quantity))
              throw new CartUserError('UNDEFINED', 'The product quantity should be a whole number.');
            const selected = (request.selected_options ?? []).filter((o): o is string => typeof o === 'string');
            const { product, variant } = await resolveCartProduct(trx, {
              ...request,
              selected_options: selected.filter(
                (uid) => !isCustomOptionUid(uid) && !isBundleUid(uid) && !isDownloadableUid(uid),
              ),
            });
            // Custom options belong to the product shown (a configurable's parent), not its variant.
            const customOptions = (await loadCustomOptions(trx, [product.id])).get(product.id) ?? [];
            const legacy = (request.customizable_options ?? []).filter((o) => o !== null);
            if (legacy.length > 0 && customOptions.length === 0)
              throw new CartUserError('UNDEFINED', `The product "${request.sku}" has no customizable options.`);
            const chosen = chooseCustomOptions(customOptions, {
              selected: selected.filter(isCustomOptionUid),
              entered: (request.entered_options ?? []).filter((e) => e !== null),
              legacy,
            });
            const stockProduct = variant ?? product;
            // A bundle has no stock of its own: its chosen products' stock counts (cart/bundleChoices.ts).
            const bundle = await bundleLineRequest(trx, product, request, selected);
            if (!bundle && (stockProduct.in_stock !== 1 || stockProduct.stock_qty <= 0))
              throw new CartUserError('NOT_SALABLE', 'Product that you are trying to add is not available.');
            const links = chooseDownloadableLinks(
              product,
              product.type === 'downloadable'
                ? (await loadDownloadables(trx, [product.id])).get(product.id)
                : undefined,
              {
                selected,
                linkIds: (request.downloadable_product_links ?? []).flatMap((l) => (l ? [l.link_id] : [])),
              },
            );
            const items = await loadCartItems(trx, cartId);
            // The same product with other choices is another line; the stock counts both.
            const same = items.find(
              (i) =>
                i.product_id === product.id &&
                i.variant_id === (variant?.id ?? null) &&
                (i.custom_options ?? null) === chosen &&
                (i.bundle_options ?? null) === (bundle?.stored ?? null) &&
                (i.downloadable_links ?? null) === links,
            );
            const quantity = (same?.quantity ?? 0) + request.quantity;
            const demand = await cartDemand(trx, items, same);
            const units = bundle
              ? bundleStockUnits(bundle.options, quantity)
              : [{ product: stockProduct, qty: quantity }];
            for (const unit of units) {
              if (unit.product.in_stock !== 1 || unit.product.stock_qty <= 0)
                throw new CartUserError('NOT_SALABLE', 'Product that you are trying to add is not available.');
              if (unit.qty + (demand.get(unit.product.id) ?? 0) > unit.product.stock_qty)
                throw new CartUserError('INSUFFICIENT_STOCK', STOCK_MESSAGE);
            }
            if (same) {
              await trx
                .updateTable('cart_item')
                .set({ quantity })
                .where('cart_id', '=', cartId)
                .where('id', '=', same.id)
                .execute();
            } else {
              const id = items.reduce((max, i) => Math.max(max, i.id), 0) + 1;
              await trx
                .insertInto('cart_item')
                .values({
                  cart_id: cartId,
                  id,
                  product_id: product.id,
                  variant_id: variant?.id ?? null,
                  quantity,
                  created_at: sqlTimestamp(now()),
                  ...(chosen === null ? {} : { custom_options: chosen }),
                  ...(bundle ? { bundle_options: bundle.stored } : {}),
                  ...(links === null ? {} : { downloadable_links: links }),
                })
                .execute();
            }
          } catch (error) {
            if (!(error instanceof CartUserError)) throw error;
            if (options.allOrNothing) throw inputError(error.message);
            userErrors.push({ code: error.code, message: error.message });
          }
        }
        await touchCart(trx, now, cartId);
      });
      return { cart: await priced(cartId), userErrors };
    },

    /** All changes or none: the first bad line refuses the whole update. */
    async updateItems(cartId: string, updates: ReadonlyArray<CartItemUpdate | null>): Promise<PricedCart> {
      await inWriteTransaction(db, async ({ db: trx }) => {
        await requireActiveCart(trx, cartId);
        const items = await loadCartItems(trx, cartId);
        const giftMessagesOnLines = (await giftMessagesAllowed(trx)).items;
        const stock = await loadProductsById(
          trx,
          items.map((i) => i.variant_id ?? i.product_id),
        );
        for (const update of updates) {
          if (!update) continue;
          const id = itemIdOf(update);
          if (id === null) throw inputError('Required parameter "cart_item_uid" for "cart_items" is missing.');
          const item = items.find((i) => i.id === id);
          if (!item) throw noSuchEntityError(`Could not find cart item with id: ${update.cart_item_uid ?? id}.`);
          const legacy = (update.customizable_options ?? []).filter((o) => o !== null);
          let chosen: string | null | undefined;
          if (legacy.length > 0) {
            const customOptions = (await loadCustomOptions(trx, [item.product_id])).get(item.product_id) ?? [];
            if (customOptions.length === 0)
              throw inputError(`The cart item with id ${id} has no customizable options.`);
            try {
              chosen = chooseCustomOptions(customOptions, { selected: [], entered: [], legacy });
            } catch (error) {
              if (error instanceof CartUserError) throw inputError(error.message);
              throw error;
            }
          }
          if (update.quantity === null || update.quantity === undefined)
            throw inputError('Required parameter "quantity" for "cart_items" is missing.');
          if (update.quantity === 0) {
            await trx.deleteFrom('cart_item').where('cart_id', '=', cartId).where('id', '=', id).execute();
            continue;
          }
          if (update.quantity < 0 || !Number.isInteger(update.quantity))
            throw inputError('The product quantity should be greater than 0');
          const product = stock.get(item.variant_id ?? item.product_id);
          if (!product || product.in_stock !== 1 || update.quantity > product.stock_qty)
            throw inputError(STOCK_MESSAGE);
          // A gift message is checked even when it is not kept, so a bad one never passes silently.
          const giftMessage = update.gift_message ? storedGiftMessage(update.gift_message) : undefined;
          await trx
            .updateTable('cart_item')
            .set({
              quantity: update.quantity,
              ...(giftMessage !== undefined && giftMessagesOnLines ? { gift_message: giftMessage } : {}),
              ...(chosen !== undefined ? { custom_options: chosen } : {}),
            })
            .where('cart_id', '=', cartId)
            .where('id', '=', id)
            .execute();
        }
        await touchCart(trx, now, cartId);
      });
      return priced(cartId);
    },

    async removeItem(
      cartId: string,
      ref: { cart_item_id?: number | null; cart_item_uid?: string | null },
    ): Promise<PricedCart> {
      await inWriteTransaction(db, async ({ db: trx }) => {
        await requireActiveCart(trx, cartId);
        const id = itemIdOf(ref);
        if (id === null && !ref.cart_item_uid) throw inputError('Required parameter "cart_item_uid" is missing.');
        const result =
          id === null
            ? null
            : await trx.deleteFrom('cart_item').where('cart_id', '=', cartId).where('id', '=', id).executeTakeFirst();
        if (!result || Number(result.numDeletedRows) !== 1)
          throw noSuchEntityError("The cart doesn't contain the item");
        await touchCart(trx, now, cartId);
      });
      return priced(cartId);
    },

    /** Codes are guessable: tries count per client and per cart, right or wrong. */
    async applyCoupon(cartId: string, code: string, client = 'unknown'): Promise<PricedCart> {
      if (client !== 'unknown') await rateLimits.consume(RATE_RULES.couponPerClient, client);
      await rateLimits.consume(RATE_RULES.couponPerCart, cartId);
      await inWriteTransaction(db, async ({ db: trx }) => {
        const cart = await requireActiveCart(trx, cartId);
        if (!code.trim()) throw inputError('Required parameter "coupon_code" is missing');
        if ((await loadCartItems(trx, cartId)).length === 0) throw inputError('Cart does not contain products.');
        if (cart.coupon_code)
          throw inputError('A coupon is already applied to the cart. Please remove it to apply another');
        const candidate = await findCoupon(trx, code);
        if (!candidate || !isRuleEligible(candidate, await cartSubtotal(trx, cartId), isoDate(now()))) {
          throw inputError(`The coupon code "${code}" is not valid.`);
        }
        await touchCart(trx, now, cartId, { coupon_code: normalizeCouponCode(code) });
      });
      return priced(cartId);
    },

    async removeCoupon(cartId: string): Promise<PricedCart> {
      await inWriteTransaction(db, async ({ db: trx }) => {
        await requireActiveCart(trx, cartId);
        await touchCart(trx, now, cartId, { coupon_code: null });
      });
      return priced(cartId);
    },
  };
}

export type CartService = ReturnType<typeof createCartService>;
