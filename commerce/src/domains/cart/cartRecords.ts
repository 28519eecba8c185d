// The cart's rows: reading, locking and touching cart and cart_item (the tables cart owns, see
// domains/tableOwners.ts). Other domains reach what they need of it through the front door, index.ts.
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { CartItemTable, CartTable, Database, ProductTable } from '../../db/tables';
import { noSuchEntityError } from '../errors';
import { lockedForWrite } from '../../db/rowLocks';
import { sqlTimestamp, type Clock } from '../../kernel/clock';

/** 24 random bytes in base64url: 32 characters, 192 bits — not guessable, not enumerable. */
export function newMaskedCartId(): string {
  return randomBytes(24).toString('base64url');
}

/** The cart a shopper may still change; Magento's messages for unknown and ordered carts. */
export async function requireActiveCart(db: Kysely<Database>, cartId: string): Promise<CartTable> {
  // In a write transaction the cart row stays locked: concurrent changes to one cart take turns.
  const cart = await lockedForWrite(db, db.selectFrom('cart').selectAll().where('id', '=', cartId)).executeTakeFirst();
  if (!cart) throw noSuchEntityError(`Could not find a cart with ID "${cartId}"`);
  if (cart.is_active !== 1) throw noSuchEntityError("The cart isn't active.");
  return cart;
}

export async function touchCart(
  db: Kysely<Database>,
  now: Clock,
  cartId: string,
  changes: Partial<Omit<CartTable, 'id'>> = {},
): Promise<void> {
  await db
    .updateTable('cart')
    .set({ ...changes, updated_at: sqlTimestamp(now()) })
    .where('id', '=', cartId)
    .execute();
}

/** Closes the cart an order was placed from: false when it was no longer active (placed already). */
export async function closeOrderedCart(db: Kysely<Database>, now: Clock, cartId: string): Promise<boolean> {
  const closed = await db
    .updateTable('cart')
    .set({ is_active: 0, updated_at: sqlTimestamp(now()) })
    .where('id', '=', cartId)
    .where('is_active', '=', 1)
    .executeTakeFirst();
  return Number(closed.numUpdatedRows) === 1;
}

/** Gives a shopper back the cart an order was placed from (its payment failed): it is active again. */
export async function reopenOrderedCart(db: Kysely<Database>, now: Clock, cartId: string): Promise<void> {
  await db
    .updateTable('cart')
    .set({ is_active: 1, updated_at: sqlTimestamp(now()) })
    .where('id', '=', cartId)
    .where('is_active', '=', 0)
    .execute();
}

/** Moves every line of one cart into another, adding quantities of the same product, variant and choices. */
export async function moveCartItems(trx: Kysely<Database>, fromId: string, toId: string): Promise<void> {
  const [from, to] = await Promise.all([loadCartItems(trx, fromId), loadCartItems(trx, toId)]);
  let nextId = to.reduce((max, i) => Math.max(max, i.id), 0) + 1;
  for (const item of from) {
    const same = to.find(
      (i) =>
        i.product_id === item.product_id &&
        i.variant_id === item.variant_id &&
        (i.custom_options ?? null) === (item.custom_options ?? null) &&
        (i.bundle_options ?? null) === (item.bundle_options ?? null) &&
        (i.downloadable_links ?? null) === (item.downloadable_links ?? null),
    );
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

/** A signed-in customer's new, empty cart in the store view and currency they shop in: its id. */
export async function createCustomerCart(
  db: Kysely<Database>,
  now: Clock,
  owner: {
    customerId: number;
    email: string;
    scope: { id: number; currency: string };
    /** A cart staff open for the customer (back office order creation); the customer's own carts leave it out. */
    staffId?: number | null;
  },
): Promise<string> {
  const currency = owner.scope.currency;
  const id = newMaskedCartId();
  const createdAt = sqlTimestamp(now());
  await db
    .insertInto('cart')
    .values({
      id,
      store_id: owner.scope.id,
      currency,
      email: owner.email,
      is_active: 1,
      coupon_code: null,
      shipping_address: null,
      billing_address: null,
      shipping_carrier_code: null,
      shipping_method_code: null,
      payment_method: null,
      purchase_order_number: null,
      created_at: createdAt,
      updated_at: createdAt,
      customer_id: owner.customerId,
      ...(owner.staffId ? { created_by_staff_id: owner.staffId } : {}),
    })
    .execute();
  return id;
}

/** Deletes a customer's carts with their lines, in the caller's transaction (the account is deleted). */
export async function deleteCustomerCarts(db: Kysely<Database>, customerId: number): Promise<void> {
  const carts = db.selectFrom('cart').select('id').where('customer_id', '=', customerId);
  await db.deleteFrom('cart_item').where('cart_id', 'in', carts).execute();
  await db.deleteFrom('cart').where('customer_id', '=', customerId).execute();
}

/** Open carts send their order e-mail to the account's current address. */
export async function setCustomerCartEmail(db: Kysely<Database>, customerId: number, email: string): Promise<void> {
  await db
    .updateTable('cart')
    .set({ email })
    .where('customer_id', '=', customerId)
    .where('is_active', '=', 1)
    .execute();
}

export async function loadCartItems(db: Kysely<Database>, cartId: string): Promise<CartItemTable[]> {
  return db.selectFrom('cart_item').selectAll().where('cart_id', '=', cartId).orderBy('id').execute();
}

export async function loadProductsById(
  db: Kysely<Database>,
  ids: readonly number[],
): Promise<Map<number, ProductTable>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('product')
    .selectAll()
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [r.id, r]));
}

