import type {
  MutationAddProductsToCompareListArgs,
  MutationAssignCompareListToCustomerArgs,
  MutationCreateCompareListArgs,
  MutationDeleteCompareListArgs,
  MutationRemoveProductsFromCompareListArgs,
  QueryCompareListArgs,
} from '../../__generated__/resolvers';
import type { CustomerTable, ProductTable } from '../../db/tables';
import type { RequestContext } from '../context';
import { inputError } from '../errors';
import { comparisonOf } from './comparableAttributes';
import type { CompareListView } from './compareListService';

interface ComparableItemValue {
  view: CompareListView;
  product: ProductTable;
}

export const compareResolvers = {
  Query: {
    compareList: async (_root: unknown, args: QueryCompareListArgs, context: RequestContext) =>
      context.services.compareLists.byUid(args.uid, await context.auth.customerId()),
  },
  Mutation: {
    createCompareList: async (_root: unknown, args: MutationCreateCompareListArgs, context: RequestContext) =>
      context.services.compareLists.create(await context.auth.customerId(), args.input?.products ?? [], context.client),
    addProductsToCompareList: async (
      _root: unknown,
      args: MutationAddProductsToCompareListArgs,
      context: RequestContext,
    ) => {
      if (!args.input) throw inputError('Specify the "uid" of the compare list and its "products".');
      return context.services.compareLists.add(args.input.uid, await context.auth.customerId(), args.input.products);
    },
    removeProductsFromCompareList: async (
      _root: unknown,
      args: MutationRemoveProductsFromCompareListArgs,
      context: RequestContext,
    ) => {
      if (!args.input) throw inputError('Specify the "uid" of the compare list and its "products".');
      return context.services.compareLists.remove(args.input.uid, await context.auth.customerId(), args.input.products);
    },
    deleteCompareList: async (_root: unknown, args: MutationDeleteCompareListArgs, context: RequestContext) => ({
      result: await context.services.compareLists.delete(args.uid, await context.auth.customerId()),
    }),
    assignCompareListToCustomer: async (
      _root: unknown,
      args: MutationAssignCompareListToCustomerArgs,
      context: RequestContext,
    ) => {
      const list = await context.services.compareLists.assign(args.uid, await context.auth.requireCustomerId());
      return { result: list !== null, compare_list: list };
    },
  },
  Customer: {
    compare_list: (c: CustomerTable, _args: unknown, context: RequestContext) =>
      context.services.compareLists.forCustomer(c.id),
  },
  CompareList: {
    uid: (v: CompareListView) => v.list.uid,
    item_count: (v: CompareListView) => v.products.length,
    attributes: async (v: CompareListView, _args: unknown, context: RequestContext) =>
      (await comparisonOf(v, context)).attributes,
    items: (v: CompareListView): ComparableItemValue[] => v.products.map((product) => ({ view: v, product })),
  },
  ComparableItem: {
    uid: (i: ComparableItemValue) => String(i.product.id),
    product: (i: ComparableItemValue, _args: unknown, context: RequestContext) =>
      context.loaders.localizedOne(i.product),
    attributes: async (i: ComparableItemValue, _args: unknown, context: RequestContext) =>
      (await comparisonOf(i.view, context)).valuesOf(i.product.id),
  },
};
