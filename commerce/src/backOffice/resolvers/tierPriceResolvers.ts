import type {
  MutationSetProductTierPricesArgs,
  QueryProductTierPricesArgs,
} from '../../__generated__/backOfficeResolvers';
import type { TierPriceRecord } from '../../domains/catalogTransfer';
import { inputError } from '../../domains/errors';
import type { BackOfficeContext } from '../backOfficeContext';

// A product's tier prices in the back office; the service holds the rules.

function tierView(tier: TierPriceRecord) {
  return { ...tier, customerGroupId: tier.customerGroupId === null ? null : String(tier.customerGroupId) };
}

function groupId(raw: string | null | undefined): number | null {
  if (raw === null || raw === undefined) return null;
  const n = Number(raw);
  if (raw.trim() === '' || !Number.isInteger(n) || n < 0) throw inputError(`"${raw}" is not a customer group id.`);
  return n;
}

export const tierPriceResolvers = {
  Query: {
    productTierPrices: async (_: unknown, args: QueryProductTierPricesArgs, context: BackOfficeContext) =>
      (await context.services.tierPrices.list(args.sku)).map(tierView),
  },
  Mutation: {
    async setProductTierPrices(_: unknown, args: MutationSetProductTierPricesArgs, context: BackOfficeContext) {
      const tiers = args.tiers.map((t) => ({
        customerGroupId: groupId(t.customerGroupId),
        quantity: t.quantity,
        fixedPrice: t.fixedPrice ?? null,
        percentOff: t.percentOff ?? null,
      }));
      return (await context.services.tierPrices.save(args.sku, tiers, context.actor)).map(tierView);
    },
  },
};