export interface VariantOption {
  attributeCode: string;
  /** Integer id of the attribute: Magento's `SelectedConfigurableOption.id`. */
  attributeId: number;
  attributeLabel: string;
  position: number;
  valueId: number;
  valueLabel: string;
}

/** The configurable attributes' values of each variant, in the parent's attribute order. */
export async function loadVariantOptions(
  db: Kysely<Database>,
  pairs: ReadonlyArray<{ parentId: number; variantId: number }>,
): Promise<Map<number, VariantOption[]>> {
  const result = new Map<number, VariantOption[]>();
  if (pairs.length === 0) return result;
  const [attributes, values] = await Promise.all([
    db
      .selectFrom('configurable_attribute as c')
      .innerJoin('attribute as a', 'a.code', 'c.attribute_code')
      .select(['c.product_id', 'c.attribute_code', 'c.position', 'a.label', 'a.id as attribute_id'])
      .where('c.product_id', 'in', [...new Set(pairs.map((p) => p.parentId))])
      .execute(),
    db
      .selectFrom('product_attribute_value as v')
      .innerJoin('attribute_option as o', 'o.id', 'v.option_id')
      .select(['v.product_id', 'v.attribute_code', 'o.id', 'o.label'])
      .where('v.product_id', 'in', [...new Set(pairs.map((p) => p.variantId))])
      .execute(),
  ]);
  for (const { parentId, variantId } of pairs) {
    const options = attributes
      .filter((a) => a.product_id === parentId)
      .sort((a, b) => a.position - b.position)
      .flatMap((a) => {
        const value = values.find((v) => v.product_id === variantId && v.attribute_code === a.attribute_code);
        return value
          ? [
              {
                attributeCode: a.attribute_code,
                attributeId: a.attribute_id,
                attributeLabel: a.label,
                position: a.position,
                valueId: value.id,
                valueLabel: value.label,
              },
            ]
          : [];
      });
    result.set(variantId, options);
  }
  return result;
}

export function finalPrice(product: ProductTable): number {
  return product.special_price !== null && product.special_price < product.price
    ? product.special_price
    : product.price;
}

/** What the checks before a cart operation need of the cart: its owner, store view and currency. */
export type CartScopeRow = Pick<CartTable, 'store_id' | 'currency' | 'customer_id' | 'is_active'>;

export async function loadCartScope(db: Kysely<Database>, cartId: string): Promise<CartScopeRow | undefined> {
  return db
    .selectFrom('cart')
    .select(['store_id', 'currency', 'customer_id', 'is_active'])
    .where('id', '=', cartId)
    .executeTakeFirst();
}

/**
 * A cart in the store view and currency of the request. A guest cart belongs to the store it was
 * made in, and another store refuses it (as Magento does), so the storefront starts a new one; a
 * customer's cart follows its customer into the store they are in. The currency follows the
 * shopper's choice within the store: every amount is priced again in it.
 */
export async function enterCartScope(
  db: Kysely<Database>,
  now: Clock,
  cartId: string,
  scope: { id: number; currency: string },
  known?: { cart: CartScopeRow | undefined },
): Promise<void> {
  const cart = known ? known.cart : await loadCartScope(db, cartId);
  // Unknown or closed carts are reported by the operation itself, with its own message.
  if (!cart || cart.is_active !== 1) return;
  if (cart.store_id !== scope.id && cart.customer_id === null) {
    throw noSuchEntityError(`Wrong store code specified for cart "${cartId}"`);
  }
  if (cart.store_id !== scope.id || cart.currency !== scope.currency) {
    await touchCart(db, now, cartId, { store_id: scope.id, currency: scope.currency });
  }
}
