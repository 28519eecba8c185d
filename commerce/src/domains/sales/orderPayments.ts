import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, PaymentTransactionTable, SalesOrderTable } from '../../db/tables';
import { lockedForWrite } from '../../db/rowLocks';
import { sqlTimestamp, type Clock } from '../../kernel/clock';
import { readStoreConfigValue } from '../../kernel/storeConfig';
import { inWriteTransaction, type UnitOfWork } from '../../kernel/transaction';
import type { MailOutboxWriter } from '../../mail/mailOutbox';
import {
  findKeptPaymentMethod,
  idempotencyKey,
  keepPaymentMethod,
  PaymentDeclined,
  type GatewayPayment,
  type MinorAmount,
  type PaymentFailure,
  type PaymentProvider,
  threeDSecureKey,
} from '../payment';
import { releaseCouponUse } from '../promotions';
import { returnStock } from '../catalogTransfer';
import { reopenOrderedCart } from '../cart';
import { leftToInvoice } from './fulfilmentQuantities';
import { writeInvoice } from './invoiceWriter';

// What a card gateway's answers do to an order. Placement (orderService) writes the order as
// pending_payment with its authorisation waiting; then the gateway is asked (outside any
// transaction: a slow gateway never holds the database), and its answer, whether it comes back to
// placeOrder or later by webhook, is applied here in one transaction with the order row locked.
// Every step only moves forward (pending_payment → processing, authorised → captured), so answers
// arriving twice or in any order end in the same state, and the confirmation mail is queued by
// the one transaction that moves the order out of pending_payment.

export interface PaymentGateway {
  provider: PaymentProvider;
  /** Hold the money at placement and capture from the back office, instead of capturing at once. */
  captureLater: boolean;
  /**
   * The gateway's customer a payment with this token is for (Stripe's saved cards): declines
   * (PaymentDeclined) a card saved by someone other than the order's customer.
   */
  customerFor?: (customerId: number | null, token: string, save: boolean) => Promise<string | null>;
}

/** The configured gateways by payment method code (`stripe_payments`). */
export type PaymentGateways = ReadonlyMap<string, PaymentGateway>;

/** What the shopper's placeOrder learns about the payment. */
export type PaymentOutcome =
  { kind: 'placed' } | { kind: 'requires_action'; clientSecret: string } | { kind: 'declined'; message: string };

/**
 * The token and choices a shopper set with an online method (cart.payment_data): the gateway's
 * token for a new card (`payment_method`), or the public hash of a kept card (`public_hash`, paid
 * with the gateway token the vault keeps for the order's own customer).
 */
export interface CartPaymentData {
  payment_method: string | null;
  public_hash: string | null;
  save_payment_method: boolean;
  device_data: string | null;
}

export function parseCartPaymentData(json: string | null): CartPaymentData | null {
  if (!json) return null;
  const value = JSON.parse(json) as Partial<Record<keyof CartPaymentData, unknown>>;
  const text = (v: unknown) => (typeof v === 'string' && v ? v : null);
  const data = {
    payment_method: text(value.payment_method),
    public_hash: text(value.public_hash),
    save_payment_method: value.save_payment_method === true,
    device_data: text(value.device_data),
  };
  return data.payment_method || data.public_hash ? data : null;
}

/** How long one process may take to start a payment before another may (it answers well within it). */
const START_CLAIM_MS = 30_000;

const DECLINED = 'The payment was declined. Choose another payment method and try again.';

/**
 * Writes the authorisation a new card order waits for, in the order's own transaction: the amount
 * is the order's grand total in its currency, as the server priced it.
 */
export async function recordAuthorization(
  uow: UnitOfWork,
  order: Pick<SalesOrderTable, 'id' | 'number' | 'grand_total' | 'currency' | 'payment_method'>,
): Promise<void> {
  const at = sqlTimestamp(uow.now);
  await uow.db
    .insertInto('payment_transaction')
    .values({
      id: randomUUID(),
      order_id: order.id,
      provider: order.payment_method,
      kind: 'authorization',
      attempt: 1,
      status: 'pending',
      gateway_id: null,
      parent_gateway_id: null,
      amount: order.grand_total,
      currency: order.currency,
      idempotency_key: idempotencyKey(order.number, 'authorize', 1),
      failure_code: null,
      failure_message: null,
      created_at: at,
      updated_at: at,
    })
    .execute();
}

