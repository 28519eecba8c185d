import { DomainError } from '../../kernel/domainError';
import type { RequestContext } from '../context';
import { STRIPE_METHOD_CODE } from './stripeProvider';

export const stripeResolvers = {
  Query: {
    getStripeConfiguration: async (_root: unknown, _args: unknown, context: RequestContext) => {
      const stripe = context.services.stripeClient;
      if (!stripe) return null;
      const active = await context.services.activePaymentCodes();
      if (!active.has(STRIPE_METHOD_CODE)) return null;
      return {
        apiKey: stripe.publishableKey,
        // Stripe.js takes a language ('fr'), or 'auto'.
        locale: context.store.locale.split('_')[0] ?? 'auto',
        appInfo: ['Vela'],
        options: { betas: [], apiVersion: null },
        elementsOptions: JSON.stringify({
          mode: 'payment',
          captureMethod: stripe.captureLater ? 'manual' : 'automatic',
          // The browser only makes a payment method; the server creates and confirms the payment.
          paymentMethodCreation: 'manual',
        }),
      };
    },
  },
  Mutation: {
    listStripePaymentMethods: async (_root: unknown, _args: unknown, context: RequestContext) => {
      const customerId = await context.auth.requireCustomerId();
      // A shop without Stripe has no saved Stripe cards (the account page asks either way).
      return context.services.stripeSavedCards?.list(customerId) ?? [];
    },
    addStripePaymentMethod: async (
      _root: unknown,
      args: { input: { payment_method?: string | null } },
      context: RequestContext,
    ) => savedCards(context).add(await context.auth.requireCustomerId(), args.input.payment_method ?? ''),
    deleteStripePaymentMethod: async (
      _root: unknown,
      args: { input: { payment_method: string } },
      context: RequestContext,
    ) => {
      await savedCards(context).remove(await context.auth.requireCustomerId(), args.input.payment_method);
      return 'The payment method was deleted.';
    },
  },
};

function savedCards(context: RequestContext) {
  const cards = context.services.stripeSavedCards;
  if (!cards) throw new DomainError('input', 'Stripe is not set up in this shop.');
  return cards;
}
