import type { SalesOrderItemTable, SalesOrderTable } from '../../db/tables';
import { inputError } from '../errors';
import { isVirtualType } from '../catalog';

// How many units of each ordered line are left to invoice, ship and refund, as Magento counts
// them (Magento\Sales\Model\Order\Item::getQtyToInvoice / getQtyToShip / getQtyToRefund), and
// the order status they lead to. Every count is read from the line as locked in the transaction
// that writes the document, so two requests at once never hand out the same units twice.

export type LineQuantities = Pick<
  SalesOrderItemTable,
  'quantity' | 'qty_invoiced' | 'qty_shipped' | 'qty_refunded' | 'product_type'
>;

export const leftToInvoice = (i: LineQuantities): number => Math.max(0, i.quantity - i.qty_invoiced);
/**
 * Refunded units are not shipped any more (Magento: ordered − shipped − refunded); a line with
 * nothing to ship (a virtual product) has none (Magento's Item::getQtyToShip for virtual items).
 */
export const leftToShip = (i: LineQuantities): number =>
  isVirtualType(i.product_type) ? 0 : Math.max(0, i.quantity - i.qty_shipped - i.qty_refunded);
/** Only what was invoiced (paid) can be refunded. */
export const leftToRefund = (i: LineQuantities): number => Math.max(0, i.qty_invoiced - i.qty_refunded);

export interface LineRequest {
  line: number;
  quantity: number;
}

/**
 * The lines and quantities a request names, checked against what is left; without `requested`,
 * every line with something left, in full. A request that names nothing, a line twice, an unknown
 * line, a quantity that is not a whole number ≥ 1 (or 0, which leaves the line out) or more than
 * is left, is refused before anything is written.
 */
export function chooseLines<T extends SalesOrderItemTable>(
  items: T[],
  requested: LineRequest[] | null | undefined,
  left: (item: T) => number,
  verb: 'invoice' | 'ship',
): Array<{ item: T; quantity: number }> {
  if (!requested) {
    return items.filter((item) => left(item) > 0).map((item) => ({ item, quantity: left(item) }));
  }
  const seen = new Set<number>();
  const chosen: Array<{ item: T; quantity: number }> = [];
  for (const { line, quantity } of requested) {
    const item = items.find((i) => i.line === line);
    if (!item) throw inputError(`The order has no line ${line}.`);
    if (seen.has(line)) throw inputError(`Line ${line} is listed twice.`);
    seen.add(line);
    if (!Number.isInteger(quantity) || quantity < 0)
      throw inputError(`The quantity to ${verb} on line ${line} must be a whole number, 0 or more.`);
    const remaining = left(item);
    if (quantity > remaining)
      throw inputError(`Line ${line} (${item.sku}) has ${remaining} left to ${verb}; ${quantity} were asked.`);
    if (quantity > 0) chosen.push({ item, quantity });
  }
  if (chosen.length === 0) throw inputError(`Choose at least one unit to ${verb}.`);
  return chosen;
}

/**
 * An amount's share for `quantity` of a line's units. The units that close the line take what the
 * earlier shares left, so the shares of a line always add up to exactly the line's amount.
 */
export function lineShare(amount: number, ordered: number, done: number, quantity: number, closes: boolean): number {
  const unit = (n: number) => Math.round((amount * n) / ordered);
  return closes ? amount - unit(done) : unit(done + quantity) - unit(done);
}

export interface InvoiceLine {
  line: number;
  quantity: number;
  row_total: number;
  discount: number;
  tax: number;
}

export interface InvoiceTotals {
  lines: InvoiceLine[];
  subtotal: number;
  discount: number;
  shipping: number;
  tax: number;
  grand_total: number;
}

/**
 * An invoice's totals. Each line brings its share of its row total, discount and tax; the first
 * invoice also carries the order's shipping and whatever discount and tax the order has beyond its
 * lines (the shipping's), as Magento puts the shipping on the first invoice.
 */
export function invoiceTotals(
  order: Pick<SalesOrderTable, 'discount' | 'shipping' | 'tax'>,
  items: SalesOrderItemTable[],
  chosen: Array<{ item: SalesOrderItemTable; quantity: number }>,
  first: boolean,
): InvoiceTotals {
  const lines = chosen.map(({ item, quantity }) => {
    const closes = item.qty_invoiced + quantity === item.quantity;
    const share = (amount: number) => lineShare(amount, item.quantity, item.qty_invoiced, quantity, closes);
    return {
      line: item.line,
      quantity,
      row_total: share(item.row_total),
      discount: share(item.discount),
      tax: share(item.tax),
    };
  });
  const sum = (pick: (l: InvoiceLine) => number) => lines.reduce((total, l) => total + pick(l), 0);
  const beyondLines = (orderAmount: number, pick: (i: SalesOrderItemTable) => number) =>
    first ? orderAmount - items.reduce((total, i) => total + pick(i), 0) : 0;
  const subtotal = sum((l) => l.row_total);
  const discount = sum((l) => l.discount) + beyondLines(order.discount, (i) => i.discount);
  const tax = sum((l) => l.tax) + beyondLines(order.tax, (i) => i.tax);
  const shipping = first ? order.shipping : 0;
  return { lines, subtotal, discount, shipping, tax, grand_total: subtotal - discount + shipping + tax };
}

/**
 * An order's status once a document is written: complete when nothing is left to invoice or to
 * ship, processing while something is (Magento's processing state).
 */
export function fulfilledStatus(items: LineQuantities[]): 'processing' | 'complete' {
  return items.every((i) => leftToInvoice(i) === 0 && leftToShip(i) === 0) ? 'complete' : 'processing';
}
