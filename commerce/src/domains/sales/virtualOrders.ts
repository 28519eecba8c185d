import type { SalesOrderTable } from '../../db/tables';
import type { StoredAddress } from '../address';

// An order placed from a cart with nothing to ship (catalog/virtualProducts.ts) records no
// shipping address (JSON `null`) and no shipping method: every view leaves them out.

/** The order's shipping address; null when it has nothing to ship. */
export function orderShippingAddress(order: Pick<SalesOrderTable, 'shipping_address'>): StoredAddress | null {
  return JSON.parse(order.shipping_address) as StoredAddress | null;
}

/** True when the order ships nothing: no address, no method, no "Ship" step. */
export function orderShipsNothing(order: Pick<SalesOrderTable, 'shipping_address'>): boolean {
  return orderShippingAddress(order) === null;
}
