import type { MutationSaveCurrencyRateArgs, MutationSaveStoreViewArgs } from '../../__generated__/backOfficeResolvers';
import type { StoreViewTable } from '../../db/tables';
import { DEFAULT_STORE_ID } from '../../domains/store';
import { fieldError } from '../../kernel/formInput';
import type { BackOfficeContext } from '../backOfficeContext';

function storeView(row: StoreViewTable) {
  return {
    id: String(row.id),
    code: row.code,
    name: row.name,
    locale: row.locale,
    defaultCurrency: row.default_display_currency_code,
    allowedCurrencies: row.allowed_currency_codes.split(',').filter((c) => c !== ''),
    active: row.is_active === 1,
    isDefault: row.id === DEFAULT_STORE_ID,
    sortOrder: row.sort_order,
  };
}

function storeId(id: string | null | undefined): number | null {
  if (id === null || id === undefined || id === '') return null;
  const n = Number(id);
  if (!/^\d+$/.test(id) || !Number.isSafeInteger(n) || n < 1)
    throw fieldError('id', `Store view: "${id}" is not an id.`);
  return n;
}

export const storeViewResolvers = {
  Query: {
    async storeViews(_: unknown, __: unknown, context: BackOfficeContext) {
      const view = await context.services.storeViews.read();
      return { ...view, stores: view.stores.map(storeView) };
    },
  },
  Mutation: {
    saveStoreView: async (_: unknown, { input }: MutationSaveStoreViewArgs, context: BackOfficeContext) =>
      storeView(await context.services.storeViews.save({ ...input, id: storeId(input.id) }, context.actor)),
    saveCurrencyRate: (_: unknown, args: MutationSaveCurrencyRateArgs, context: BackOfficeContext) =>
      context.services.storeViews.saveRate(args.currency, args.rate, context.actor),
  },
};
