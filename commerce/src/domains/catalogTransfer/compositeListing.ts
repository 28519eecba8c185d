import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import { bundlePriceBounds, bundleSalable, loadBundles, loadGroupedItems } from '../catalog';

// Listing prices and stock status of products made of others (bundles, grouped products): they
// have no price range or stock of their own, so both follow their members whenever the members or
// the composition change (import, back office, an order taking the members' stock).

/**
 * Writes a bundle's listing prices and stock status from its options (a bundle has no stock of its
 * own: it is in stock when every required option can be answered from stock).
 */
export async function refreshBundleListing(db: Kysely<Database>, productIds: readonly number[]): Promise<void> {
  if (productIds.length === 0) return;
  const bundles = await loadBundles(db, productIds);
  const products = await db
    .selectFrom('product')
    .selectAll()
    .where('id', 'in', [...productIds])
    .execute();
  for (const product of products) {
    const record = bundles.get(product.id);
    if (!record || product.type !== 'bundle') continue;
    const bounds = bundlePriceBounds(product, record);
    await db
      .updateTable('product')
      .set({
        min_price: bounds.min,
        max_price: bounds.max,
        min_regular_price: bounds.minRegular,
        max_regular_price: bounds.maxRegular,
        in_stock: bundleSalable(record) ? 1 : 0,
      })
      .where('id', '=', product.id)
      .execute();
  }
}

/**
 * Writes a grouped product's listing prices (its cheapest and dearest member) and stock status
 * (in stock while a member is).
 */
export async function refreshGroupedListing(db: Kysely<Database>, productIds: readonly number[]): Promise<void> {
  if (productIds.length === 0) return;
  const groups = await loadGroupedItems(db, productIds);
  for (const id of productIds) {
    const members = (groups.get(id) ?? []).map((m) => m.product);
    const salable = members.filter((m) => m.in_stock === 1);
    const priced = salable.length > 0 ? salable : members;
    if (priced.length === 0) {
      await db.updateTable('product').set({ in_stock: 0 }).where('id', '=', id).where('type', '=', 'grouped').execute();
      continue;
    }
    await db
      .updateTable('product')
      .set({
        min_price: Math.min(...priced.map((m) => m.min_price)),
        max_price: Math.max(...priced.map((m) => m.max_price)),
        min_regular_price: Math.min(...priced.map((m) => m.min_regular_price)),
        max_regular_price: Math.max(...priced.map((m) => m.max_regular_price)),
        in_stock: salable.length > 0 ? 1 : 0,
      })
      .where('id', '=', id)
      .where('type', '=', 'grouped')
      .execute();
  }
}
