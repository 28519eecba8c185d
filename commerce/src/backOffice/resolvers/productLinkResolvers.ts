import type { MutationSetProductLinksArgs, QueryProductLinksArgs } from '../../__generated__/backOfficeResolvers';
import type { BackOfficeContext } from '../backOfficeContext';

// Related, up-sell and cross-sell links in the back office; the service holds the rules.

export const productLinkResolvers = {
  Query: {
    productLinks: (_: unknown, args: QueryProductLinksArgs, context: BackOfficeContext) =>
      context.services.productLinks.list(args.sku),
  },
  Mutation: {
    setProductLinks: (_: unknown, args: MutationSetProductLinksArgs, context: BackOfficeContext) =>
      context.services.productLinks.save(args.sku, args.linkType, args.skus, context.actor),
  },
};
