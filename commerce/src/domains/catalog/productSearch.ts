import { sql } from 'kysely';
import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { Database } from '../../db/tables';
import type { SearchIndex } from '../../db/searchIndex';
import type { ProductFilters } from './productFilters';

// The filtered set is built as joins rather than `id IN (…)` subqueries: SQLite then drives the
// query from the most selective index (the category's product list, or the full-text matches)
// instead of scanning every product and testing membership.

type Scope = Database & { p: Database['product']; cf: Database['category_product']; s: { product_id: number; score: number } };
export type FilteredProducts = SelectQueryBuilder<Scope, 'p' | 'cf' | 's', {}>;

export type SortField = 'relevance' | 'position' | 'name' | 'price';
export interface ProductSort {
  field: SortField;
  direction: 'ASC' | 'DESC';
}

const nothing = sql<boolean>`1 = 0`;

/**
 * Visible products matching the filters, as a query callers add their own selects to. `exclude`
 * drops one attribute's own condition, so its facet still shows the alternatives.
 * Aliases: p = product, cf = the filtered category link (single category only), s = search match.
 */
export function filteredProducts(db: Kysely<Database>, searchIndex: SearchIndex, filters: ProductFilters, search: string | null, exclude?: string): FilteredProducts {
  const anyDb = db as unknown as Kysely<Scope>;
  const categoryIds = filters.categoryIds;
  const singleCategory = categoryIds?.length === 1 ? (categoryIds[0] as number) : null;
  const matches = search !== null ? searchIndex.matches(db, search) : null;

  let query = (singleCategory !== null
    ? anyDb.selectFrom('category_product as cf').innerJoin('product as p', 'p.id', 'cf.product_id').where('cf.category_id', '=', singleCategory)
    : anyDb.selectFrom('product as p')) as unknown as FilteredProducts;
  if (matches) query = query.innerJoin(matches.as('s') as any, 's.product_id' as any, 'p.id') as unknown as FilteredProducts;
  else if (search !== null) query = query.where(nothing);

  query = query.where('p.visibility', '=', 4);
  if (categoryIds !== null && singleCategory === null) {
    query = categoryIds.length === 0 ? query.where(nothing) : query.where('p.id', 'in', db.selectFrom('category_product').select('product_id').where('category_id', 'in', categoryIds));
  }
  if (filters.skus !== null) query = filters.skus.length ? query.where('p.sku', 'in', filters.skus) : query.where(nothing);
  if (filters.urlKeys !== null) query = filters.urlKeys.length ? query.where('p.url_key', 'in', filters.urlKeys) : query.where(nothing);
  for (const { column, value } of filters.text) {
    const pattern = `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where(sql<boolean>`lower(${sql.ref(`p.${column}`)}) LIKE lower(${pattern}) ESCAPE '\\'`);
  }
  if (filters.price) {
    if (filters.price.from !== null) query = query.where('p.min_price', '>=', filters.price.from);
    if (filters.price.to !== null) query = query.where('p.min_price', '<=', filters.price.to);
  }
  for (const [code, optionIds] of filters.attributes) {
    if (code === exclude) continue;
    query = optionIds.length === 0
      ? query.where(nothing)
      : query.where('p.id', 'in', db.selectFrom('product_attribute_value').select('product_id').where('attribute_code', '=', code).where('option_id', 'in', optionIds));
  }
  return query;
}

export interface PageRequest {
  pageSize: number;
  currentPage: number;
}

/** One page of ids in the requested order. */
export async function pageOfProductIds(
  db: Kysely<Database>, searchIndex: SearchIndex, filters: ProductFilters, search: string | null, sort: ProductSort, page: PageRequest,
): Promise<number[]> {
  const direction = sort.direction === 'DESC' ? 'desc' : 'asc';
  const singleCategory = filters.categoryIds?.length === 1;
  let query = filteredProducts(db, searchIndex, filters, search).select('p.id');
  if (sort.field === 'relevance' && search !== null) query = query.orderBy('s.score', direction);
  else if ((sort.field === 'position' || sort.field === 'relevance') && singleCategory) query = query.orderBy('cf.position', direction);
  else query = query.orderBy(sort.field === 'name' ? 'p.name' : sort.field === 'price' ? 'p.min_price' : 'p.position', direction);
  const rows = await query.orderBy('p.id', 'asc').limit(page.pageSize).offset((page.currentPage - 1) * page.pageSize).execute();
  return rows.map((r) => r.id);
}

export async function countProducts(db: Kysely<Database>, searchIndex: SearchIndex, filters: ProductFilters, search: string | null): Promise<number> {
  const row = await filteredProducts(db, searchIndex, filters, search).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  return Number(row?.n ?? 0);
}
