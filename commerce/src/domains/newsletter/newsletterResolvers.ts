import type { MutationSubscribeEmailToNewsletterArgs } from '../../__generated__/resolvers';
import type { RequestContext } from '../context';

export const newsletterResolvers = {
  Mutation: {
    subscribeEmailToNewsletter: async (
      _root: unknown,
      args: MutationSubscribeEmailToNewsletterArgs,
      context: RequestContext,
    ) => ({
      status: await context.services.newsletter.subscribe(args.email, await context.auth.customerId(), context.client),
    }),
  },
};
