import type {
  MutationEstimateShippingMethodsArgs,
  MutationEstimateTotalsArgs,
  MutationSetBillingAddressOnCartArgs,
  MutationSetGuestEmailOnCartArgs,
  MutationSetPaymentMethodOnCartArgs,
  MutationSetShippingAddressesOnCartArgs,
  MutationSetShippingMethodsOnCartArgs,
} from '../../__generated__/resolvers';
import type { RequestContext } from '../context';
import { inputError } from '../errors';
import { shippingMethodView } from '../cart';

function required<T>(input: T | null | undefined): T {
  if (!input) throw inputError('Required parameter "cart_id" is missing');
  return input;
}

export const checkoutResolvers = {
  Query: {
    // Vela has no terms and conditions to accept at checkout (Magento's list is empty too
    // while they are switched off), and placeOrder asks for none.
    checkoutAgreements: () => [],
  },
  Mutation: {
    setGuestEmailOnCart: async (_root: unknown, args: MutationSetGuestEmailOnCartArgs, context: RequestContext) => {
      const input = required(args.input);
      return { cart: await context.services.checkout.setGuestEmail(input.cart_id, input.email) };
    },
    setShippingAddressesOnCart: async (
      _root: unknown,
      args: MutationSetShippingAddressesOnCartArgs,
      context: RequestContext,
    ) => {
      const input = required(args.input);
      return { cart: await context.services.checkout.setShippingAddress(input.cart_id, input.shipping_addresses) };
    },
    setBillingAddressOnCart: async (
      _root: unknown,
      args: MutationSetBillingAddressOnCartArgs,
      context: RequestContext,
    ) => {
      const input = required(args.input);
      return { cart: await context.services.checkout.setBillingAddress(input.cart_id, input.billing_address) };
    },
    estimateShippingMethods: async (
      _root: unknown,
      args: MutationEstimateShippingMethodsArgs,
      context: RequestContext,
    ) => {
      const cart = await context.services.carts.priced(args.input.cart_id);
      const methods = await context.services.checkout.estimateShippingMethods(args.input);
      return methods.map((m) => shippingMethodView(m, cart.currency));
    },
    estimateTotals: async (_root: unknown, args: MutationEstimateTotalsArgs, context: RequestContext) => ({
      cart: await context.services.checkout.estimateTotals(args.input),
    }),
    setShippingMethodsOnCart: async (
      _root: unknown,
      args: MutationSetShippingMethodsOnCartArgs,
      context: RequestContext,
    ) => {
      const input = required(args.input);
      return { cart: await context.services.checkout.setShippingMethod(input.cart_id, input.shipping_methods) };
    },
    setPaymentMethodOnCart: async (
      _root: unknown,
      args: MutationSetPaymentMethodOnCartArgs,
      context: RequestContext,
    ) => {
      const input = required(args.input);
      return { cart: await context.services.checkout.setPaymentMethod(input.cart_id, input.payment_method) };
    },
  },
};
