import { bundleOptionsOf } from './orderBundleOptions';
import { bundleOptionUid } from '../catalog';
import { customOptionsOf } from './orderCustomOptions';
import { customerDownloadableProducts, downloadableLinksOf } from './downloadablePurchases';
import { orderShipsNothing } from './virtualOrders';
import type {
  MutationCancelOrderArgs,
  MutationPlaceOrderArgs,
  MutationSetPaymentMethodAndPlaceOrderArgs,
  QueryGuestOrderArgs,
  QueryGuestOrderByTokenArgs,
} from '../../__generated__/resolvers';
import type { RequestContext } from '../context';
import { inputError } from '../errors';
import { money, toMajor } from '../../kernel/money';
import { encodeUid } from '../../kernel/uids';
import type { StoredAddress } from '../address';
import type { SalesOrderItemTable } from '../../db/tables';
import { type AppliedTax, discountView } from '../cart';
import type { AppliedDiscount } from '../promotions';
import type { StoredOrder } from './orderRecordService';
import { orderDocumentsLoader } from './orderDocuments';
import { orderState, orderStatusLabel } from './orderStatus';
import { giftMessageView } from '../cart';
import { offlinePaymentInstructions, paymentAdditionalData } from '../payment';

type ItemView = SalesOrderItemTable & { currency: string };

/** The fields every document line shares, for the ordered lines a document lists. */
function documentItems<L extends { line: number; quantity: number }>(o: StoredOrder, prefix: string, lines: L[]) {
  return lines.flatMap((line) => {
    const item = o.items.find((i) => i.line === line.line);
    if (!item) return [];
    return [
      {
        line,
        quantity: line.quantity,
        base: {
          id: encodeUid(`${prefix}/${line.line}`),
          order_item: { ...item, currency: o.order.currency },
          product_name: item.name,
          product_sku: item.sku,
          product_sale_price: money(item.price, o.order.currency),
        },
      },
    ];
  });
}

function lineDiscounts(amount: number, currency: string) {
  return amount > 0 ? [{ amount: money(amount, currency), applied_to: 'ITEM', label: 'Discount', coupon: null }] : [];
}

/** An invoice's or credit memo's totals in Magento's shape; its taxes in one line at the order's labels. */
function documentTotal(
  o: StoredOrder,
  doc: { subtotal: number; discount: number; shipping: number; tax: number; grand_total: number },
) {
  const m = (minor: number) => money(minor, o.order.currency);
  const taxes = JSON.parse(o.order.taxes) as AppliedTax[];
  return {
    subtotal: m(doc.subtotal),
    discounts: doc.discount > 0 ? lineDiscounts(doc.discount, o.order.currency) : [],
    total_shipping: m(doc.shipping),
    shipping_handling: {
      amount_excluding_tax: m(doc.shipping),
      amount_including_tax: m(doc.shipping),
      total_amount: m(doc.shipping),
      taxes: [],
      discounts: [],
    },
    taxes:
      doc.tax > 0 && taxes.length === 1
        ? [{ amount: m(doc.tax), rate: taxes[0]!.ratePercent, title: taxes[0]!.label }]
        : [],
    total_tax: m(doc.tax),
    grand_total: m(doc.grand_total),
    base_grand_total: m(doc.grand_total),
  };
}

function documentsOf(o: StoredOrder, context: RequestContext) {
  return orderDocumentsLoader(context.services.db, context).load(o.order.id);
}

function orderAddress(json: string) {
  const a = JSON.parse(json) as StoredAddress | null;
  if (!a) return null;
  return {
    ...a,
    region: a.region,
    region_id: a.region_id === null ? null : String(a.region_id),
  };
}

async function placeOrderOutput(cartId: string, context: RequestContext) {
  const result = await context.services.orders.place(cartId);
  if (!result.order) return { errors: result.errors, order: null, orderV2: null };
  return {
    errors: [],
    order: { order_number: result.order.order.number, order_id: result.order.order.number },
    orderV2: result.order,
  };
}

