import type { UnitOfWork } from '../../kernel/transaction';

/**
 * Puts quantities back on the shelf (a canceled order, a refund with return to stock); a
 * configurable parent is in stock again with its variant. The storefront shows the change at once.
 */
export async function returnStock(
  uow: UnitOfWork,
  returns: ReadonlyArray<{ productId: number; quantity: number }>,
): Promise<void> {
  const trx = uow.db;
  // Rows locked in one global order (by id) cannot deadlock against another order's locks.
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
