import type {
  MutationCapturePaymentArgs,
  MutationRefundPaymentArgs,
  MutationVoidPaymentArgs,
} from '../../__generated__/backOfficeResolvers';
import { money } from '../../kernel/money';
import type { BackOfficeContext } from '../backOfficeContext';
import { adminOrderView } from '../adminOrderView';

async function orderAfter(context: BackOfficeContext, id: number) {
  return adminOrderView(await context.services.orders.loadById(id));
}

export const paymentResolvers = {
  Query: {
    cardPaymentSettings: (_: unknown, __: unknown, context: BackOfficeContext) => {
      const stripe = context.services.payments.settings;
      return {
        stripe: stripe
          ? {
              mode: stripe.live ? 'LIVE' : 'TEST',
              captureLater: stripe.captureLater,
              publishableKey: stripe.publishableKey,
              webhookPath: '/stripe/webhooks',
            }
          : null,
      };
    },
  },
  Mutation: {
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
