import { orderedDownloadableLinks, recordPurchasedLinks } from './downloadablePurchases';
import { orderedCustomOptions } from './orderCustomOptions';
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import { closeOrderedCart, priceCart, type PricedCart } from '../cart';
import { recordRuleUsage } from '../promotions';
import { recordAudit } from '../audit';
import type { Actor } from '../../kernel/transaction';
import { isOnlinePaymentMethod, NEW_ORDER_STATUS, paymentMethodTitle } from '../payment';
import { inputError } from '../errors';
import { parseCartPaymentData, recordAuthorization, type OrderPayments } from './orderPayments';
import { inWriteTransaction } from '../../kernel/transaction';
import { loadOrder } from './orderRecordService';
import { createUnpaidCardOrders } from './unpaidCardOrders';
import type { StoredOrder } from './orderRecordService';
import { nextOrderNumber } from './orderNumber';
import { lockedForWrite } from '../../db/rowLocks';
import { sqlTimestamp, type Clock } from '../../kernel/clock';
import { LOW_STOCK_THRESHOLD } from '../catalog';
import { refreshBundleListing, refreshParentStock, takeStock } from '../catalogTransfer';
import { orderedBundleOptions } from './orderBundleOptions';
import type { MailOutboxWriter } from '../../mail/mailOutbox';

export type PlaceOrderErrorCode =
  'CART_NOT_FOUND' | 'CART_NOT_ACTIVE' | 'GUEST_EMAIL_MISSING' | 'UNABLE_TO_PLACE_ORDER' | 'UNDEFINED';

