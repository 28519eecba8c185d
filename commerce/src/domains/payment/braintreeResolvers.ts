import type { RequestContext } from '../context';
import { inputError } from '../errors';
import { BRAINTREE_METHOD_CODE } from './paymentService';

export const braintreeResolvers = {
  Mutation: {
    createBraintreeClientToken: async (_root: unknown, _args: unknown, context: RequestContext) => {
      const clientToken = context.services.braintreeClientToken;
      const active = await context.services.activePaymentCodes();
      if (!clientToken || !active.has(BRAINTREE_METHOD_CODE))
        throw inputError('The Braintree payment method is not active.');
      return clientToken();
    },
  },
};
