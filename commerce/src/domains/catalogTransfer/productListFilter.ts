import { sql, type Kysely } from 'kysely';
import type { TransferDatabase } from './transferTables';
import { STATUS_ENABLED } from './magentoCsvColumns';

// The products list's filter (search by sku or name, type, status, stock), shared by the list's
// page and by mass actions on "everything matching the filter", so both mean the same products.

export const LOW_STOCK = 5;

export interface ProductListFilter {
  search?: string | null;
  type?: string | null;
  enabled?: boolean | null;
  stock?: string | null;
}

/** A configurable's stock is its variants'. */
export const stockOf = sql<number>`CASE WHEN p.type = 'configurable' THEN COALESCE((SELECT SUM(v.stock_qty) FROM product v WHERE v.parent_id = p.id), 0) ELSE p.stock_qty END`;

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The products the list shows for `filter` (simple and configurable, not variants), as `p`. */
export function filteredProducts(db: Kysely<TransferDatabase>, filter: ProductListFilter) {
  const search = filter.search?.trim().slice(0, 100).toLowerCase() ?? '';
  let query = db.selectFrom('product as p').where('p.parent_id', 'is', null);
  if (filter.type) query = query.where('p.type', '=', filter.type.toLowerCase() as 'simple');
  if (filter.enabled !== undefined && filter.enabled !== null)
    query = query.where('p.status', filter.enabled ? '=' : '!=', STATUS_ENABLED);
  if (filter.stock === 'OUT') query = query.where(sql<boolean>`${stockOf} <= 0`);
  else if (filter.stock === 'LOW') query = query.where(sql<boolean>`${stockOf} BETWEEN 1 AND ${LOW_STOCK}`);
  else if (filter.stock === 'IN_STOCK') query = query.where(sql<boolean>`${stockOf} > ${LOW_STOCK}`);
  if (search) {
    const pattern = likePattern(search);
    query = query.where(
      sql<boolean>`(lower(p.sku) LIKE ${pattern} ESCAPE '\\' OR lower(p.name) LIKE ${pattern} ESCAPE '\\')`,
    );
  }
  return query;
}