export class PlaceOrderFailure extends Error {
  constructor(
    readonly code: PlaceOrderErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export type PlaceOrderResult =
  { order: StoredOrder; errors: [] } | { order: null; errors: Array<{ code: PlaceOrderErrorCode; message: string }> };

export interface OrderServiceOptions {
  /** Called after the order is committed; its failure never undoes the order. */
  onOrderPlaced?: (order: StoredOrder) => Promise<void>;
  /**
   * The confirmation e-mail is queued in the order's own transaction; for a card order, in the
   * transaction that confirms its payment.
   */
  mailOutbox?: MailOutboxWriter;
  /** Card payments (orderPayments.ts); without them, online methods cannot be ordered with. */
  payments?: OrderPayments;
  log?: (line: string) => void;
}

function fail(code: PlaceOrderErrorCode, message: string): never {
  throw new PlaceOrderFailure(code, message);
}

/** The checks Magento runs before it turns a cart into an order, with its messages. */
function assertOrderable(priced: PricedCart): void {
  const { cart } = priced;
  if (priced.lines.length === 0)
    fail(
      'UNABLE_TO_PLACE_ORDER',
      'Unable to place order: A server error stopped your order from being placed. Please try to place your order again',
    );
  if (!cart.email) fail('GUEST_EMAIL_MISSING', 'Guest email for cart is missing.');
  // A cart with nothing to ship needs no shipping address or method (Magento's Quote::isVirtual).
  if (!priced.isVirtual && !priced.shippingAddress)
    fail(
      'UNABLE_TO_PLACE_ORDER',
      'Please check the shipping address information. The shipping address is missing. Set the address and try again.',
    );
  if (!priced.isVirtual && !priced.selectedShipping)
    fail('UNABLE_TO_PLACE_ORDER', 'The shipping method is missing. Select the shipping method and try again.');
  if (!priced.billingAddress)
    fail(
      'UNABLE_TO_PLACE_ORDER',
      'Please check the billing address information. The billing address is missing. Set the address and try again.',
    );
  if (!cart.payment_method || !priced.paymentMethods.some((m) => m.code === cart.payment_method))
    fail('UNABLE_TO_PLACE_ORDER', 'Enter a valid payment method and try again.');
  if (priced.lines.some((l) => l.stockError !== null))
    fail('UNABLE_TO_PLACE_ORDER', 'Not all of your products are available in the requested quantity.');
}

const OUT_OF_STOCK = 'Not all of your products are available in the requested quantity.';

/**
 * The card needs a step in the shopper's browser (3-D Secure). The message is the dialect of
 * Stripe's module for Adobe Commerce: the client hands the secret after the colon to Stripe.js
 * (handleNextAction), then calls placeOrder again on the same cart, which answers the order.
 */
export const AUTHENTICATION_REQUIRED = 'Authentication Required: ';

interface Placement {
  orderId: number;
  /** Paid through a gateway: the payment is settled after the order's transaction. */
  online: boolean;
  /** The cart had already become this order (a retried placeOrder). */
  existing: boolean;
}

/** The bundles among an order's lines, whose stock status follows their chosen products. */
const bundleIds = (lines: PricedCart['lines']) => [
  ...new Set(lines.filter((l) => l.bundleOptions.length > 0).map((l) => l.product.id)),
];

export function createOrderService(db: Kysely<Database>, now: Clock, options: OrderServiceOptions = {}) {
  const log = options.log ?? (() => {});

  /**
   * One write transaction: re-price the cart from the database, re-check everything, take the
   * stock with conditional UPDATEs, count coupon use, write the order and close the cart. Any
   * failure rolls all of it back.
   */
  async function place(cartId: string, placedBy: Actor | null = null): Promise<PlaceOrderResult> {
    let placement: Placement;
    try {
      placement = await inWriteTransaction(db, async (uow): Promise<Placement> => {
        const trx = uow.db;
        // Locked (on PostgreSQL) until commit: the same cart placed twice at once makes one order.
        const cart = await lockedForWrite(
          trx,
          trx.selectFrom('cart').selectAll().where('id', '=', cartId),
        ).executeTakeFirst();
        if (!cart) fail('CART_NOT_FOUND', `Could not find a cart with ID "${cartId}"`);
        if (cart.is_active !== 1) {
          // A retry (the first answer was lost, or two requests at once) answers the order the
          // cart already became, instead of leaving the shopper without an order number.
          const existing = await trx
            .selectFrom('sales_order')
            .select(['id', 'payment_method'])
            .where('cart_id', '=', cart.id)
            .where('status', '<>', 'canceled')
            .orderBy('id', 'desc')
            .executeTakeFirst();
          if (!existing) fail('CART_NOT_ACTIVE', "The cart isn't active.");
          return { orderId: existing.id, online: isOnlinePaymentMethod(existing.payment_method), existing: true };
        }
        const priced = await priceCart(trx, cart, { now: now() });
        assertOrderable(priced);
        const online = isOnlinePaymentMethod(cart.payment_method!);
        if (online && (!options.payments || !parseCartPaymentData(cart.payment_data)))
          fail('UNABLE_TO_PLACE_ORDER', 'Enter the card details again and place the order.');

        // Rows locked in one global order (by id) cannot deadlock against another order's locks.
        const byStockId = [...priced.lines].sort((a, b) => a.stockProduct.id - b.stockProduct.id);
        // What each line takes: its product, or a bundle's chosen products (summed per product).
        const units = new Map<number, number>();
        for (const line of priced.lines)
          for (const unit of line.stockUnits) units.set(unit.product.id, (units.get(unit.product.id) ?? 0) + unit.qty);
        const takes = [...units].sort((a, b) => a[0] - b[0]);
        let shopperVisibleStockChange = false;
        for (const [productId, quantity] of takes) {
          const taken = await takeStock(trx, productId, quantity);
          if (taken === null) fail('UNABLE_TO_PLACE_ORDER', OUT_OF_STOCK);
          // Above the threshold both before and after, the product shows the same "in stock" and no
          // "only N left": its cached pages stay right. At or below it (sold out included, which is
          // also what flips a configurable parent), they change.
          if (taken <= LOW_STOCK_THRESHOLD) shopperVisibleStockChange = true;
        }
        const parentIds = [...new Set(byStockId.filter((line) => line.variant).map((line) => line.product.id))].sort(
          (a, b) => a - b,
        );
        for (const parentId of parentIds) await refreshParentStock(trx, parentId);
        await refreshBundleListing(trx, bundleIds(priced.lines));

        // In this transaction, so every process's response cache drops its answers the moment
        // the sale is visible, and never before. Only these products changed (stock is no word of
        // the vocabulary): the change log lets every process patch them alone (issue 33).
        if (shopperVisibleStockChange)
          uow.catalogChanged({
            products: [...takes.map(([productId]) => productId), ...bundleIds(priced.lines), ...parentIds],
          });

        if (
          !(await recordRuleUsage(
            trx,
            priced.appliedRuleIds,
            priced.couponApplies ? cart.coupon_code : null,
            cart.customer_id,
          ))
        ) {
          fail(
            'UNABLE_TO_PLACE_ORDER',
            priced.couponApplies
              ? `The coupon code "${cart.coupon_code ?? ''}" is not valid.`
              : 'A discount of this cart is no longer available. Review the cart and place the order again.',
          );
        }

        const { id, number } = await nextOrderNumber(trx);
        // Null for a cart with nothing to ship: the order records no shipping.
        const shipping = priced.isVirtual ? null : priced.selectedShipping;
        await trx
          .insertInto('sales_order')
          .values({
            id,
            number,
            token: randomBytes(24).toString('base64url'),
            cart_id: cart.id,
            email: cart.email!,
            // A card order waits for its gateway; an offline one is placed as before.
            status: online ? 'pending_payment' : NEW_ORDER_STATUS,
            store_id: cart.store_id,
            currency: priced.currency,
            base_currency: priced.baseCurrency,
            base_to_order_rate: priced.rate,
            subtotal: priced.subtotal,
            discount: priced.discountTotal,
            shipping: priced.shippingAmount,
            tax: priced.taxTotal,
            grand_total: priced.grandTotal,
            coupon_code: priced.couponApplies ? cart.coupon_code : null,
            shipping_carrier_title: shipping?.carrier_title ?? '',
            shipping_method_title: shipping?.method_title ?? '',
            payment_method: cart.payment_method!,
            // In the cart's store view's words, as the shopper chose it.
            payment_title:
              priced.paymentMethods.find((m) => m.code === cart.payment_method)?.title ??
              paymentMethodTitle(cart.payment_method!),
            shipping_address: JSON.stringify(priced.isVirtual ? null : priced.shippingAddress),
            billing_address: JSON.stringify(priced.billingAddress),
            discounts: JSON.stringify(priced.discounts),
            taxes: JSON.stringify(priced.taxes),
            created_at: sqlTimestamp(now()),
            // A customer's cart makes a customer's order: it then shows in customer.orders.
            customer_id: cart.customer_id,
            total_paid: 0,
            total_refunded: 0,
            updated_at: null,
            // Gift messages go with the order as the cart had them (cart/giftMessageService.ts).
            gift_message: cart.gift_message ?? null,
            created_by_staff_id: placedBy?.staffId ?? null,
          })
          .execute();
        // An order staff placed for a customer (back office) is in the audit log, in its transaction.
        if (placedBy)
          await recordAudit(
            trx,
            placedBy,
            {
              action: 'order.create',
              entityType: 'order',
              entityId: number,
              after: { customerId: cart.customer_id, grandTotal: priced.grandTotal, currency: priced.currency },
            },
            now(),
          );
        await trx
          .insertInto('sales_order_item')
          .values(
            priced.lines.map((line, index) => ({
              order_id: id,
              line: index + 1,
              product_id: line.stockProduct.id,
              product_type: line.product.type,
              sku: line.stockProduct.sku,
              name: line.product.name,
              url_key: line.product.url_key,
              options: JSON.stringify(line.options.map((o) => ({ label: o.attributeLabel, value: o.valueLabel }))),
              quantity: line.item.quantity,
              price: line.unitPrice,
              row_total: line.rowTotal,
              discount: line.discount,
              tax: line.tax,
              qty_refunded: 0,
              qty_invoiced: 0,
              qty_shipped: 0,
              gift_message: line.item.gift_message ?? null,
              custom_options: orderedCustomOptions(line.customOptions),
              bundle_options: orderedBundleOptions(line.bundleOptions),
              downloadable_links: orderedDownloadableLinks(line.downloadableLinks.map((l) => l.link)),
            })),
          )
          .execute();
        // The links bought, each with its own secret address, in the same transaction as the order.
        await recordPurchasedLinks(
          trx,
          { id, customerId: cart.customer_id, createdAt: now() },
          priced.lines.map((line, index) => ({
            line: index + 1,
            quantity: line.item.quantity,
            links: line.downloadableLinks.map((l) => l.link),
          })),
        );
        if (!(await closeOrderedCart(trx, now, cart.id))) fail('CART_NOT_ACTIVE', "The cart isn't active.");
        if (online)
          await recordAuthorization(uow, {
            id,
            number,
            grand_total: priced.grandTotal,
            currency: priced.currency,
            payment_method: cart.payment_method!,
          });
        else await options.mailOutbox?.enqueue(uow, { kind: 'order_confirmation', orderId: id }, `order-${number}`);
        return { orderId: id, online, existing: false };
      });
    } catch (error) {
      if (error instanceof PlaceOrderFailure)
        return { order: null, errors: [{ code: error.code, message: error.message }] };
      throw error;
    }

    const { orderId } = placement;
    if (placement.online && options.payments) {
      const outcome = await options.payments.settle(orderId);
      if (outcome.kind === 'declined')
        return { order: null, errors: [{ code: 'UNABLE_TO_PLACE_ORDER', message: outcome.message }] };
      if (outcome.kind === 'requires_action') throw inputError(`${AUTHENTICATION_REQUIRED}${outcome.clientSecret}`);
    }
    const order = (await loadOrder(db, orderId))!;
    if (placement.existing) return { order, errors: [] };
    if (options.onOrderPlaced) {
      try {
        await options.onOrderPlaced(order);
      } catch (error) {
        log(
          `commerce: order ${order.order.number} placed, but its follow-up failed: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
    return { order, errors: [] };
  }

  return { place, load: (id: number) => loadOrder(db, id), ...createUnpaidCardOrders(db, options.payments) };
}

export type OrderService = ReturnType<typeof createOrderService>;
