import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, PaymentTransactionTable, SalesOrderTable } from '../../db/tables';
import { lockedForWrite } from '../../db/rowLocks';
import { sqlTimestamp, type Clock } from '../../kernel/clock';
import { toMajor, toMinor } from '../../kernel/money';
import { inWriteTransaction, type Actor, type UnitOfWork } from '../../kernel/transaction';
import { inputError, noSuchEntityError } from '../errors';
import { recordAudit } from '../audit';
import { idempotencyKey, PaymentDeclined, type PaymentProvider } from '../payment';
import { recordCaptureInvoice, type PaymentGateways } from './orderPayments';
import { returnStock } from '../catalogTransfer';

// What staff do with a card order's money, through its gateway: capture a held authorisation (in
// full or in part), refund what was captured (in full or in part), void an authorisation nothing
// was captured of. Each operation is written first as a pending transaction with its idempotency
// key (order + operation + attempt), then sent, then its answer is written with the audit entry:
// two clicks at once reuse the pending attempt and its key, so the gateway does it once.

type Operation = 'capture' | 'refund' | 'void';

const KIND: Record<Operation, PaymentTransactionTable['kind']> = { capture: 'capture', refund: 'refund', void: 'void' };

export interface PaymentAdminOptions {
  gateways: PaymentGateways;
  clock: Clock;
}

interface Prepared {
  order: SalesOrderTable;
  transaction: PaymentTransactionTable;
  paymentId: string;
  provider: PaymentProvider;
}

