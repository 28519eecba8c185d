import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import type { UnitOfWork } from '../../kernel/transaction';

// A product's stock, as orders take it and cancellations and refunds put it back. The product
// table is catalogTransfer's (domains/tableOwners.ts): sales changes stock only through these.

/**
 * Takes `quantity` off a product's stock if it has that many, inside the caller's transaction:
 * the stock left, or null when there was not enough (nothing is taken then).
 */
export async function takeStock(db: Kysely<Database>, productId: number, quantity: number): Promise<number | null> {
  const taken = await db
    .updateTable('product')
    .set((eb) => ({
      stock_qty: eb('stock_qty', '-', quantity),
      in_stock: eb.case().when('stock_qty', '>', quantity).then(1).else(0).end(),
    }))
    .where('id', '=', productId)
    .where('stock_qty', '>=', quantity)
    .returning('stock_qty')
    .executeTakeFirst();
  return taken ? Number(taken.stock_qty) : null;
}

/** A configurable parent is in stock while one of its variants is. Lock parents in id order. */
export async function refreshParentStock(db: Kysely<Database>, parentId: number): Promise<void> {
  const left = await db
    .selectFrom('product')
    .select('id')
    .where('parent_id', '=', parentId)
    .where('in_stock', '=', 1)
    .limit(1)
    .executeTakeFirst();
  await db
    .updateTable('product')
    .set({ in_stock: left ? 1 : 0 })
    .where('id', '=', parentId)
    .execute();
}

/** Puts quantities back on the shelf; the storefront shows the change at once. */
export async function returnStock(
  uow: UnitOfWork,
  returns: ReadonlyArray<{ productId: number; quantity: number }>,
): Promise<void> {
  const trx = uow.db;
  const byProduct = returns.filter((r) => r.quantity > 0).sort((a, b) => a.productId - b.productId);
  if (byProduct.length === 0) return;
  for (const { productId, quantity } of byProduct) {
    await trx
      .updateTable('product')
      .set((eb) => ({ stock_qty: eb('stock_qty', '+', quantity), in_stock: 1 }))
      .where('id', '=', productId)
      .execute();
  }
  const parents = await trx
    .selectFrom('product')
    .select('parent_id')
    .where(
      'id',
      'in',
      byProduct.map((r) => r.productId),
    )
    .where('parent_id', 'is not', null)
    .execute();
  const parentIds = [...new Set(parents.map((p) => p.parent_id!))];
  if (parentIds.length > 0)
    await trx.updateTable('product').set({ in_stock: 1 }).where('id', 'in', parentIds).execute();
  uow.catalogChanged();
}
