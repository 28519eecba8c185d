import type {
  MutationAddStaffOrderProductArgs,
  MutationApplyStaffOrderCouponArgs,
  MutationPlaceStaffOrderArgs,
  MutationRemoveStaffOrderCouponArgs,
  MutationSetStaffOrderAddressArgs,
  MutationSetStaffOrderPaymentMethodArgs,
  MutationSetStaffOrderQuantityArgs,
  MutationSetStaffOrderShippingMethodArgs,
  MutationStartStaffOrderArgs,
  QueryStaffOrderArgs,
} from '../../__generated__/backOfficeResolvers';
import type { PricedCart } from '../../domains/cart';
import { inputError } from '../../domains/errors';
import type { StaffOrderService } from '../../domains/sales';
import { money } from '../../kernel/money';
import type { BackOfficeContext } from '../backOfficeContext';

// Orders staff create for a customer. Arguments go in, the priced cart comes out in the back
// office's words; the service (domains/sales/staffOrderService.ts) holds the rules.

function staffOrdersOf(context: BackOfficeContext): StaffOrderService {
  return context.services.staffOrders;
}

function positiveId(raw: string, what: string): number {
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw inputError(`"${String(raw).slice(0, 20)}" is not a ${what} id.`);
  return n;
}

function cartId(raw: string): string {
  if (!/^[A-Za-z0-9_-]{32}$/.test(raw)) throw inputError('There is no order being created with this id.');
  return raw;
}

function staffOrderView(c: PricedCart) {
  const m = (minor: number) => money(minor, c.currency);
  const address = c.shippingAddress;
  return {
    id: c.cart.id,
    customerId: String(c.cart.customer_id ?? ''),
    storeViewId: String(c.cart.store_id),
    currency: c.currency,
    lines: c.lines.map((l) => ({
      id: l.item.id,
      sku: l.stockProduct.sku,
      name: l.product.name,
      options: [
        ...l.options.map((o) => `${o.attributeLabel}: ${o.valueLabel}`),
        ...l.customOptions.map((o) => `${o.option.title}: ${o.values.map((v) => v.value?.title ?? v.text).join(', ')}`),
      ],
      quantity: l.item.quantity,
      unitPrice: m(l.unitPrice),
      rowTotal: m(l.rowTotal),
      discount: m(l.discount),
      error: l.stockError,
    })),
    couponCode: c.cart.coupon_code,
    couponApplies: c.couponApplies,
    subtotal: m(c.subtotal),
    discounts: c.discounts.map((d) => ({ label: d.label, amount: m(d.amount) })),
    shippingAmount: m(c.shippingAmount),
    tax: m(c.taxTotal),
    grandTotal: m(c.grandTotal),
    shippingAddress: address
      ? [
          `${address.firstname} ${address.lastname}`,
          ...address.street,
          [address.postcode, address.city].filter(Boolean).join(' '),
          address.country_code,
        ].join(', ')
      : null,
    shippingMethods: c.shippingMethods.map((s) => ({
      carrierCode: s.carrier_code,
      methodCode: s.method_code,
      title: `${s.carrier_title} — ${s.method_title}`,
      amount: m(s.amount),
    })),
    selectedShippingMethod: c.selectedShipping
      ? `${c.selectedShipping.carrier_code}_${c.selectedShipping.method_code}`
      : null,
    paymentMethods: c.paymentMethods.map((p) => ({ code: p.code, title: p.title })),
    selectedPaymentMethod: c.cart.payment_method,
  };
}

export const staffOrderResolvers = {
  Query: {
    async staffOrder(_: unknown, args: QueryStaffOrderArgs, context: BackOfficeContext) {
      if (!/^[A-Za-z0-9_-]{32}$/.test(args.id)) return null;
      try {
        return staffOrderView(await staffOrdersOf(context).view(args.id));
      } catch {
        return null;
      }
    },
  },
  Mutation: {
    startStaffOrder: async (_: unknown, args: MutationStartStaffOrderArgs, context: BackOfficeContext) =>
      staffOrderView(
        await staffOrdersOf(context).start(
          positiveId(args.customerId, 'customer'),
          positiveId(args.storeViewId, 'store view'),
          context.actor,
        ),
      ),
    async addStaffOrderProduct(_: unknown, args: MutationAddStaffOrderProductArgs, context: BackOfficeContext) {
      const { input } = args;
      const result = await staffOrdersOf(context).addProducts(cartId(input.id), [
        {
          sku: input.sku,
          quantity: input.quantity,
          selected_options: input.selectedOptions ?? [],
          entered_options: (input.enteredOptions ?? []).map((e) => ({ uid: e.uid, value: e.value })),
        },
      ]);
      return { order: staffOrderView(result.cart), errors: result.userErrors.map((e) => e.message) };
    },
    setStaffOrderQuantity: async (_: unknown, args: MutationSetStaffOrderQuantityArgs, context: BackOfficeContext) =>
      staffOrderView(await staffOrdersOf(context).updateQuantity(cartId(args.id), args.lineId, args.quantity)),
    applyStaffOrderCoupon: async (_: unknown, args: MutationApplyStaffOrderCouponArgs, context: BackOfficeContext) =>
      staffOrderView(await staffOrdersOf(context).applyCoupon(cartId(args.id), args.code)),
    removeStaffOrderCoupon: async (_: unknown, args: MutationRemoveStaffOrderCouponArgs, context: BackOfficeContext) =>
      staffOrderView(await staffOrdersOf(context).removeCoupon(cartId(args.id))),
    async setStaffOrderAddress(_: unknown, args: MutationSetStaffOrderAddressArgs, context: BackOfficeContext) {
      const a = args.address;
      if (!a && (args.customerAddressId === null || args.customerAddressId === undefined))
        throw inputError('Address: choose one of the customer’s addresses or enter a new one.');
      return staffOrderView(
        await staffOrdersOf(context).setAddress(cartId(args.id), {
          customerAddressId: args.customerAddressId ?? null,
          address: a
            ? {
                firstname: a.firstname,
                lastname: a.lastname,
                company: a.company ?? null,
                street: a.street,
                city: a.city,
                region: a.region ?? null,
                region_id: a.regionId ?? null,
                postcode: a.postcode ?? null,
                country_code: a.countryCode,
                telephone: a.telephone ?? null,
              }
            : null,
        }),
      );
    },
    setStaffOrderShippingMethod: async (
      _: unknown,
      args: MutationSetStaffOrderShippingMethodArgs,
      context: BackOfficeContext,
    ) =>
      staffOrderView(
        await staffOrdersOf(context).setShippingMethod(cartId(args.id), args.carrierCode, args.methodCode),
      ),
    setStaffOrderPaymentMethod: async (
      _: unknown,
      args: MutationSetStaffOrderPaymentMethodArgs,
      context: BackOfficeContext,
    ) =>
      staffOrderView(
        await staffOrdersOf(context).setPaymentMethod(cartId(args.id), args.code, args.purchaseOrderNumber ?? null),
      ),
    async placeStaffOrder(_: unknown, args: MutationPlaceStaffOrderArgs, context: BackOfficeContext) {
      const result = await staffOrdersOf(context).place(cartId(args.id), context.actor);
      if (!result.order) throw inputError(result.errors.map((e) => e.message).join(' '));
      return { number: result.order.order.number };
    },
  },
};
