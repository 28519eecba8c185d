import type { Kysely } from 'kysely';
import type { Database, ProductTable } from '../../db/tables';
import { GUEST_GROUP_ID, loadTierPrices, tierPriceForQuantity, type TierPriceRow } from '../catalog';
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
  customerId: number | null,
  productIds: readonly number[],
): Promise<CustomerPricing> {
  const [row, tiers] = await Promise.all([
    customerId === null
      ? db
          .selectFrom('customer_group')
          .innerJoin('tax_class', 'tax_class.class_id', 'customer_group.tax_class_id')
          .select(['customer_group.customer_group_id as groupId', 'tax_class.taxed'])
          .where('customer_group.customer_group_id', '=', GUEST_GROUP_ID)
          .executeTakeFirst()
      : db
          .selectFrom('customer')
          .innerJoin('customer_group', 'customer_group.customer_group_id', 'customer.group_id')
          .innerJoin('tax_class', 'tax_class.class_id', 'customer_group.tax_class_id')
          .select(['customer.group_id as groupId', 'tax_class.taxed'])
          .where('customer.id', '=', customerId)
          .executeTakeFirst(),
    loadTierPrices(db, productIds),
  ]);
  return { groupId: row?.groupId ?? GUEST_GROUP_ID, taxed: row ? Number(row.taxed) === 1 : true, tiers };
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
