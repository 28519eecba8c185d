import type { RequestContext } from '../context';
import { inputError } from '../errors';
import { shippingMethodView } from '../cart/cartView';
import type { BillingAddressRequest, EstimateRequest, ShippingAddressRequest } from './checkoutService';

function required<T>(input: T | null | undefined): T {
  if (!input) throw inputError('Required parameter "cart_id" is missing');
  return input;
}

export const checkoutResolvers = {
  Mutation: {
    setGuestEmailOnCart: async (
      _root: unknown,
      args: { input?: { cart_id: string; email: string } | null },
      context: RequestContext,
    ) => {
      const input = required(args.input);
      return { cart: await context.services.checkout.setGuestEmail(input.cart_id, input.email) };
    },
    setShippingAddressesOnCart: async (
      _root: unknown,
      args: { input?: { cart_id: string; shipping_addresses: Array<ShippingAddressRequest | null> } | null },
      context: RequestContext,
    ) => {
      const input = required(args.input);
      return { cart: await context.services.checkout.setShippingAddress(input.cart_id, input.shipping_addresses) };
    },
    setBillingAddressOnCart: async (
      _root: unknown,
      args: { input?: { cart_id: string; billing_address: BillingAddressRequest } | null },
      context: RequestContext,
    ) => {
      const input = required(args.input);
      return { cart: await context.services.checkout.setBillingAddress(input.cart_id, input.billing_address) };
    },
    estimateShippingMethods: async (_root: unknown, args: { input: EstimateRequest }, context: RequestContext) => {
      const cart = await context.services.carts.priced(args.input.cart_id);
      const methods = await context.services.checkout.estimateShippingMethods(args.input);
      return methods.map((m) => shippingMethodView(m, cart.currency));
    },
    setShippingMethodsOnCart: async (
      _root: unknown,
      args: {
        input?: {
          cart_id: string;
          shipping_methods: Array<{ carrier_code: string; method_code: string } | null>;
        } | null;
      },
      context: RequestContext,
    ) => {
      const input = required(args.input);
      return { cart: await context.services.checkout.setShippingMethod(input.cart_id, input.shipping_methods) };
    },
    setPaymentMethodOnCart: async (
      _root: unknown,
      args: {
        input?: { cart_id: string; payment_method: { code: string; purchase_order_number?: string | null } } | null;
      },
      context: RequestContext,
    ) => {
      const input = required(args.input);
      return { cart: await context.services.checkout.setPaymentMethod(input.cart_id, input.payment_method) };
    },
  },
};
