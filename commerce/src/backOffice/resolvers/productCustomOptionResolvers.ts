import type {
  MutationSetProductCustomOptionsArgs,
  QueryProductCustomOptionsArgs,
} from '../../__generated__/backOfficeResolvers';
import type { BackOfficeContext } from '../backOfficeContext';

// Custom options in the back office; the service holds the rules.

export const productCustomOptionResolvers = {
  Query: {
    productCustomOptions: (_: unknown, args: QueryProductCustomOptionsArgs, context: BackOfficeContext) =>
      context.services.productCustomOptions.list(args.sku),
  },
  Mutation: {
    setProductCustomOptions: (_: unknown, args: MutationSetProductCustomOptionsArgs, context: BackOfficeContext) =>
      context.services.productCustomOptions.save(args.sku, args.options, context.actor),
  },
};
