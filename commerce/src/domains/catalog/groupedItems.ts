import type { Kysely } from 'kysely';
import type { Database, ProductTable } from '../../db/tables';
import { DomainError } from '../../kernel/domainError';

// A grouped product (Magento's Grouped module): a page listing simple products sold together,
// each with a default quantity. It has no price or stock of its own; the shopper adds each member
// as its own cart line. Its listing price is the lowest of its members'.

export const MAX_GROUPED_ITEMS = 200;

export interface GroupedItemRecord {
  product: ProductTable;
  qty: number;
  position: number;
}

/** Each grouped product's enabled members, in the merchant's order. */
export async function loadGroupedItems(
  db: Kysely<Database>,
  productIds: readonly number[],
): Promise<Map<number, GroupedItemRecord[]>> {
  const result = new Map<number, GroupedItemRecord[]>();
  const ids = [...new Set(productIds)];
  if (ids.length === 0) return result;
  const links = await db
    .selectFrom('grouped_item')
    .selectAll()
    .where('product_id', 'in', ids)
    .orderBy('position')
    .orderBy('child_id')
    .execute();
  if (links.length === 0) return result;
  const children = await db
    .selectFrom('product')
    .selectAll()
    .where('status', '=', 1)
    .where('id', 'in', [...new Set(links.map((l) => l.child_id))])
    .execute();
  const byId = new Map(children.map((c) => [c.id, c as ProductTable]));
  for (const link of links) {
    const product = byId.get(link.child_id);
    if (!product) continue;
    const list = result.get(link.product_id) ?? [];
    list.push({ product, qty: link.qty, position: link.position });
    result.set(link.product_id, list);
  }
  return result;
}

/** Replaces a grouped product's members, in the caller's transaction. Callers checked they are simple products. */
export async function replaceGroupedItems(
  db: Kysely<Database>,
  productId: number,
  items: ReadonlyArray<{ childId: number; qty: number }>,
): Promise<void> {
  if (items.length > MAX_GROUPED_ITEMS)
    throw new DomainError('input', `A grouped product has at most ${MAX_GROUPED_ITEMS} products.`);
  const seen = new Set<number>();
  for (const item of items) {
    if (seen.has(item.childId)) throw new DomainError('input', 'A grouped product lists the same product twice.');
    if (item.childId === productId) throw new DomainError('input', 'A grouped product cannot contain itself.');
    if (!Number.isInteger(item.qty) || item.qty < 0 || item.qty > 10_000)
      throw new DomainError('input', 'A default quantity is a whole number from 0.');
    seen.add(item.childId);
  }
  await db.deleteFrom('grouped_item').where('product_id', '=', productId).execute();
  if (items.length === 0) return;
  await db
    .insertInto('grouped_item')
    .values(items.map((item, position) => ({ product_id: productId, child_id: item.childId, qty: item.qty, position })))
    .execute();
}
