import type { RequestContext } from '../context';

export const paymentVaultResolvers = {
  Query: {
    customerPaymentTokens: async (_root: unknown, _args: unknown, context: RequestContext) => ({
      items: await context.services.paymentVault.list(await context.auth.requireCustomerId()),
    }),
  },
  Mutation: {
    deletePaymentToken: async (_root: unknown, args: { public_hash: string }, context: RequestContext) => {
      const customerId = await context.auth.requireCustomerId();
      const items = await context.services.paymentVault.remove(customerId, args.public_hash.trim());
      return { result: true, customerPaymentTokens: { items } };
    },
  },
};
