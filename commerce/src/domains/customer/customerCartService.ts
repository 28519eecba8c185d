import type { Kysely } from 'kysely';
import type { CartTable, Database } from '../../db/tables';
import { inputError, noSuchEntityError } from '../errors';
import { inWriteTransaction } from '../../kernel/transaction';
import {
  createCustomerCart,
  enterCartScope,
  moveCartItems,
  touchCart,
  type CartService,
  type PricedCart,
} from '../cart';
import type { StoreScope } from '../../kernel/storeScope';
import { cartAccessDenied } from '../auth';
import type { Clock } from '../../kernel/clock';

// A customer has one active cart. It is made on first use (customerCart), takes over a guest
// cart's lines when the shopper signs in (mergeCarts), and its e-mail is the account's, so
// checkout needs no setGuestEmailOnCart.

/** Only signed-in customers get here: an unknown id is refused like someone else's cart (see auth/requestAuth). */
async function findCart(trx: Kysely<Database>, cartId: string): Promise<CartTable> {
  const cart = await trx.selectFrom('cart').selectAll().where('id', '=', cartId).executeTakeFirst();
  if (!cart) throw cartAccessDenied(cartId);
  return cart;
}

export function createCustomerCartService(db: Kysely<Database>, carts: CartService, now: Clock) {
  async function activeCartId(trx: Kysely<Database>, customerId: number): Promise<string | null> {
    const row = await trx
      .selectFrom('cart')
      .select('id')
      .where('customer_id', '=', customerId)
      .where('is_active', '=', 1)
      // A cart staff are filling in for the customer is theirs to place, not the shopper's cart.
      .where('created_by_staff_id', 'is', null)
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
    const id = await createCustomerCart(trx, now, { customerId, email: customer.email, scope });
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
        await moveCartItems(trx, sourceId, targetId);
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
          await moveCartItems(trx, previous, id);
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