const baseOrderResolvers = {
  Query: {
    guestOrder: (_root: unknown, args: QueryGuestOrderArgs, context: RequestContext) =>
      context.services.guestOrders.byNumber(args.input, context.client),
    guestOrderByToken: (_root: unknown, args: QueryGuestOrderByTokenArgs, context: RequestContext) =>
      context.services.guestOrders.byToken(args.input.token),
    customerDownloadableProducts: async (_root: unknown, _args: unknown, context: RequestContext) => {
      const items = await customerDownloadableProducts(context.services.db, await context.auth.requireCustomerId());
      return {
        items: items.map(({ downloadPath, ...item }) => ({
          ...item,
          download_url: context.services.urls.absolute(downloadPath),
        })),
      };
    },
  },
  Mutation: {
    placeOrder: async (_root: unknown, args: MutationPlaceOrderArgs, context: RequestContext) => {
      const cartId = args.input?.cart_id?.trim();
      if (!cartId) throw inputError('Required parameter "cart_id" is missing');
      return placeOrderOutput(cartId, context);
    },
    // Magento's cancelOrder: here, a customer giving up a card order that waits for its payment.
    cancelOrder: async (_root: unknown, args: MutationCancelOrderArgs, context: RequestContext) =>
      context.services.orders.cancelByCustomer(
        await context.auth.requireCustomerId(),
        args.input.order_id,
        args.input.reason,
      ),
    // The older one-step form: the same two services as setPaymentMethodOnCart and placeOrder.
    setPaymentMethodAndPlaceOrder: async (
      _root: unknown,
      args: MutationSetPaymentMethodAndPlaceOrderArgs,
      context: RequestContext,
    ) => {
      const cartId = args.input?.cart_id?.trim();
      if (!cartId || !args.input) throw inputError('Required parameter "cart_id" is missing');
      await context.services.checkout.setPaymentMethod(cartId, args.input.payment_method);
      return placeOrderOutput(cartId, context);
    },
  },
  CustomerOrder: {
    id: (o: StoredOrder) => encodeUid(o.order.id),
    number: (o: StoredOrder) => o.order.number,
    order_number: (o: StoredOrder) => o.order.number,
    order_date: (o: StoredOrder) => o.order.created_at,
    status: (o: StoredOrder, _args: unknown, context: RequestContext) =>
      orderStatusLabel(o.order.status, context.store.locale),
    state: (o: StoredOrder) => orderState(o.order.status),
    gift_message: (o: StoredOrder) => giftMessageView(o.order.gift_message),
    email: (o: StoredOrder) => o.order.email,
    token: (o: StoredOrder) => o.order.token,
    // Null for an order with nothing to ship (sales/virtualOrders.ts), as Magento answers them.
    carrier: (o: StoredOrder) => (orderShipsNothing(o.order) ? null : o.order.shipping_carrier_title),
    shipping_method: (o: StoredOrder) =>
      orderShipsNothing(o.order) ? null : `${o.order.shipping_carrier_title} - ${o.order.shipping_method_title}`,
    applied_coupons: (o: StoredOrder) => (o.order.coupon_code ? [{ code: o.order.coupon_code }] : []),
    shipping_address: (o: StoredOrder) => orderAddress(o.order.shipping_address),
    billing_address: (o: StoredOrder) => orderAddress(o.order.billing_address),
    // An offline method carries what the shopper must do (whom to pay, the bank's details), as the
    // order's store view says it now, under Magento's additional-information names.
    // A card order waiting for its 3-D Secure step carries the cart it was placed from
    // (`cart_id`), for its own shopper only: placeOrder on it finishes paying (unpaidCardOrders.ts).
    payment_methods: async (o: StoredOrder, _args: unknown, context: RequestContext) => {
      const settings = await context.services.store.settingsOf(o.order.store_id);
      const waitingCart = await context.services.orders.waitingCartOf(o.order, await context.auth.customerId());
      return [
        {
          name: o.order.payment_title,
          type: o.order.payment_method,
          additional_data: [
            ...paymentAdditionalData(offlinePaymentInstructions(o.order.payment_method, settings)),
            ...(waitingCart ? [{ name: 'cart_id', value: waitingCart }] : []),
          ],
        },
      ];
    },
    increment_id: (o: StoredOrder) => o.order.number,
    created_at: (o: StoredOrder) => o.order.created_at,
    grand_total: (o: StoredOrder) => toMajor(o.order.grand_total, o.order.currency),
    // Comments staff chose to show the customer; each invoice, shipment (with its tracking number)
    // and credit memo with the lines and units it took.
    comments: async (o: StoredOrder, _args: unknown, context: RequestContext) =>
      (await documentsOf(o, context)).comments.map((c) => ({ message: c.message, timestamp: c.created_at })),
    shipments: async (o: StoredOrder, _args: unknown, context: RequestContext) =>
      (await documentsOf(o, context)).shipments.map((s) => ({
        id: encodeUid(`shipment/${s.id}`),
        number: s.number,
        items: documentItems(o, `shipment/${s.id}`, s.items).map(({ base, quantity }) => ({
          ...base,
          quantity_shipped: quantity,
        })),
        tracking: [{ carrier: s.carrier, number: s.tracking_number, title: s.carrier_title }],
        comments: [],
      })),
    invoices: async (o: StoredOrder, _args: unknown, context: RequestContext) =>
      (await documentsOf(o, context)).invoices.map((invoice) => {
        return {
          id: encodeUid(`invoice/${invoice.id}`),
          number: invoice.number,
          items: documentItems(o, `invoice/${invoice.id}`, invoice.items).map(({ base, quantity, line }) => ({
            ...base,
            quantity_invoiced: quantity,
            discounts: lineDiscounts(line?.discount ?? 0, o.order.currency),
          })),
          total: documentTotal(o, invoice),
          comments: [],
        };
      }),
    credit_memos: async (o: StoredOrder, _args: unknown, context: RequestContext) =>
      (await documentsOf(o, context)).creditMemos.map((memo) => {
        const lines = JSON.parse(memo.lines) as Array<{ line: number; quantity: number; amount: number }>;
        return {
          id: encodeUid(`creditmemo/${memo.id}`),
          number: memo.number,
          items: documentItems(o, `creditmemo/${memo.id}`, lines).map(({ base, quantity }) => ({
            ...base,
            quantity_refunded: quantity,
            discounts: [],
          })),
          total: { ...documentTotal(o, { ...memo, discount: 0 }), adjustment: money(0, o.order.currency) },
          comments: [],
        };
      }),
    items: (o: StoredOrder): ItemView[] => o.items.map((i) => ({ ...i, currency: o.order.currency })),
    total: (o: StoredOrder) => {
      const m = (minor: number) => money(minor, o.order.currency);
      const taxes = (JSON.parse(o.order.taxes) as AppliedTax[]).map((t) => ({
        amount: m(t.amount),
        rate: t.ratePercent,
        title: t.label,
      }));
      return {
        subtotal: m(o.order.subtotal),
        discounts: (JSON.parse(o.order.discounts) as AppliedDiscount[]).map((d) => discountView(d, o.order.currency)),
        total_shipping: m(o.order.shipping),
        shipping_handling: {
          amount_excluding_tax: m(o.order.shipping),
          amount_including_tax: m(o.order.shipping),
          total_amount: m(o.order.shipping),
          taxes: [],
          // Free-shipping rules price shipping at 0 rather than discounting it.
          discounts: [],
        },
        taxes,
        total_tax: m(o.order.tax),
        grand_total: m(o.order.grand_total),
        base_grand_total: m(o.order.grand_total),
      };
    },
  },
  OrderItemInterface: {
    __resolveType: (i: ItemView) =>
      i.product_type === 'bundle'
        ? 'BundleOrderItem'
        : i.product_type === 'downloadable'
          ? 'DownloadableOrderItem'
          : 'OrderItem',
  },
  InvoiceItemInterface: { __resolveType: () => 'InvoiceItem' },
  ShipmentItemInterface: { __resolveType: () => 'ShipmentItem' },
  CreditMemoItemInterface: { __resolveType: () => 'CreditMemoItem' },
  OrderItem: {
    quantity_invoiced: (i: ItemView) => i.qty_invoiced,
    quantity_shipped: (i: ItemView) => i.qty_shipped,
    quantity_refunded: (i: ItemView) => i.qty_refunded,
    quantity_canceled: () => 0,
    gift_message: (i: ItemView) => giftMessageView(i.gift_message),
    quantity_returned: () => 0,
    id: (i: ItemView) => encodeUid(`${i.order_id}/${i.line}`),
    product: async (i: ItemView, _args: unknown, context: RequestContext) => {
      const [product] = await context.services.products.loadByIds([i.product_id]);
      if (!product || product.parent_id === null) return product ? context.loaders.localizedOne(product) : null;
      const [parent] = await context.services.products.loadByIds([product.parent_id]);
      return parent ? context.loaders.localizedOne(parent) : null;
    },
    product_name: (i: ItemView) => i.name,
    product_sku: (i: ItemView) => i.sku,
    product_type: (i: ItemView) => i.product_type,
    product_url_key: (i: ItemView) => i.url_key,
    product_sale_price: (i: ItemView) => money(i.price, i.currency),
    prices: (i: ItemView) => ({
      price: money(i.price, i.currency),
      row_total: money(i.row_total, i.currency),
      total_item_discount: money(i.discount, i.currency),
    }),
    quantity_ordered: (i: ItemView) => i.quantity,
    selected_options: (i: ItemView) => [
      ...(JSON.parse(i.options) as Array<{ label: string; value: string }>),
      ...customOptionsOf(i)
        .filter((o) => o.kind === 'selected')
        .map(({ label, value }) => ({ label, value })),
    ],
    entered_options: (i: ItemView) =>
      customOptionsOf(i)
        .filter((o) => o.kind === 'entered')
        .map(({ label, value }) => ({ label, value })),
    status: () => 'Ordered',
    discounts: (i: ItemView) =>
      i.discount > 0
        ? [{ amount: money(i.discount, i.currency), applied_to: 'ITEM', label: 'Discount', coupon: null }]
        : [],
  },
};

export const orderResolvers = {
  ...baseOrderResolvers,
  DownloadableOrderItem: {
    ...baseOrderResolvers.OrderItem,
    downloadable_links: (i: ItemView) => downloadableLinksOf(i),
  },
  BundleOrderItem: {
    ...baseOrderResolvers.OrderItem,
    bundle_options: (i: ItemView) =>
      bundleOptionsOf(i).map((o) => ({
        uid: bundleOptionUid(o.optionId),
        id: bundleOptionUid(o.optionId),
        label: o.label,
        values: o.values.map((v) => ({
          uid: encodeUid(`bundle/${o.optionId}/${v.selectionId}/${v.qty}`),
          id: encodeUid(`bundle/${o.optionId}/${v.selectionId}/${v.qty}`),
          product_name: v.name,
          product_sku: v.sku,
          quantity: v.qty,
          price: money(v.price, i.currency),
        })),
      })),
  },
};
