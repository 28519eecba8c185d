import type { Kysely } from 'kysely';
import type { Database, TierPriceTable } from '../../db/tables';

// Tier prices (quantity discounts): what a product costs a shopper of a customer group buying at
// least a quantity. A tier is for one group or for all groups (all_groups), and is a fixed unit
// price or a percent off the product's regular price. As Magento's price model does, the price a
// cart line pays is the lowest of the regular price, the special price and the best tier its
// quantity reaches; the price_tiers list shows each tier against the regular price.

/** Magento's NOT LOGGED IN group: guests' prices. */
export const GUEST_GROUP_ID = 0;

export type TierPriceRow = Pick<
  TierPriceTable,
  'entity_id' | 'all_groups' | 'customer_group_id' | 'qty' | 'value' | 'percentage_value'
>;

/** One tier as a shopper of a group sees it: from `quantity` on, `unitPrice` each (minor units). */
export interface ShopperTier {
  quantity: number;
  unitPrice: number;
}

/** Every tier price of the products, by product id (products without any are left out). */
export async function loadTierPrices(
  db: Kysely<Database>,
  productIds: readonly number[],
): Promise<Map<number, TierPriceRow[]>> {
  const byProduct = new Map<number, TierPriceRow[]>();
  if (productIds.length === 0) return byProduct;
  const rows = await db
    .selectFrom('catalog_product_entity_tier_price')
    .select(['entity_id', 'all_groups', 'customer_group_id', 'qty', 'value', 'percentage_value'])
    .where('entity_id', 'in', [...new Set(productIds)])
    .orderBy('qty')
    .execute();
  for (const row of rows) {
    const list = byProduct.get(row.entity_id) ?? [];
    list.push({ ...row, qty: Number(row.qty) });
    byProduct.set(row.entity_id, list);
  }
  return byProduct;
}

/** A tier's unit price for a product whose regular price is `regularPrice` (minor units). */
function tierUnitPrice(tier: TierPriceRow, regularPrice: number): number {
  if (tier.percentage_value !== null) return Math.round((regularPrice * (100 - tier.percentage_value)) / 100);
  return tier.value ?? regularPrice;
}

function appliesTo(tier: TierPriceRow, groupId: number): boolean {
  return tier.all_groups === 1 || tier.customer_group_id === groupId;
}

/**
 * The tiers a shopper of `groupId` is offered, by quantity: where a group's own tier and an
 * all-groups tier share a quantity, the lower price; a tier that does not beat a smaller
 * quantity's price is left out (buying more never costs more each).
 */
export function shopperTiers(tiers: readonly TierPriceRow[], regularPrice: number, groupId: number): ShopperTier[] {
  const best = new Map<number, number>();
  for (const tier of tiers) {
    if (!appliesTo(tier, groupId)) continue;
    const price = tierUnitPrice(tier, regularPrice);
    const known = best.get(tier.qty);
    if (known === undefined || price < known) best.set(tier.qty, price);
  }
  const offered: ShopperTier[] = [];
  let lowest = regularPrice;
  for (const [quantity, unitPrice] of [...best].sort((a, b) => a[0] - b[0])) {
    if (unitPrice >= lowest) continue;
    lowest = unitPrice;
    offered.push({ quantity, unitPrice });
  }
  return offered;
}

/** The best tier's unit price that `quantity` reaches, or null when it reaches none. */
export function tierPriceForQuantity(
  tiers: readonly TierPriceRow[],
  regularPrice: number,
  groupId: number,
  quantity: number,
): number | null {
  let price: number | null = null;
  for (const tier of shopperTiers(tiers, regularPrice, groupId)) {
    if (tier.quantity <= quantity) price = tier.unitPrice;
  }
  return price;
}
