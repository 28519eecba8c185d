import type {
  MutationDeleteSearchTermArgs,
  MutationUpdateSearchTermArgs,
  QuerySearchTermsArgs,
} from '../../__generated__/backOfficeResolvers';
import type { SearchTermRecord } from '../../domains/catalog';
import type { BackOfficeContext } from '../backOfficeContext';

// Search terms in the back office: arguments in, the back office's types out; the rules are in
// the catalog's search term service.

const termView = (term: SearchTermRecord) => ({ ...term, id: String(term.id) });

export const searchTermResolvers = {
  Query: {
    searchTerms: async (_: unknown, args: QuerySearchTermsArgs, context: BackOfficeContext) => {
      const page = await context.services.searchTerms.list({
        storeCode: args.storeCode,
        noResultsOnly: args.noResultsOnly === true,
        sort: args.sort ?? 'POPULAR',
        pageSize: args.pageSize ?? 20,
        currentPage: args.currentPage ?? 1,
      });
      return { items: page.items.map(termView), totalCount: page.totalCount };
    },
  },
  Mutation: {
    updateSearchTerm: async (_: unknown, args: MutationUpdateSearchTermArgs, context: BackOfficeContext) =>
      termView(
        await context.services.searchTerms.update(
          args.id,
          { redirect: args.redirect, displayInTerms: args.displayInTerms },
          context.actor,
        ),
      ),
    async deleteSearchTerm(_: unknown, args: MutationDeleteSearchTermArgs, context: BackOfficeContext) {
      await context.services.searchTerms.remove(args.id, context.actor);
      return args.id;
    },
  },
};