export function createOrderPaymentAdmin(db: Kysely<Database>, options: PaymentAdminOptions) {
  const { gateways, clock } = options;

  async function lockByNumber(trx: Kysely<Database>, number: string): Promise<SalesOrderTable> {
    const order = await lockedForWrite(
      trx,
      trx.selectFrom('sales_order').selectAll().where('number', '=', number.trim()),
    ).executeTakeFirst();
    if (!order) throw noSuchEntityError(`Order "${number}" does not exist.`);
    return order;
  }

  async function held(trx: Kysely<Database>, order: SalesOrderTable): Promise<PaymentTransactionTable> {
    const authorization = await trx
      .selectFrom('payment_transaction')
      .selectAll()
      .where('order_id', '=', order.id)
      .where('kind', '=', 'authorization')
      .orderBy('attempt', 'desc')
      .executeTakeFirst();
    if (!authorization?.gateway_id || authorization.status !== 'succeeded')
      throw inputError(`Order ${order.number} has no card payment the gateway holds.`);
    return authorization;
  }

  /** The order's money in minor units: what staff typed (major units), or everything when they typed nothing. */
  function amountOf(
    order: SalesOrderTable,
    typed: number | null | undefined,
    most: number,
    what: 'capture' | 'refund',
  ): number {
    if (typed === null || typed === undefined) return most;
    if (!Number.isFinite(typed) || typed <= 0) throw inputError(`The amount to ${what} must be more than 0.`);
    const minor = toMinor(typed, order.currency);
    if (toMajor(minor, order.currency) !== typed)
      throw inputError(`The amount to ${what} has more decimals than ${order.currency} has.`);
    if (minor > most)
      throw inputError(
        `At most ${toMajor(most, order.currency)} ${order.currency} can be ${what === 'refund' ? 'refunded' : 'captured'} on order ${order.number}.`,
      );
    return minor;
  }

  /**
   * Writes the pending attempt (or finds the one a parallel click wrote), in one transaction with
   * the order locked, after `check` said the operation is allowed and how much it moves.
   */
  async function prepare(
    number: string,
    operation: Operation,
    check: (order: SalesOrderTable, authorization: PaymentTransactionTable) => number,
  ): Promise<Prepared> {
    return inWriteTransaction(db, { clock }, async (uow) => {
      const order = await lockByNumber(uow.db, number);
      const gateway = gateways.get(order.payment_method);
      if (!gateway) throw inputError(`Order ${order.number} was not paid through a card gateway.`);
      const authorization = await held(uow.db, order);
      const pending = await uow.db
        .selectFrom('payment_transaction')
        .selectAll()
        .where('order_id', '=', order.id)
        .where('kind', '=', KIND[operation])
        .where('status', '=', 'pending')
        .executeTakeFirst();
      if (pending)
        return { order, transaction: pending, paymentId: authorization.gateway_id!, provider: gateway.provider };
      const amount = check(order, authorization);
      const attempts = await uow.db
        .selectFrom('payment_transaction')
        .select('attempt')
        .where('order_id', '=', order.id)
        .where('kind', '=', KIND[operation])
        .execute();
      const attempt = attempts.reduce((most, row) => Math.max(most, row.attempt), 0) + 1;
      const at = sqlTimestamp(uow.now);
      const transaction: PaymentTransactionTable = {
        id: randomUUID(),
        order_id: order.id,
        provider: order.payment_method,
        kind: KIND[operation],
        attempt,
        status: 'pending',
        gateway_id: null,
        parent_gateway_id: authorization.gateway_id,
        amount,
        currency: order.currency,
        idempotency_key: idempotencyKey(order.number, operation, attempt),
        failure_code: null,
        failure_message: null,
        created_at: at,
        updated_at: at,
        claimed_until: null,
      };
      await uow.db.insertInto('payment_transaction').values(transaction).execute();
      return { order, transaction, paymentId: authorization.gateway_id!, provider: gateway.provider };
    });
  }

  async function settleTransaction(
    uow: UnitOfWork,
    id: string,
    values: Partial<Pick<PaymentTransactionTable, 'status' | 'gateway_id' | 'failure_code' | 'failure_message'>>,
  ) {
    await uow.db
      .updateTable('payment_transaction')
      .set({ ...values, updated_at: sqlTimestamp(uow.now) })
      .where('id', '=', id)
      .execute();
  }

  /** The gateway refused: the attempt is marked failed (a new click makes a new attempt) and staff read why. */
  async function refused(prepared: Prepared, error: unknown): Promise<never> {
    const message =
      error instanceof PaymentDeclined
        ? error.message
        : error instanceof Error
          ? error.message
          : 'The payment gateway refused the request.';
    await inWriteTransaction(db, { clock }, (uow) =>
      settleTransaction(uow, prepared.transaction.id, { status: 'failed', failure_message: message.slice(0, 500) }),
    );
    throw inputError(`The payment gateway refused: ${message}`);
  }

  async function capture(number: string, amount: number | null | undefined, actor: Actor): Promise<number> {
    const prepared = await prepare(number, 'capture', (order, authorization) => {
      if (order.status !== 'processing' || order.total_paid > 0)
        throw inputError(`Order ${order.number} has nothing held to capture.`);
      return amountOf(order, amount, Number(authorization.amount), 'capture');
    });
    let captured;
    try {
      captured = await prepared.provider.capture(
        prepared.paymentId,
        { minor: Number(prepared.transaction.amount), currency: prepared.transaction.currency },
        prepared.transaction.idempotency_key,
      );
    } catch (error) {
      return refused(prepared, error);
    }
    return inWriteTransaction(db, { actor, clock }, async (uow) => {
      const order = await lockByNumber(uow.db, number);
      await settleTransaction(uow, prepared.transaction.id, { status: 'succeeded', gateway_id: captured.id });
      const paid = Math.max(order.total_paid, captured.received);
      await recordCaptureInvoice(uow, order, captured.received);
      await uow.db
        .updateTable('sales_order')
        .set({ total_paid: paid, updated_at: sqlTimestamp(uow.now) })
        .where('id', '=', order.id)
        .execute();
      await recordAudit(
        uow.db,
        actor,
        {
          action: 'order.payment_capture',
          entityType: 'order',
          entityId: order.number,
          before: { total_paid: order.total_paid },
          after: { total_paid: paid, gateway_id: captured.id },
        },
        uow.now,
      );
      return order.id;
    });
  }

  async function refund(number: string, amount: number | null | undefined, actor: Actor): Promise<number> {
    const prepared = await prepare(number, 'refund', (order) => {
      const left = order.total_paid - order.total_refunded;
      if (left <= 0) throw inputError(`Order ${order.number} has nothing captured left to refund.`);
      return amountOf(order, amount, left, 'refund');
    });
    let refunded;
    try {
      refunded = await prepared.provider.refund(
        prepared.paymentId,
        { minor: Number(prepared.transaction.amount), currency: prepared.transaction.currency },
        prepared.transaction.idempotency_key,
      );
    } catch (error) {
      return refused(prepared, error);
    }
    return inWriteTransaction(db, { actor, clock }, async (uow) => {
      const order = await lockByNumber(uow.db, number);
      await settleTransaction(uow, prepared.transaction.id, {
        status: refunded.status === 'failed' || refunded.status === 'canceled' ? 'failed' : 'succeeded',
        gateway_id: refunded.id,
      });
      // From the transactions, not by adding: a charge.refunded webhook may have been applied in between.
      const refunds = await uow.db
        .selectFrom('payment_transaction')
        .select('amount')
        .where('order_id', '=', order.id)
        .where('kind', '=', 'refund')
        .where('status', '=', 'succeeded')
        .execute();
      const total = refunds.reduce((sum, r) => sum + Number(r.amount), 0);
      const closed = total >= order.total_paid;
      await uow.db
        .updateTable('sales_order')
        .set({ total_refunded: total, updated_at: sqlTimestamp(uow.now), ...(closed ? { status: 'closed' } : {}) })
        .where('id', '=', order.id)
        .execute();
      await recordAudit(
        uow.db,
        actor,
        {
          action: 'order.payment_refund',
          entityType: 'order',
          entityId: order.number,
          before: { status: order.status, total_refunded: order.total_refunded },
          after: { status: closed ? 'closed' : order.status, total_refunded: total, gateway_id: refunded.id },
        },
        uow.now,
      );
      return order.id;
    });
  }

  async function voidPayment(number: string, actor: Actor): Promise<number> {
    const prepared = await prepare(number, 'void', (order) => {
      if (order.status !== 'processing' || order.total_paid > 0)
        throw inputError(`Order ${order.number} cannot be voided: money was captured, refund it instead.`);
      return 0;
    });
    try {
      await prepared.provider.void(prepared.paymentId, prepared.transaction.idempotency_key);
    } catch (error) {
      return refused(prepared, error);
    }
    return inWriteTransaction(db, { actor, clock }, async (uow) => {
      const order = await lockByNumber(uow.db, number);
      await settleTransaction(uow, prepared.transaction.id, { status: 'succeeded', gateway_id: prepared.paymentId });
      // The gateway's canceled webhook may have canceled the order already (and returned its stock).
      if (order.status !== 'canceled') {
        await uow.db
          .updateTable('sales_order')
          .set({ status: 'canceled', updated_at: sqlTimestamp(uow.now) })
          .where('id', '=', order.id)
          .execute();
        const items = await uow.db
          .selectFrom('sales_order_item')
          .select(['product_id', 'quantity'])
          .where('order_id', '=', order.id)
          .execute();
        await returnStock(
          uow,
          items.map((i) => ({ productId: i.product_id, quantity: i.quantity })),
        );
      }
      await recordAudit(
        uow.db,
        actor,
        {
          action: 'order.payment_void',
          entityType: 'order',
          entityId: order.number,
          before: { status: order.status },
          after: { status: 'canceled', gateway_id: prepared.paymentId },
        },
        uow.now,
      );
      return order.id;
    });
  }

  /** The order's gateway operations, oldest first. */
  async function transactions(orderNumber: string): Promise<PaymentTransactionTable[]> {
    return db
      .selectFrom('payment_transaction')
      .innerJoin('sales_order', 'sales_order.id', 'payment_transaction.order_id')
      .selectAll('payment_transaction')
      .where('sales_order.number', '=', orderNumber)
      .orderBy('payment_transaction.created_at')
      .orderBy('payment_transaction.kind')
      .execute();
  }

  return { capture, refund, void: voidPayment, transactions };
}

export type OrderPaymentAdmin = ReturnType<typeof createOrderPaymentAdmin>;
