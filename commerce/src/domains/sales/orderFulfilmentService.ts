import type { Kysely } from 'kysely';
import type { Database, SalesOrderItemTable, SalesOrderTable } from '../../db/tables';
import { nextId } from '../../db/idSequence';
import { lockedForWrite } from '../../db/rowLocks';
import { sqlTimestamp, type Clock } from '../../kernel/clock';
import { multiLineText, singleLineText } from '../../kernel/inputRules';
import { inWriteTransaction } from '../../kernel/transaction';
import type { MailOutboxWriter } from '../../mail/mailOutbox';
import type { MailMessage } from '../../mail/mailer';
import { inputError, noSuchEntityError } from '../errors';
import { recordAudit, type Actor } from '../audit';
import { returnStock } from '../catalogTransfer';
import { allowedActions, refusal, type OrderAction } from './orderStatus';
import {
  chooseLines,
  fulfilledStatus,
  leftToInvoice,
  leftToRefund,
  leftToShip,
  type LineRequest,
} from './fulfilmentQuantities';
import { writeInvoice } from './invoiceWriter';

// What staff do with an order after it is placed. Each transition reads the order locked, checks
// it is allowed from the status it finds, and writes the new status, its document, the stock and
// the audit entry in one transaction: two clicks at once make one shipment, never two.

export const CARRIERS: Record<string, string> = {
  ups: 'UPS',
  usps: 'USPS',
  fedex: 'FedEx',
  dhl: 'DHL',
  custom: 'Custom',
};
const TRACKING_NUMBER = /^[A-Za-z0-9][A-Za-z0-9 -]{2,63}$/;

export interface InvoiceInput {
  number: string;
  /** Lines and units to invoice now; omitted: everything not invoiced yet. */
  lines?: LineRequest[] | null;
}

export interface ShipInput {
  number: string;
  /** Lines and units in this parcel; omitted: everything not shipped yet. */
  lines?: LineRequest[] | null;
  carrier: string;
  carrierTitle?: string | null;
  trackingNumber: string;
}

export interface RefundInput {
  number: string;
  lines?: Array<{ line: number; quantity: number }> | null;
  includeShipping?: boolean | null;
  returnToStock: boolean;
}

export interface CommentInput {
  number: string;
  message: string;
  visibleToCustomer?: boolean | null;
}

export interface FulfilmentOptions {
  clock: Clock;
  mailOutbox?: MailOutboxWriter;
  /** Builds the e-mail that tells the customer their parcel is on its way. */
  shipmentMail: (order: SalesOrderTable, carrierTitle: string, trackingNumber: string) => Promise<MailMessage>;
}

interface Locked {
  order: SalesOrderTable;
  items: SalesOrderItemTable[];
}

/** A line's price per unit as charged: its share of the row total after discount, tax included. */
function refundableUnit(item: SalesOrderItemTable): number {
  return Math.floor((item.row_total - item.discount + item.tax) / item.quantity);
}

