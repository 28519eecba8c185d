import type {
  MutationDeleteSearchSynonymGroupArgs,
  MutationSaveSearchSynonymGroupArgs,
  QuerySearchSynonymGroupsArgs,
} from '../../__generated__/backOfficeResolvers';
import type { SearchSynonymService, SynonymGroupRecord } from '../../domains/catalog';
import type { BackOfficeContext } from '../backOfficeContext';

// Search synonym groups in the back office. The service holds the rules; here arguments go in and
// the back office's types come out.

function synonymsOf(context: BackOfficeContext): SearchSynonymService {
  return context.services.searchSynonyms;
}

const groupView = (group: SynonymGroupRecord) => ({ ...group, id: String(group.id) });

export const searchSynonymResolvers = {
  Query: {
    searchSynonymGroups: async (_: unknown, args: QuerySearchSynonymGroupsArgs, context: BackOfficeContext) =>
      (await synonymsOf(context).list(args.storeCode)).map(groupView),
  },
  Mutation: {
    saveSearchSynonymGroup: async (_: unknown, args: MutationSaveSearchSynonymGroupArgs, context: BackOfficeContext) =>
      groupView(await synonymsOf(context).save(args.id, args.storeCode, args.words, context.actor)),
    async deleteSearchSynonymGroup(_: unknown, args: MutationDeleteSearchSynonymGroupArgs, context: BackOfficeContext) {
      await synonymsOf(context).remove(args.id, context.actor);
      return args.id;
    },
  },
};
