import type { MutationMassUpdateProductsArgs } from '../../__generated__/backOfficeResolvers';
import type { ProductMassAction } from '../../domains/catalogTransfer';
import { fieldError } from '../../kernel/formInput';
import type { BackOfficeContext } from '../backOfficeContext';

function categoryIdOf(id: string | null | undefined): number {
  const n = Number(id);
  if (!id || !/^\d+$/.test(id) || !Number.isSafeInteger(n) || n < 1)
    throw fieldError('categoryId', 'Category: choose the category.');
  return n;
}

function actionOf(input: MutationMassUpdateProductsArgs['action']): ProductMassAction {
  switch (input.kind) {
    case 'ENABLE':
      return { kind: 'enable' };
    case 'DISABLE':
      return { kind: 'disable' };
    case 'ADD_TO_CATEGORY':
      return { kind: 'addToCategory', categoryId: categoryIdOf(input.categoryId) };
    case 'REMOVE_FROM_CATEGORY':
      return { kind: 'removeFromCategory', categoryId: categoryIdOf(input.categoryId) };
    case 'CHANGE_PRICE':
      if (input.percent === null || input.percent === undefined)
        throw fieldError('percent', 'Percent: This field is required.');
      return { kind: 'changePrice', percent: input.percent };
  }
}

export const productMassActionResolvers = {
  Mutation: {
    massUpdateProducts(_: unknown, args: MutationMassUpdateProductsArgs, context: BackOfficeContext) {
      const { skus, filter } = args.selection;
      if ((skus === null || skus === undefined) === (filter === null || filter === undefined))
        throw fieldError('selection', 'Give either the SKUs or the filter of the products.');
      const selection = skus
        ? { skus }
        : {
            filter: {
              search: filter?.search,
              type: filter?.type,
              enabled: filter?.enabled,
              stock: filter?.stock,
            },
          };
      return context.services.productMassActions.apply(selection, actionOf(args.action), context.actor);
    },
  },
};