export function createOrderFulfilmentService(db: Kysely<Database>, options: FulfilmentOptions) {
  const { clock } = options;

  async function lockOrder(trx: Kysely<Database>, number: string): Promise<Locked> {
    const order = await lockedForWrite(
      trx,
      trx.selectFrom('sales_order').selectAll().where('number', '=', number.trim()),
    ).executeTakeFirst();
    if (!order) throw noSuchEntityError(`Order "${number}" does not exist.`);
    // The order row's lock (taken first by every writer) already serialises writers of its lines.
    const items = await trx
      .selectFrom('sales_order_item')
      .selectAll()
      .where('order_id', '=', order.id)
      .orderBy('line')
      .execute();
    return { order, items };
  }

  function assertAllowed(action: OrderAction, { order, items }: Locked): void {
    if (!allowedActions(order, items).includes(action)) throw inputError(refusal(action, order));
  }

  async function setStatus(trx: Kysely<Database>, order: SalesOrderTable, status: string, now: Date, extra = {}) {
    await trx
      .updateTable('sales_order')
      .set({ status, updated_at: sqlTimestamp(now), ...extra })
      .where('id', '=', order.id)
      .execute();
  }

  async function invoice(input: InvoiceInput, actor: Actor): Promise<number> {
    const now = clock();
    return inWriteTransaction(db, { actor, clock }, async (uow) => {
      const trx = uow.db;
      const locked = await lockOrder(trx, input.number);
      const { order, items } = locked;
      assertAllowed('invoice', locked);
      const chosen = chooseLines(items, input.lines, leftToInvoice, 'invoice');
      const invoice = await writeInvoice(trx, order, items, chosen, now);
      const after = items.map((i) => {
        const c = chosen.find((x) => x.item.line === i.line);
        return c ? { ...i, qty_invoiced: i.qty_invoiced + c.quantity } : i;
      });
      const status = fulfilledStatus(after);
      const totalPaid = order.total_paid + invoice.grand_total;
      await setStatus(trx, order, status, now, { total_paid: totalPaid });
      await recordAudit(
        trx,
        actor,
        {
          action: 'order.invoice',
          entityType: 'order',
          entityId: order.number,
          before: { status: order.status, total_paid: order.total_paid },
          after: {
            status,
            total_paid: totalPaid,
            invoice: invoice.number,
            lines: chosen.map((c) => ({ line: c.item.line, quantity: c.quantity })),
          },
        },
        now,
      );
      // The invoice goes to the customer once, its PDF printed when the mail goes out.
      await options.mailOutbox?.enqueue(
        uow,
        { kind: 'sales_document', document: 'invoice', number: invoice.number },
        `invoice-${invoice.number}`,
      );
      return order.id;
    });
  }

  async function ship(input: ShipInput, actor: Actor): Promise<number> {
    const carrier = input.carrier.trim().toLowerCase();
    if (!CARRIERS[carrier])
      throw inputError(`Unknown carrier "${input.carrier}": use ${Object.keys(CARRIERS).join(', ')}.`);
    const carrierTitle =
      carrier === 'custom' ? singleLineText('Carrier name', input.carrierTitle, 100) : CARRIERS[carrier];
    if (!carrierTitle) throw inputError('"Carrier name" is required for a custom carrier.');
    const trackingNumber = input.trackingNumber.trim();
    if (!TRACKING_NUMBER.test(trackingNumber))
      throw inputError('"Tracking number" must be 3 to 64 letters, digits, spaces or dashes.');
    const now = clock();
    return inWriteTransaction(db, { actor, clock }, async (uow) => {
      const trx = uow.db;
      const locked = await lockOrder(trx, input.number);
      const { order, items } = locked;
      assertAllowed('ship', locked);
      const chosen = chooseLines(items, input.lines, leftToShip, 'ship');
      const count = await trx
        .selectFrom('sales_shipment')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('order_id', '=', order.id)
        .executeTakeFirstOrThrow();
      const shipmentNumber = `${order.number}-${Number(count.n) + 1}`;
      const shipmentId = await nextId(trx, 'sales_shipment');
      await trx
        .insertInto('sales_shipment')
        .values({
          id: shipmentId,
          order_id: order.id,
          number: shipmentNumber,
          carrier,
          carrier_title: carrierTitle,
          tracking_number: trackingNumber,
          created_at: sqlTimestamp(now),
        })
        .execute();
      await trx
        .insertInto('sales_shipment_item')
        .values(chosen.map((c) => ({ shipment_id: shipmentId, line: c.item.line, quantity: c.quantity })))
        .execute();
      for (const c of chosen) {
        await trx
          .updateTable('sales_order_item')
          .set({ qty_shipped: c.item.qty_shipped + c.quantity })
          .where('order_id', '=', order.id)
          .where('line', '=', c.item.line)
          .execute();
      }
      const status = fulfilledStatus(
        items.map((i) => {
          const c = chosen.find((x) => x.item.line === i.line);
          return c ? { ...i, qty_shipped: i.qty_shipped + c.quantity } : i;
        }),
      );
      await setStatus(trx, order, status, now);
      await recordAudit(
        trx,
        actor,
        {
          action: 'order.ship',
          entityType: 'order',
          entityId: order.number,
          before: { status: order.status },
          after: {
            status,
            shipment: shipmentNumber,
            carrier,
            trackingNumber,
            lines: chosen.map((c) => ({ line: c.item.line, quantity: c.quantity })),
          },
        },
        now,
      );
      const mail = await options.shipmentMail(order, carrierTitle, trackingNumber);
      await options.mailOutbox?.enqueue(uow, { kind: 'message', message: mail }, `shipment-${shipmentNumber}`);
      return order.id;
    });
  }

  async function cancel(number: string, actor: Actor): Promise<number> {
    const now = clock();
    return inWriteTransaction(db, { actor, clock }, async (uow) => {
      const trx = uow.db;
      const locked = await lockOrder(trx, number);
      const { order, items } = locked;
      assertAllowed('cancel', locked);
      await setStatus(trx, order, 'canceled', now);
      await returnStock(
        uow,
        items.map((item) => ({ productId: item.product_id, quantity: item.quantity - item.qty_refunded })),
      );
      await recordAudit(
        trx,
        actor,
        {
          action: 'order.cancel',
          entityType: 'order',
          entityId: order.number,
          before: { status: order.status },
          after: { status: 'canceled', stockReturned: items.map((i) => ({ sku: i.sku, quantity: i.quantity })) },
        },
        now,
      );
      return order.id;
    });
  }

  async function refund(input: RefundInput, actor: Actor): Promise<number> {
    const now = clock();
    return inWriteTransaction(db, { actor, clock }, async (uow) => {
      const trx = uow.db;
      const locked = await lockOrder(trx, input.number);
      const { order, items } = locked;
      assertAllowed('refund', locked);
      // Only leaving `lines` out means "everything": an empty list is a request for nothing, and
      // once refunded the whole order.
      if (input.lines && input.lines.length === 0)
        throw inputError('List at least one line to refund, or leave "lines" out to refund everything left.');
      const whole = !input.lines;
      const requested = input.lines
        ? input.lines
        : items.map((item) => ({ line: item.line, quantity: leftToRefund(item) })).filter((l) => l.quantity > 0);
      const seen = new Set<number>();
      const lines: Array<{ item: SalesOrderItemTable; quantity: number; amount: number }> = [];
      for (const { line, quantity } of requested) {
        const item = items.find((i) => i.line === line);
        if (!item) throw inputError(`Order ${order.number} has no line ${line}.`);
        if (seen.has(line)) throw inputError(`Line ${line} is listed twice.`);
        seen.add(line);
        // A line listed with 0 once refunded the shipping alone: every listed line refunds something.
        if (!Number.isInteger(quantity) || quantity < 1)
          throw inputError(`The quantity to refund on line ${line} must be a whole number, 1 or more.`);
        // Only invoiced (paid) units go back; the line's last paid unit takes the rounding remainder.
        const left = leftToRefund(item);
        if (quantity > left)
          throw inputError(`Line ${line} (${item.sku}) has ${left} left to refund; ${quantity} were asked.`);
        // The last unit takes the rounding remainder, so a whole line refunds exactly what it cost.
        const lineTotal = item.row_total - item.discount + item.tax;
        const closes = item.qty_refunded + quantity === item.quantity;
        const amount = closes ? lineTotal - refundableUnit(item) * item.qty_refunded : refundableUnit(item) * quantity;
        lines.push({ item, quantity, amount });
      }
      const refundedShipping = await trx
        .selectFrom('sales_creditmemo')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('shipping'), eb.lit(0)).as('total'))
        .where('order_id', '=', order.id)
        .executeTakeFirstOrThrow();
      const shippingLeft = order.shipping - Number(refundedShipping.total);
      const shipping = whole || input.includeShipping ? shippingLeft : 0;
      const subtotal = lines.reduce((sum, l) => sum + l.amount, 0);
      // What was paid and not refunded yet caps every refund, whatever the lines add up to.
      const grandTotal = Math.min(subtotal + shipping, order.total_paid - order.total_refunded);
      if (grandTotal <= 0) throw inputError('There is nothing to refund: choose at least one line or the shipping.');
      const count = await trx
        .selectFrom('sales_creditmemo')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('order_id', '=', order.id)
        .executeTakeFirstOrThrow();
      const memoNumber = `${order.number}-R${Number(count.n) + 1}`;
      const memoId = await nextId(trx, 'sales_creditmemo');
      await trx
        .insertInto('sales_creditmemo')
        .values({
          id: memoId,
          order_id: order.id,
          number: memoNumber,
          subtotal,
          shipping,
          tax: lines.reduce((sum, l) => sum + Math.round((l.item.tax * l.quantity) / l.item.quantity), 0),
          grand_total: grandTotal,
          lines: JSON.stringify(lines.map((l) => ({ line: l.item.line, quantity: l.quantity, amount: l.amount }))),
          returned_to_stock: input.returnToStock ? 1 : 0,
          created_at: sqlTimestamp(now),
        })
        .execute();
      for (const l of lines) {
        await trx
          .updateTable('sales_order_item')
          .set({ qty_refunded: l.item.qty_refunded + l.quantity })
          .where('order_id', '=', order.id)
          .where('line', '=', l.item.line)
          .execute();
      }
      if (input.returnToStock)
        await returnStock(
          uow,
          lines.map((l) => ({ productId: l.item.product_id, quantity: l.quantity })),
        );
      const totalRefunded = order.total_refunded + grandTotal;
      const after = items.map((i) => {
        const l = lines.find((x) => x.item.line === i.line);
        return l ? { ...i, qty_refunded: i.qty_refunded + l.quantity } : i;
      });
      // Closed once everything paid is back and nothing is left to invoice; otherwise a refund of
      // units not shipped yet may leave nothing to ship, which completes the order.
      const status =
        totalRefunded >= order.total_paid && after.every((i) => leftToInvoice(i) === 0)
          ? 'closed'
          : fulfilledStatus(after);
      await setStatus(trx, order, status, now, { total_refunded: totalRefunded });
      await recordAudit(
        trx,
        actor,
        {
          action: 'order.refund',
          entityType: 'order',
          entityId: order.number,
          before: { status: order.status, total_refunded: order.total_refunded },
          after: {
            status,
            total_refunded: totalRefunded,
            creditMemo: memoNumber,
            lines: lines.map((l) => ({ line: l.item.line, quantity: l.quantity })),
            shipping,
            returnToStock: input.returnToStock,
          },
        },
        now,
      );
      await options.mailOutbox?.enqueue(
        uow,
        { kind: 'sales_document', document: 'creditMemo', number: memoNumber },
        `creditmemo-${memoNumber}`,
      );
      return order.id;
    });
  }

  async function comment(input: CommentInput, actor: Actor): Promise<number> {
    const message = multiLineText('Comment', input.message, 2000);
    if (!message) throw inputError('"Comment" is required.');
    const now = clock();
    return inWriteTransaction(db, { actor, clock }, async ({ db: trx }) => {
      const { order } = await lockOrder(trx, input.number);
      await trx
        .insertInto('sales_order_comment')
        .values({
          id: await nextId(trx, 'sales_order_comment'),
          order_id: order.id,
          message,
          is_visible_to_customer: input.visibleToCustomer ? 1 : 0,
          author: actor.email,
          created_at: sqlTimestamp(now),
        })
        .execute();
      await recordAudit(
        trx,
        actor,
        {
          action: 'order.comment',
          entityType: 'order',
          entityId: order.number,
          after: { message, visibleToCustomer: Boolean(input.visibleToCustomer) },
        },
        now,
      );
      return order.id;
    });
  }

  return { invoice, ship, cancel, refund, comment };
}

export type OrderFulfilmentService = ReturnType<typeof createOrderFulfilmentService>;
