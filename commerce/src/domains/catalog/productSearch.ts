import { sql } from 'kysely';
import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { Database, ProductTable } from '../../db/tables';
import type { SearchIndex } from '../../db/searchIndex';
import type { ProductFilters } from './productFilters';

type ProductScope = Database & { p: ProductTable };
export type ProductIdQuery = SelectQueryBuilder<ProductScope, 'p', { id: number }>;

export type SortField = 'relevance' | 'position' | 'name' | 'price';
export interface ProductSort {
  field: SortField;
  direction: 'ASC' | 'DESC';
}

/**
 * Builds the set of visible products matching the filters, as a subquery of ids. `exclude`
 * drops one attribute's own condition, so its facet still shows the alternatives.
 */
export function filteredProductIds(db: Kysely<Database>, searchIndex: SearchIndex, filters: ProductFilters, search: string | null, exclude?: string): ProductIdQuery {
  let query = db.selectFrom('product as p').select('p.id').where('p.visibility', '=', 4) as unknown as ProductIdQuery;
  if (filters.categoryIds !== null) {
    const ids = filters.categoryIds;
    query = ids.length === 0 ? query.where(sql<boolean>`1 = 0`) : query.where('p.id', 'in', db.selectFrom('category_product').select('product_id').where('category_id', 'in', ids));
  }
  if (filters.skus !== null) query = filters.skus.length ? query.where('p.sku', 'in', filters.skus) : query.where(sql<boolean>`1 = 0`);
  if (filters.urlKeys !== null) query = filters.urlKeys.length ? query.where('p.url_key', 'in', filters.urlKeys) : query.where(sql<boolean>`1 = 0`);
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
      ? query.where(sql<boolean>`1 = 0`)
      : query.where('p.id', 'in', db.selectFrom('product_attribute_value').select('product_id').where('attribute_code', '=', code).where('option_id', 'in', optionIds));
  }
  if (search !== null) {
    const matches = searchIndex.matches(db, search);
    query = matches
      ? query.where('p.id', 'in', (db as Kysely<any>).selectFrom(matches.as('m')).select('m.product_id'))
      : query.where(sql<boolean>`1 = 0`);
  }
  return query;
}

export interface PageRequest {
  pageSize: number;
  currentPage: number;
}

/**
 * One page of ids in the requested order. Position within a single filtered category uses
 * the category's own ordering; relevance joins the search scores.
 */
export async function pageOfProductIds(
  db: Kysely<Database>, searchIndex: SearchIndex, filters: ProductFilters, search: string | null, sort: ProductSort, page: PageRequest,
): Promise<number[]> {
  const ids = filteredProductIds(db, searchIndex, filters, search);
  const direction = sort.direction === 'DESC' ? 'desc' : 'asc';
  const offset = (page.currentPage - 1) * page.pageSize;
  const singleCategory = filters.categoryIds?.length === 1 ? (filters.categoryIds[0] as number) : null;

  if (sort.field === 'relevance' && search !== null) {
    const matches = searchIndex.matches(db, search);
    if (!matches) return [];
    const rows = await db
      .selectFrom(matches.as('s') as any)
      .select(sql<number>`s.product_id`.as('id'))
      .where(sql.ref('s.product_id'), 'in', ids)
      .orderBy(sql`s.score`, direction === 'asc' ? 'asc' : 'desc')
      .orderBy(sql`s.product_id`, 'asc')
      .limit(page.pageSize)
      .offset(offset)
      .execute();
    return rows.map((r: { id: number }) => r.id);
  }
  if ((sort.field === 'position' || sort.field === 'relevance') && singleCategory !== null) {
    const rows = await db
      .selectFrom('category_product as cp')
      .select('cp.product_id as id')
      .where('cp.category_id', '=', singleCategory)
      .where('cp.product_id', 'in', ids)
      .orderBy('cp.position', direction)
      .orderBy('cp.product_id', 'asc')
      .limit(page.pageSize)
      .offset(offset)
      .execute();
    return rows.map((r) => r.id);
  }
  const column = sort.field === 'name' ? 'p.name' : sort.field === 'price' ? 'p.min_price' : 'p.position';
  const rows = await ids.orderBy(column, direction).orderBy('p.id', 'asc').limit(page.pageSize).offset(offset).execute();
  return rows.map((r) => r.id);
}

export async function countProducts(db: Kysely<Database>, searchIndex: SearchIndex, filters: ProductFilters, search: string | null): Promise<number> {
  const ids = filteredProductIds(db, searchIndex, filters, search);
  const row = await db.selectFrom(ids.as('f')).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  return Number(row?.n ?? 0);
}