/**
 * The invoice a capture makes (Magento invoices an order when its money is taken): every line not
 * invoiced yet, numbered like the order as the back office's first invoice is; once per order.
 */
export async function recordCaptureInvoice(uow: UnitOfWork, order: SalesOrderTable, amount: number): Promise<void> {
  const existing = await uow.db
    .selectFrom('sales_invoice')
    .select('id')
    .where('order_id', '=', order.id)
    .executeTakeFirst();
  if (existing) return;
  const items = await uow.db
    .selectFrom('sales_order_item')
    .selectAll()
    .where('order_id', '=', order.id)
    .orderBy('line')
    .execute();
  const chosen = items.filter((i) => leftToInvoice(i) > 0).map((item) => ({ item, quantity: leftToInvoice(item) }));
  const invoice = await writeInvoice(uow.db, order, items, chosen, uow.now);
  // What the gateway took is what this invoice was paid with.
  if (invoice.grand_total !== amount)
    await uow.db.updateTable('sales_invoice').set({ grand_total: amount }).where('id', '=', invoice.id).execute();
}

async function lockOrder(trx: Kysely<Database>, id: number): Promise<SalesOrderTable | undefined> {
  return lockedForWrite(trx, trx.selectFrom('sales_order').selectAll().where('id', '=', id)).executeTakeFirst();
}

async function authorizationOf(trx: Kysely<Database>, orderId: number): Promise<PaymentTransactionTable | undefined> {
  return trx
    .selectFrom('payment_transaction')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('kind', '=', 'authorization')
    .orderBy('attempt', 'desc')
    .executeTakeFirst();
}

/** The authorisation a gateway payment belongs to: by its id, or (before its id was written) by the order number it carries. */
async function findAuthorization(
  trx: Kysely<Database>,
  provider: string,
  payment: Pick<GatewayPayment, 'id' | 'orderNumber'>,
): Promise<PaymentTransactionTable | undefined> {
  const byId = await trx
    .selectFrom('payment_transaction')
    .selectAll()
    .where('provider', '=', provider)
    .where('gateway_id', '=', payment.id)
    .where('kind', '=', 'authorization')
    .executeTakeFirst();
  if (byId || !payment.orderNumber) return byId;
  const order = await trx
    .selectFrom('sales_order')
    .select('id')
    .where('number', '=', payment.orderNumber)
    .executeTakeFirst();
  if (!order) return undefined;
  const waiting = await authorizationOf(trx, order.id);
  return waiting && waiting.gateway_id === null ? waiting : undefined;
}

export interface OrderPaymentOptions {
  gateways: PaymentGateways;
  mailOutbox?: MailOutboxWriter;
  clock: Clock;
  log?: (line: string) => void;
}

