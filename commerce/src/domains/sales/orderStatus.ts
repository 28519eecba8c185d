import type { SalesOrderTable } from '../../db/tables';

// An order's life after it is placed, as in Magento:
//   pending ──invoice──► processing ──ship──► complete
//      │                    │   └──refund all──► closed
//      └──cancel──► canceled └─(complete too)──┘
// Cancel is for an order not paid yet: once invoiced, money goes back by a refund.

export const ORDER_STATUSES = ['pending', 'processing', 'complete', 'canceled', 'closed'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export type OrderAction = 'invoice' | 'ship' | 'cancel' | 'refund';

/** Magento's state of each status (sales_order_status_state): a new order is `pending` in state `new`. */
export function orderState(status: string): string {
  return status === 'pending' ? 'new' : status;
}

export function allowedActions(
  order: Pick<SalesOrderTable, 'status' | 'total_paid' | 'total_refunded'>,
): OrderAction[] {
  const actions: OrderAction[] = [];
  if (order.status === 'pending') actions.push('invoice', 'cancel');
  if (order.status === 'processing') actions.push('ship');
  if ((order.status === 'processing' || order.status === 'complete') && order.total_refunded < order.total_paid)
    actions.push('refund');
  return actions;
}

const WHY_NOT: Record<string, string> = {
  pending: 'it is not invoiced yet',
  processing: 'it is invoiced',
  complete: 'it is shipped',
  canceled: 'it is canceled',
  closed: 'it is refunded',
};

export function refusal(action: OrderAction, order: Pick<SalesOrderTable, 'number' | 'status'>): string {
  const verb = { invoice: 'invoiced', ship: 'shipped', cancel: 'canceled', refund: 'refunded' }[action];
  return `Order ${order.number} cannot be ${verb}: ${WHY_NOT[order.status] ?? `its status is ${order.status}`}.`;
}
