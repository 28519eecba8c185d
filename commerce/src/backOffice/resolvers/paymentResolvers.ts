import type {
  MutationCapturePaymentArgs,
  MutationRefundPaymentArgs,
  MutationUpdateBraintreeSettingsArgs,
  MutationVoidPaymentArgs,
} from '../../__generated__/backOfficeResolvers';
import { fieldError } from '../../kernel/formInput';
import { money } from '../../kernel/money';
import type { BackOfficeContext } from '../backOfficeContext';
import { adminOrderView } from '../adminOrderView';

async function orderAfter(context: BackOfficeContext, id: number) {
  return adminOrderView(await context.services.orders.loadById(id));
}

/** The card gateways' set-up as staff may see it: modes, ids and paths, never a secret. */
async function cardPaymentSettings(context: BackOfficeContext) {
  const stripe = context.services.payments.settings;
  const braintree = context.services.payments.braintreeSettings;
  return {
    stripe: stripe
      ? {
          mode: stripe.live ? 'LIVE' : 'TEST',
          captureLater: stripe.captureLater,
          publishableKey: stripe.publishableKey,
          webhookPath: '/stripe/webhooks',
        }
      : null,
    braintree: braintree
      ? {
          mode: braintree.live ? 'LIVE' : 'TEST',
          captureLater: braintree.captureLater,
          merchantId: braintree.merchantId,
          publicKey: braintree.publicKey,
          threeDSecureRequired: (await context.services.settings.braintree()).threeDSecureRequired,
          webhookPath: '/braintree/webhooks',
        }
      : null,
  };
}

export const paymentResolvers = {
  Query: {
    cardPaymentSettings: (_: unknown, __: unknown, context: BackOfficeContext) => cardPaymentSettings(context),
  },
  Mutation: {
    updateBraintreeSettings: async (
      _: unknown,
      args: MutationUpdateBraintreeSettingsArgs,
      context: BackOfficeContext,
    ) => {
      if (!context.services.payments.braintreeSettings)
        throw fieldError('threeDSecureRequired', 'Braintree is not set up on this server (BRAINTREE_* variables).');
      await context.services.settings.updateBraintree(
        { threeDSecureRequired: args.threeDSecureRequired },
        context.actor,
      );
      return cardPaymentSettings(context);
    },
    capturePayment: async (_: unknown, args: MutationCapturePaymentArgs, context: BackOfficeContext) =>
      orderAfter(context, await context.services.payments.capture(args.number, args.amount, context.actor)),
    refundPayment: async (_: unknown, args: MutationRefundPaymentArgs, context: BackOfficeContext) =>
      orderAfter(context, await context.services.payments.refund(args.number, args.amount, context.actor)),
    voidPayment: async (_: unknown, args: MutationVoidPaymentArgs, context: BackOfficeContext) =>
      orderAfter(context, await context.services.payments.void(args.number, context.actor)),
  },
  AdminOrder: {
    paymentTransactions: async (order: { number: string }, _: unknown, context: BackOfficeContext) =>
      (await context.services.payments.transactions(order.number)).map((t) => ({
        kind: t.kind.toUpperCase(),
        status: t.status,
        amount: money(Number(t.amount), t.currency),
        gatewayId: t.gateway_id,
        failure: t.failure_message,
        createdAt: t.created_at,
      })),
  },
};
