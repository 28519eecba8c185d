import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import { isVirtualCart } from '../catalog';

/**
 * Whether a cart, as stored now, has nothing to ship (Magento's Quote::isVirtual). Read in the
 * caller's transaction, so a check and the write it guards see the same lines.
 */
export async function cartHasNothingToShip(db: Kysely<Database>, cartId: string): Promise<boolean> {
  const rows = await db
    .selectFrom('cart_item')
    .innerJoin('product', 'product.id', 'cart_item.product_id')
    .select('product.type')
    .where('cart_item.cart_id', '=', cartId)
    .execute();
  return isVirtualCart(rows.map((r) => ({ product: { type: r.type } })));
}

/** Magento's answer when a shipping address or method is set on a cart with nothing to ship. */
export const NOTHING_TO_SHIP = 'Shipping address is not allowed on cart: cart contains no items for shipment.';