export function createOrderPayments(db: Kysely<Database>, options: OrderPaymentOptions) {
  const { gateways } = options;

  async function setTransaction(
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

  async function setOrderStatus(
    uow: UnitOfWork,
    order: SalesOrderTable,
    status: string,
    extra: { total_paid?: number } = {},
  ) {
    await uow.db
      .updateTable('sales_order')
      .set({ status, updated_at: sqlTimestamp(uow.now), ...extra })
      .where('id', '=', order.id)
      .execute();
  }

  /**
   * The payment failed before money was held: the order is canceled, its stock goes back, and the
   * cart is the shopper's again, to retry with another card (a new order, on the same cart).
   */
  async function cancelUnpaid(
    uow: UnitOfWork,
    order: SalesOrderTable,
    authorization: PaymentTransactionTable,
    status: 'failed' | 'canceled',
    failure: PaymentFailure | null,
    giveCartBack = true,
  ) {
    await setTransaction(uow, authorization.id, {
      status,
      failure_code: failure ? [failure.code, failure.declineCode].filter(Boolean).join(':') : null,
      failure_message: failure?.message ?? null,
    });
    await setOrderStatus(uow, order, 'canceled');
    const items = await uow.db
      .selectFrom('sales_order_item')
      .select(['product_id', 'quantity'])
      .where('order_id', '=', order.id)
      .execute();
    await returnStock(
      uow,
      items.map((item) => ({ productId: item.product_id, quantity: item.quantity })),
    );
    if (!giveCartBack) return;
    // The retry on the same cart counts the coupon again. (Rules limited by use count are not
    // given back: the order does not record which rules applied.)
    if (order.coupon_code) await releaseCouponUse(uow.db, order.coupon_code);
    await reopenOrderedCart(uow.db, () => uow.now, order.cart_id);
  }

  async function recordCapture(uow: UnitOfWork, order: SalesOrderTable, payment: GatewayPayment, attempt: number) {
    const existing = await uow.db
      .selectFrom('payment_transaction')
      .select('id')
      .where('order_id', '=', order.id)
      .where('kind', '=', 'capture')
      .where('status', '=', 'succeeded')
      .executeTakeFirst();
    if (existing) return;
    await recordCaptureInvoice(uow, order, payment.received);
    const at = sqlTimestamp(uow.now);
    await uow.db
      .insertInto('payment_transaction')
      .values({
        id: randomUUID(),
        order_id: order.id,
        provider: order.payment_method,
        kind: 'capture',
        attempt,
        status: 'succeeded',
        gateway_id: payment.id,
        parent_gateway_id: payment.id,
        amount: payment.received,
        currency: payment.amount.currency,
        idempotency_key: idempotencyKey(order.number, 'capture', attempt),
        failure_code: null,
        failure_message: null,
        created_at: at,
        updated_at: at,
      })
      .execute();
  }

  /**
   * Applies what the gateway says about a payment to its order, in the caller's unit of work.
   * Returns the order's status afterwards (null when the payment is not one of the shop's).
   */
  async function applyPayment(uow: UnitOfWork, provider: string, payment: GatewayPayment): Promise<string | null> {
    const found = await findAuthorization(uow.db, provider, payment);
    if (!found) return null;
    const order = await lockOrder(uow.db, found.order_id);
    if (!order) return null;
    // Read again under the order's lock: another answer for the same payment may have just committed.
    const authorization = (await authorizationOf(uow.db, order.id))!;
    if (authorization.id !== found.id) return order.status;
    if (authorization.gateway_id === null) await setTransaction(uow, authorization.id, { gateway_id: payment.id });

    // The payment must be for this order exactly: its amount, its currency, its number.
    const matches =
      payment.amount.minor === authorization.amount &&
      payment.amount.currency === authorization.currency &&
      (payment.orderNumber === null || payment.orderNumber === order.number);

    switch (payment.status) {
      case 'authorized':
      case 'captured': {
        const captured = payment.status === 'captured';
        if (authorization.status !== 'succeeded') await setTransaction(uow, authorization.id, { status: 'succeeded' });
        if (order.status === 'pending_payment' || order.status === 'canceled') {
          if (!matches || order.status === 'canceled') {
            // Money is held or taken, but not for this order as it stands: staff decide (refund or
            // accept). Taken in the order's own amount and currency, it can be refunded from the
            // order page; otherwise in Stripe's dashboard.
            if (matches && captured) await recordCapture(uow, order, payment, 1);
            await setOrderStatus(
              uow,
              order,
              'payment_review',
              matches && captured ? { total_paid: payment.received } : {},
            );
            options.log?.(
              `commerce: payment ${payment.id} for order ${order.number} needs review (${!matches ? 'amount, currency or order differ' : 'the order was canceled'})`,
            );
            return 'payment_review';
          }
          if (captured) await recordCapture(uow, order, payment, 1);
          await setOrderStatus(uow, order, 'processing', { total_paid: captured ? payment.received : 0 });
          await options.mailOutbox?.enqueue(
            uow,
            { kind: 'order_confirmation', orderId: order.id },
            `order-${order.number}`,
          );
          return 'processing';
        }
        // Captured after it was authorised (a late event, or a capture made at the gateway).
        if (captured && matches && order.total_paid < payment.received && order.status !== 'payment_review') {
          await recordCapture(uow, order, payment, 1);
          await uow.db
            .updateTable('sales_order')
            .set({ total_paid: payment.received, updated_at: sqlTimestamp(uow.now) })
            .where('id', '=', order.id)
            .execute();
        }
        return order.status;
      }
      case 'requires_action':
        if (authorization.status === 'pending')
          await setTransaction(uow, authorization.id, { status: 'requires_action' });
        return order.status;
      case 'processing':
        return order.status;
      case 'requires_payment_method':
        if (order.status === 'pending_payment') {
          await cancelUnpaid(uow, order, authorization, 'failed', payment.failure);
          return 'canceled';
        }
        return order.status;
      case 'canceled':
        if (order.status === 'pending_payment') {
          await cancelUnpaid(uow, order, authorization, 'canceled', payment.failure);
          return 'canceled';
        }
        // An authorisation released before anything was captured (voided at the gateway): the
        // order is canceled and its stock returned; the shopper's cart stays closed (it was ordered).
        if (order.status === 'processing' && order.total_paid === 0 && authorization.status === 'succeeded') {
          await cancelUnpaid(uow, order, authorization, 'canceled', null, false);
          return 'canceled';
        }
        return order.status;
    }
  }

  /**
   * The gateway says the payment's refunds add up to `refunded` (refunds made in its dashboard
   * included): what the shop has not recorded yet is recorded, and an order refunded in full closes.
   */
  async function applyRefunded(uow: UnitOfWork, provider: string, paymentId: string, refunded: MinorAmount) {
    const found = await findAuthorization(uow.db, provider, { id: paymentId, orderNumber: null });
    if (!found) return;
    const order = await lockOrder(uow.db, found.order_id);
    if (!order || refunded.currency !== found.currency) return;
    const refunds = await uow.db
      .selectFrom('payment_transaction')
      .select(['amount', 'attempt'])
      .where('order_id', '=', order.id)
      .where('kind', '=', 'refund')
      // A refund staff started and the gateway made, whose answer is not written yet, is known too.
      .where('status', 'in', ['succeeded', 'pending'])
      .execute();
    const known = refunds.reduce((sum, r) => sum + Number(r.amount), 0);
    if (refunded.minor <= known) return;
    const at = sqlTimestamp(uow.now);
    const attempt = refunds.reduce((most, r) => Math.max(most, r.attempt), 0) + 1;
    await uow.db
      .insertInto('payment_transaction')
      .values({
        id: randomUUID(),
        order_id: order.id,
        provider,
        kind: 'refund',
        attempt,
        status: 'succeeded',
        gateway_id: null,
        parent_gateway_id: paymentId,
        amount: refunded.minor - known,
        currency: refunded.currency,
        // Not sent anywhere (the gateway made it); unique per amount so a later one is recorded too.
        idempotency_key: `${idempotencyKey(order.number, 'refund', attempt)}-at-gateway-${refunded.minor}`,
        failure_code: null,
        failure_message: null,
        created_at: at,
        updated_at: at,
      })
      .execute();
    const closed = order.total_paid > 0 && refunded.minor >= order.total_paid;
    await uow.db
      .updateTable('sales_order')
      .set({ total_refunded: refunded.minor, updated_at: at, ...(closed ? { status: 'closed' } : {}) })
      .where('id', '=', order.id)
      .execute();
  }

  /**
   * Asks the gateway for the order's payment (the first time: creates and confirms it with the
   * shopper's token; after that: reads it), and applies the answer. Safe to call any number of
   * times, at once too: the gateway answers a repeated start by its idempotency key.
   */
  async function settle(orderId: number): Promise<PaymentOutcome> {
    const order = await db.selectFrom('sales_order').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
    let authorization = await authorizationOf(db, orderId);
    const gateway = gateways.get(order.payment_method);
    if (!authorization || !gateway) throw new Error(`order ${order.number} has no payment to settle`);
    if (order.status !== 'pending_payment') return outcomeOf(order.status, authorization, null);

    // One process at a time asks the gateway to start the payment (a gateway without idempotency
    // keys, Braintree, would otherwise sell twice); the others wait for its answer.
    if (!authorization.gateway_id && !(await claimStart(authorization.id))) {
      const settled = await waitForStart(orderId, authorization.id);
      if (settled.order.status !== 'pending_payment' || !settled.authorization.gateway_id)
        return outcomeOf(settled.order.status, settled.authorization, null);
      authorization = settled.authorization;
    }

    const cart = await db.selectFrom('cart').select('payment_data').where('id', '=', order.cart_id).executeTakeFirst();
    const token = parseCartPaymentData(cart?.payment_data ?? null);
    let payment: GatewayPayment;
    try {
      if (authorization.gateway_id) payment = await gateway.provider.retrieve(authorization.gateway_id);
      else {
        const gatewayToken = await gatewayTokenOf(order, token);
        // Only a signed-in customer's card is kept (a guest has no vault).
        const save = order.customer_id !== null && token?.save_payment_method === true;
        const gatewayCustomer = gateway.customerFor
          ? await gateway.customerFor(order.customer_id, gatewayToken, save)
          : null;
        payment = await gateway.provider.start({
          orderNumber: order.number,
          amount: { minor: authorization.amount, currency: authorization.currency },
          token: gatewayToken,
          captureLater: gateway.captureLater,
          savePaymentMethod: save,
          gatewayCustomer,
          idempotencyKey: authorization.idempotency_key,
          deviceData: token?.device_data ?? null,
          threeDSecureRequired: (await readStoreConfigValue(db, threeDSecureKey(order.payment_method))) === '1',
        });
      }
    } catch (error) {
      if (!(error instanceof PaymentDeclined)) {
        // The gateway did not answer (a network failure): a retry may start at once, not after the claim.
        if (!authorization.gateway_id) await releaseStart(authorization.id);
        throw error;
      }
      const current = authorization;
      await inWriteTransaction(db, async (uow) => {
        const locked = await lockOrder(uow.db, orderId);
        const latest = await authorizationOf(uow.db, orderId);
        if (locked?.status !== 'pending_payment' || !latest || latest.id !== current.id) return;
        if (error.paymentId && latest.gateway_id === null)
          await setTransaction(uow, latest.id, { gateway_id: error.paymentId });
        await cancelUnpaid(uow, locked, latest, 'failed', error.failure);
      });
      return { kind: 'declined', message: declineMessage(error.failure) };
    }
    const status = await inWriteTransaction(db, async (uow) => {
      const after = await applyPayment(uow, order.payment_method, payment);
      // The card is kept once its payment went through, in the same transaction.
      if (after === 'processing' && payment.keptMethod && order.customer_id !== null && token?.save_payment_method)
        await keepPaymentMethod(uow, order.customer_id, order.payment_method, payment.keptMethod);
      return after;
    });
    return outcomeOf(status ?? order.status, authorization, payment);
  }

  /** The token the gateway is asked to pay with: the shopper's new card, or the order's customer's kept one. */
  async function gatewayTokenOf(order: SalesOrderTable, token: CartPaymentData | null): Promise<string> {
    if (token?.payment_method) return token.payment_method;
    if (token?.public_hash && order.customer_id !== null) {
      const kept = await findKeptPaymentMethod(db, order.customer_id, token.public_hash);
      if (kept) return kept.gateway_token;
      throw new PaymentDeclined(
        { code: 'vault', declineCode: null, message: 'The kept card is no longer available.' },
        null,
      );
    }
    throw new Error(`order ${order.number} has no payment token`);
  }

  /** Takes the right to start the authorisation's payment, unless another process holds it. */
  async function claimStart(authorizationId: string): Promise<boolean> {
    return inWriteTransaction(db, async (uow) => {
      const now = sqlTimestamp(uow.now);
      const result = await uow.db
        .updateTable('payment_transaction')
        .set({ claimed_until: sqlTimestamp(new Date(uow.now.getTime() + START_CLAIM_MS)) })
        .where('id', '=', authorizationId)
        .where('gateway_id', 'is', null)
        .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    });
  }

  async function releaseStart(authorizationId: string): Promise<void> {
    await inWriteTransaction(db, async (uow) => {
      await uow.db
        .updateTable('payment_transaction')
        .set({ claimed_until: null })
        .where('id', '=', authorizationId)
        .where('gateway_id', 'is', null)
        .execute();
    });
  }

  /** Waits (at most a claim's length) until the process that holds the claim has an answer. */
  async function waitForStart(orderId: number, authorizationId: string) {
    const until = Date.now() + START_CLAIM_MS;
    for (;;) {
      const order = await db.selectFrom('sales_order').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
      const authorization = await db
        .selectFrom('payment_transaction')
        .selectAll()
        .where('id', '=', authorizationId)
        .executeTakeFirstOrThrow();
      if (order.status !== 'pending_payment' || authorization.gateway_id || Date.now() > until)
        return { order, authorization };
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /**
   * Card orders still waiting for their payment after `olderThanMinutes` (a shopper who closed the
   * tab during 3-D Secure): asked at the gateway once more; a payment that is still unfinished is
   * voided there, and the order is canceled here with its stock returned and its cart given back.
   * A payment the gateway is still deciding (`processing`) is left alone. Returns how many expired.
   */
  async function expireAbandoned(olderThanMinutes: number): Promise<number> {
    const cutoff = sqlTimestamp(new Date(options.clock().getTime() - olderThanMinutes * 60_000));
    const waiting = await db
      .selectFrom('sales_order')
      .selectAll()
      .where('status', '=', 'pending_payment')
      .where('created_at', '<', cutoff)
      .orderBy('id')
      .limit(100)
      .execute();
    let expired = 0;
    for (const order of waiting) if ((await endUnpaid(order)) === 'canceled') expired++;
    return expired;
  }

  /**
   * Ends one order's unfinished card payment: asked at the gateway once more; a payment still waiting
   * for the shopper is voided there, and the order is canceled here with its stock returned and its
   * cart given back. A payment the gateway went through with meanwhile is applied instead, and one it
   * is still deciding (`processing`) is left alone. Answers the order's status afterwards (null
   * without a gateway for it).
   */
  async function endUnpaid(order: SalesOrderTable): Promise<string | null> {
    const gateway = gateways.get(order.payment_method);
    const authorization = await authorizationOf(db, order.id);
    if (!gateway || !authorization) return null;
    let payment: GatewayPayment | null = null;
    if (authorization.gateway_id) {
      payment = await gateway.provider.retrieve(authorization.gateway_id);
      if (payment.status === 'requires_action' || payment.status === 'requires_payment_method') {
        const id = payment.id;
        // The shopper may finish the challenge between the two calls: a void the gateway refuses
        // then leaves the payment as the gateway has it now.
        payment = await gateway.provider
          .void(id, idempotencyKey(order.number, 'void', 1))
          .catch(() => gateway.provider.retrieve(id));
      }
    }
    return inWriteTransaction(db, async (uow) => {
      if (payment) return applyPayment(uow, order.payment_method, payment);
      // Never answered by the gateway: no payment id was written, so nothing can be taken for it.
      const locked = await lockOrder(uow.db, order.id);
      const current = await authorizationOf(uow.db, order.id);
      if (locked?.status !== 'pending_payment' || !current || current.gateway_id !== null)
        return locked?.status ?? null;
      await cancelUnpaid(uow, locked, current, 'canceled', null);
      return 'canceled';
    });
  }

  function outcomeOf(
    status: string,
    authorization: PaymentTransactionTable,
    payment: GatewayPayment | null,
  ): PaymentOutcome {
    if (status === 'canceled')
      return {
        kind: 'declined',
        message: payment?.failure ? declineMessage(payment.failure) : (authorization.failure_message ?? DECLINED),
      };
    if (status === 'pending_payment' && payment?.status === 'requires_action' && payment.clientSecret)
      return { kind: 'requires_action', clientSecret: payment.clientSecret };
    return { kind: 'placed' };
  }

  return { settle, applyPayment, applyRefunded, expireAbandoned, endUnpaid };
}

/** The gateway's reason as the shopper reads it. */
function declineMessage(failure: PaymentFailure): string {
  return `${failure.message.replace(/\.?$/, '.')} ${DECLINED.split('. ')[1]}`;
}

export type OrderPayments = ReturnType<typeof createOrderPayments>;

export type { MinorAmount };
