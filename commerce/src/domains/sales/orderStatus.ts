import type { SalesOrderTable } from '../../db/tables';
import { leftToInvoice, leftToShip, type LineQuantities } from './fulfilmentQuantities';

// An order's life after it is placed, as in Magento:
//   pending ──invoice──► processing ──ship──► complete
//      │                    │   └──refund all──► closed
//      └──cancel──► canceled └─(complete too)──┘
// Cancel is for an order not paid yet: once invoiced, money goes back by a refund.
// Invoices and shipments may take some units of some lines (fulfilmentQuantities.ts): the order
// stays processing, and can be invoiced and shipped again, until nothing is left to do either.
//
// An order paid by card starts before its money is confirmed (domains/sales/orderPayments.ts):
//   pending_payment ──gateway confirms──► processing
//      │       └──amount or currency not the order's, or paid after it was canceled──► payment_review
//      └──declined, canceled or expired──► canceled (stock returned)

export const ORDER_STATUSES = [
  'pending',
  'pending_payment',
  'payment_review',
  'processing',
  'complete',
  'canceled',
  'closed',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export type OrderAction = 'invoice' | 'ship' | 'cancel' | 'refund';

/** Magento's state of each status (sales_order_status_state): a new order is `pending` in state `new`. */
export function orderState(status: string): string {
  return status === 'pending' ? 'new' : status;
}

// What a shopper reads for each status: Magento's default labels (sales_order_status), which its
// storefront API answers through __() in the language of the store view asked. Our French words
// are ours. A status without a label here is answered as its code.
const STATUS_LABELS: Record<string, Record<OrderStatus, string>> = {
  en: {
    pending: 'Pending',
    pending_payment: 'Pending Payment',
    payment_review: 'Payment Review',
    processing: 'Processing',
    complete: 'Complete',
    canceled: 'Canceled',
    closed: 'Closed',
  },
  fr: {
    pending: 'En attente',
    pending_payment: 'En attente de paiement',
    payment_review: 'Vérification du paiement',
    processing: 'En cours de traitement',
    complete: 'Terminée',
    canceled: 'Annulée',
    closed: 'Fermée',
  },
};

/** A status's label in a store view's locale (`fr_FR`); English for a language without labels. */
export function orderStatusLabel(status: string, locale: string): string {
  const labels = STATUS_LABELS[locale.split('_')[0] ?? 'en'] ?? STATUS_LABELS.en!;
  return (ORDER_STATUSES as readonly string[]).includes(status) ? labels[status as OrderStatus] : status;
}

export function allowedActions(
  order: Pick<SalesOrderTable, 'status' | 'total_paid' | 'total_refunded'>,
  items: LineQuantities[],
): OrderAction[] {
  const actions: OrderAction[] = [];
  const invoiceable = items.some((i) => leftToInvoice(i) > 0);
  if (order.status === 'pending') actions.push('invoice', 'cancel');
  if (order.status === 'processing' && invoiceable) actions.push('invoice');
  if (order.status === 'processing' && items.some((i) => leftToShip(i) > 0)) actions.push('ship');
  if ((order.status === 'processing' || order.status === 'complete') && order.total_refunded < order.total_paid)
    actions.push('refund');
  return actions;
}

const WHY_NOT: Record<string, string> = {
  pending: 'it is not invoiced yet',
  pending_payment: 'its payment is not confirmed yet',
  payment_review: 'its payment is under review',
  processing: 'it is invoiced',
  complete: 'it is shipped',
  canceled: 'it is canceled',
  closed: 'it is refunded',
};

export function refusal(action: OrderAction, order: Pick<SalesOrderTable, 'number' | 'status'>): string {
  const verb = { invoice: 'invoiced', ship: 'shipped', cancel: 'canceled', refund: 'refunded' }[action];
  if (action === 'ship' && order.status === 'processing')
    return `Order ${order.number} cannot be shipped: everything left is shipped.`;
  return `Order ${order.number} cannot be ${verb}: ${WHY_NOT[order.status] ?? `its status is ${order.status}`}.`;
}
