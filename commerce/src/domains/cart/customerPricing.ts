import type { Kysely } from 'kysely';
import type { Database, ProductTable } from '../../db/tables';
import { GUEST_GROUP_ID, tierPriceForQuantity, type TierPriceRow } from '../catalog';
import type { PricingSettingsSource } from './pricingSettingsService';
import { finalPrice } from './cartRecords';

// What a cart's owner changes in its prices: the customer group picks the tier prices (guests are
// NOT LOGGED IN), and the group's customer tax class says whether the shop's tax rates apply.

export interface CustomerPricing {
  groupId: number;
  /** False when the group's tax class is one the shop's rates do not apply to. */
  taxed: boolean;
  tiers: Map<number, TierPriceRow[]>;
}

export async function customerPricing(
  db: Kysely<Database>,
  settings: Pick<PricingSettingsSource, 'groupTaxed' | 'tierPrices'>,
  customerId: number | null,
  productIds: readonly number[],
): Promise<CustomerPricing> {
  // A customer's group is read live: moving a customer to another group does not move the
  // catalog version. The group's tax class and the tiers come from the settings (cached per
  // version outside a write transaction).
  const [groupId, tiers] = await Promise.all([
    customerId === null
      ? Promise.resolve(GUEST_GROUP_ID)
      : db
          .selectFrom('customer')
          .select('group_id')
          .where('id', '=', customerId)
          .executeTakeFirst()
          .then((row) => row?.group_id ?? GUEST_GROUP_ID),
    settings.tierPrices(productIds),
  ]);
  return { groupId, taxed: await settings.groupTaxed(groupId), tiers };
}

/**
 * A line's unit price in the product's currency: the lowest of the regular price, the special
 * price and the best tier price the quantity reaches for the group, as Magento's final price.
 * A configurable's variant takes its own tiers, else those set on the configurable (`parentId`).
 */
export function lineUnitPrice(
  product: ProductTable,
  quantity: number,
  pricing: CustomerPricing,
  parentId: number | null = null,
): number {
  const base = finalPrice(product);
  const tiers = pricing.tiers.get(product.id) ?? (parentId === null ? undefined : pricing.tiers.get(parentId)) ?? [];
  const tier = tierPriceForQuantity(tiers, product.price, pricing.groupId, quantity);
  return tier === null ? base : Math.min(base, tier);
}
