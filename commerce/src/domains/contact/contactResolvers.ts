import type { RequestContext } from '../context';
import type { ContactRequest } from './contactService';

export const contactResolvers = {
  Mutation: {
    contactUs: async (_root: unknown, args: { input: ContactRequest }, context: RequestContext) => {
      await context.services.contact.send(args.input);
      return { status: true };
    },
  },
};
