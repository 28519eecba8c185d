import type { Kysely } from 'kysely';
import type { Database, SalesOrderTable } from '../../db/tables';
import { decodeNumericUid } from '../../kernel/uids';
import { isOnlinePaymentMethod } from '../payment';
import { inputError } from '../errors';
import type { OrderPayments } from './orderPayments';
import { loadOrder, type StoredOrder } from './orderRecordService';

// A card order whose payment waits for the shopper (3-D Secure not finished: the tab was closed, or
// the shopper walked away) can be met again from any browser: its own customer (or the guest who
// holds its token) learns the cart it was placed from, and placeOrder on that cart answers the same
// next action; or its customer gives it up (Magento's cancelOrder) to pay the cart with another card.

const REASON_MAX = 255;

/** What cancelOrder answers, in Magento's shape: an error text, or the order as it is now. */
export interface CancelOrderAnswer {
  error: string | null;
  order: StoredOrder | null;
}

export function createUnpaidCardOrders(db: Kysely<Database>, payments: OrderPayments | undefined) {
  /**
   * The cart a card order waiting for its 3-D Secure step was placed from (placeOrder on it answers
   * the challenge again, never a second order); null for any other order. `viewerId` is the
   * signed-in customer asking (null for a guest holding the order's token or details); only the
   * order's own customer, or for a guest order its guest, learns it.
   */
  async function waitingCartOf(order: SalesOrderTable, viewerId: number | null): Promise<string | null> {
    if (order.status !== 'pending_payment' || !isOnlinePaymentMethod(order.payment_method)) return null;
    if (order.customer_id !== null && order.customer_id !== viewerId) return null;
    const authorization = await db
      .selectFrom('payment_transaction')
      .select('status')
      .where('order_id', '=', order.id)
      .where('kind', '=', 'authorization')
      .orderBy('attempt', 'desc')
      .executeTakeFirst();
    return authorization?.status === 'requires_action' ? order.cart_id : null;
  }

  /**
   * Magento's cancelOrder, for what a customer may give up here: their own card order still waiting
   * for its payment. The payment is voided at the gateway, the order canceled with its stock
   * returned, and its cart opened again to pay another way. Input is checked before anything
   * changes; a payment that went through meanwhile is kept, and said so.
   */
  async function cancelByCustomer(customerId: number, orderUid: string, reason: string): Promise<CancelOrderAnswer> {
    const trimmed = reason.trim();
    if (!trimmed) throw inputError('Required parameter "reason" is missing');
    if (trimmed.length > REASON_MAX) throw inputError(`The reason may be ${REASON_MAX} characters at most.`);
    const id = decodeNumericUid(orderUid.trim());
    const found = id === null ? null : await loadOrder(db, id);
    // Another customer's order answers as one that does not exist: nothing about it is revealed.
    if (!found || found.order.customer_id !== customerId)
      return { error: 'The entity that was requested does not exist.', order: null };
    const { order } = found;
    if (order.status !== 'pending_payment' || !isOnlinePaymentMethod(order.payment_method) || !payments)
      return { error: 'Only an order still waiting for its card payment can be canceled here.', order: found };
    const status = await payments.endUnpaid(order);
    const now = await loadOrder(db, order.id);
    if (status === 'canceled') return { error: null, order: now };
    if (status === 'processing' || status === 'payment_review' || status === 'complete' || status === 'closed')
      return { error: 'The payment went through meanwhile: the order is paid and stays.', order: now };
    return { error: 'The payment is still being decided by the card issuer. Try again in a few minutes.', order: now };
  }

  return { waitingCartOf, cancelByCustomer };
}

export type UnpaidCardOrders = ReturnType<typeof createUnpaidCardOrders>;
