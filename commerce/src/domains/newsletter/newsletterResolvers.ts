import type { RequestContext } from '../context';

export const newsletterResolvers = {
  Mutation: {
    subscribeEmailToNewsletter: async (_root: unknown, args: { email: string }, context: RequestContext) => ({
      status: await context.services.newsletter.subscribe(args.email, await context.auth.customerId()),
    }),
  },
};
