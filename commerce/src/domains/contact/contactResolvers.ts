import type { MutationContactUsArgs } from '../../__generated__/resolvers';
import type { RequestContext } from '../context';

export const contactResolvers = {
  Mutation: {
    contactUs: async (_root: unknown, args: MutationContactUsArgs, context: RequestContext) => {
      await context.services.contact.send(args.input, context.client);
      return { status: true };
    },
  },
};
