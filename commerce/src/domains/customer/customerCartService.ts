import type { Kysely } from 'kysely';
import type { CartTable, Database } from '../../db/tables';
import { inputError, noSuchEntityError } from '../errors';
import { inWriteTransaction } from '../../kernel/transaction';
import { enterCartScope, loadCartItems, newMaskedCartId, touchCart } from '../cart/cartRecordService';
import type { StoreScope } from '../../kernel/storeScope';
import type { CartService } from '../cart/cartService';
import type { PricedCart } from '../cart/cartPricingService';
import { cartAccessDenied } from '../auth/requestAuthService';
import { sqlTimestamp, type Clock } from '../../kernel/clock';

// A customer has one active cart. It is made on first use (customerCart), takes over a guest
// cart's lines when the shopper signs in (mergeCarts), and its e-mail is the account's, so
// checkout needs no setGuestEmailOnCart.

/** Only signed-in customers get here: an unknown id is refused like someone else's cart (see auth/requestAuth). */
async function findCart(trx: Kysely<Database>, cartId: string): Promise<CartTable> {
  const cart = await trx.selectFrom('cart').selectAll().where('id', '=', cartId).executeTakeFirst();
  if (!cart) throw cartAccessDenied(cartId);
  return cart;
}

/** Moves every line of one cart into another, adding quantities of the same product and variant. */
async function moveItems(trx: Kysely<Database>, fromId: string, toId: string): Promise<void> {
  const [from, to] = await Promise.all([loadCartItems(trx, fromId), loadCartItems(trx, toId)]);
  let nextId = to.reduce((max, i) => Math.max(max, i.id), 0) + 1;
  for (const item of from) {
    const same = to.find((i) => i.product_id === item.product_id && i.variant_id === item.variant_id);
    if (same) {
      same.quantity += item.quantity;
      await trx
        .updateTable('cart_item')
        .set({ quantity: same.quantity })
        .where('cart_id', '=', toId)
        .where('id', '=', same.id)
        .execute();
    } else {
      await trx
        .insertInto('cart_item')
        .values({ ...item, cart_id: toId, id: nextId++ })
        .execute();
    }
  }
  await trx.deleteFrom('cart_item').where('cart_id', '=', fromId).execute();
}

export function createCustomerCartService(db: Kysely<Database>, carts: CartService, now: Clock) {
  async function activeCartId(trx: Kysely<Database>, customerId: number): Promise<string | null> {
    const row = await trx
      .selectFrom('cart')
      .select('id')
      .where('customer_id', '=', customerId)
      .where('is_active', '=', 1)
      .orderBy('updated_at', 'desc')
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.id ?? null;
  }

  /** The customer's active cart, in the store view and currency they are shopping in now. */
  async function openCart(trx: Kysely<Database>, customerId: number, scope: StoreScope): Promise<string> {
    const existing = await activeCartId(trx, customerId);
    if (existing) {
      await enterCartScope(trx, now, existing, scope);
      return existing;
    }
    const customer = await trx
      .selectFrom('customer')
      .select('email')
      .where('id', '=', customerId)
      .executeTakeFirstOrThrow();
    const currency = scope.currency;
    const id = newMaskedCartId();
    const createdAt = sqlTimestamp(now());
    await trx
      .insertInto('cart')
      .values({
        id,
        store_id: scope.id,
        currency,
        email: customer.email,
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
        customer_id: customerId,
      })
      .execute();
    return id;
  }

  return {
    /**
     * Puts the lines of one of the customer's orders into their cart again, each with its
     * quantity, through the same rules as adding to a cart; a line that can no longer be added
     * (gone, out of stock) comes back as an error and the others are still added.
     */
    async reorder(customerId: number, orderNumber: string, scope: StoreScope) {
      const order = await db
        .selectFrom('sales_order')
        .select('id')
        .where('customer_id', '=', customerId)
        .where('number', '=', orderNumber)
        .executeTakeFirst();
      if (!order) throw inputError(`Cannot find order number "${orderNumber}" for the current customer.`);
      const lines = await db
        .selectFrom('sales_order_item')
        .select(['sku', 'quantity'])
        .where('order_id', '=', order.id)
        .orderBy('line')
        .execute();
      const cartId = await inWriteTransaction(db, ({ db: trx }) => openCart(trx, customerId, scope));
      return carts.addProducts(
        cartId,
        lines.map((l) => ({ sku: l.sku, quantity: l.quantity })),
      );
    },

    async customerCart(customerId: number, scope: StoreScope): Promise<PricedCart> {
      return carts.priced(await inWriteTransaction(db, ({ db: trx }) => openCart(trx, customerId, scope)));
    },

    /** The guest cart's lines move into the customer's cart; the guest cart is closed. */
    async merge(
      customerId: number,
      sourceCartId: string,
      destinationCartId: string | null | undefined,
      scope: StoreScope,
    ): Promise<PricedCart> {
      const sourceId = sourceCartId.trim();
      if (!sourceId) throw inputError('Required parameter "source_cart_id" is missing');
      const destinationId = await inWriteTransaction(db, async ({ db: trx }) => {
        let targetId = destinationCartId?.trim() || null;
        if (targetId) {
          const target = await findCart(trx, targetId);
          if (target.customer_id !== customerId) throw cartAccessDenied(targetId);
          if (target.is_active !== 1) throw noSuchEntityError("The cart isn't active.");
        } else {
          targetId = await openCart(trx, customerId, scope);
        }
        const source = await findCart(trx, sourceId);
        if (source.customer_id !== null) throw cartAccessDenied(sourceId);
        if (source.is_active !== 1) throw noSuchEntityError("The cart isn't active.");
        await moveItems(trx, sourceId, targetId);
        const target = await findCart(trx, targetId);
        await touchCart(
          trx,
          now,
          targetId,
          target.coupon_code === null && source.coupon_code !== null ? { coupon_code: source.coupon_code } : {},
        );
        await touchCart(trx, now, sourceId, { is_active: 0 });
        return targetId;
      });
      return carts.priced(destinationId);
    },

    /** The guest cart becomes the customer's cart; lines of the customer's previous cart join it. */
    async assignGuestCart(customerId: number, cartId: string): Promise<PricedCart> {
      const id = cartId.trim();
      if (!id) throw inputError('Required parameter "cart_id" is missing');
      await inWriteTransaction(db, async ({ db: trx }) => {
        const cart = await findCart(trx, id);
        if (cart.customer_id !== null) throw cartAccessDenied(id);
        if (cart.is_active !== 1) throw noSuchEntityError("The cart isn't active.");
        const previous = await activeCartId(trx, customerId);
        if (previous) {
          await moveItems(trx, previous, id);
          await touchCart(trx, now, previous, { is_active: 0 });
        }
        const customer = await trx
          .selectFrom('customer')
          .select('email')
          .where('id', '=', customerId)
          .executeTakeFirstOrThrow();
        await touchCart(trx, now, id, { customer_id: customerId, email: customer.email });
      });
      return carts.priced(id);
    },
  };
}

export type CustomerCartService = ReturnType<typeof createCustomerCartService>;
