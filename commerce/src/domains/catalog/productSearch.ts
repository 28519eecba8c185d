import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import type { SearchIndex } from '../../db/searchIndex';
import type { ProductFilters } from './productFilters';
import type { UntypedDb, UntypedSelect } from '../../db/untyped';

// A single-category listing is driven from category_product_index, which already holds only the
// category's visible products (descendants included) with their sort keys: counting, paging and
// price facets then walk one index and never read the product table. The product table is
// joined only for filters on its own columns.

export type SortField = 'relevance' | 'position' | 'name' | 'price';
export interface ProductSort {
  field: SortField;
  direction: 'ASC' | 'DESC';
}

/** The filtered products as a query callers add their own selects to, and where its columns live. */
export interface FilteredProducts {
  query: UntypedSelect<object>;
  id: string;
  price: string;
  name: string;
  /** Listing position; the category's own when the query is driven from one category. */
  position: string;
  /** Set when the query joins the search matches (alias s, with s.score). */
  searched: boolean;
}

const nothing = sql<boolean>`1 = 0`;

/** Which of the filters a facet ignores: its own, so the facet still shows the alternatives. */
export type FacetExclusion = string | undefined;

/** The category a query reduces to when nothing but one category (after `exclude`) filters it. */
export function categoryOnly(filters: ProductFilters, search: string | null, exclude?: FacetExclusion): number | null {
  if (search !== null || filters.categoryIds?.length !== 1) return null;
  if (filters.skus !== null || filters.urlKeys !== null || filters.text.length > 0) return null;
  if (filters.price !== null && exclude !== 'price') return null;
  for (const code of filters.attributes.keys()) if (code !== exclude) return null;
  return filters.categoryIds[0] ?? null;
}

/**
 * Visible products matching the filters. `exclude` drops one facet's own condition (an attribute
 * code or 'price').
 */
export function filteredProducts(
  db: Kysely<Database>,
  searchIndex: SearchIndex,
  filters: ProductFilters,
  search: string | null,
  exclude?: FacetExclusion,
): FilteredProducts {
  const anyDb = db as unknown as UntypedDb;
  const categoryIds = filters.categoryIds;
  const singleCategory = categoryIds?.length === 1 ? (categoryIds[0] as number) : null;
  const needsProductRow = filters.skus !== null || filters.urlKeys !== null || filters.text.length > 0;

  let query: UntypedSelect<object>;
  let columns: Omit<FilteredProducts, 'query' | 'searched'>;
  if (singleCategory !== null) {
    query = anyDb.selectFrom('category_product_index as cf').where('cf.category_id', '=', singleCategory);
    if (needsProductRow) query = query.innerJoin('product as p', 'p.id', 'cf.product_id');
    columns = { id: 'cf.product_id', price: 'cf.price', name: 'cf.name', position: 'cf.position' };
  } else {
    query = anyDb.selectFrom('product as p').where('p.visibility', '=', 4).where('p.status', '=', 1);
    if (categoryIds !== null) {
      query =
        categoryIds.length === 0
          ? query.where(nothing)
          : query.where(
              'p.id',
              'in',
              anyDb.selectFrom('category_product_index').select('product_id').where('category_id', 'in', categoryIds),
            );
    }
    columns = { id: 'p.id', price: 'p.min_price', name: 'p.name', position: 'p.position' };
  }

  const matches = search !== null ? searchIndex.matches(db, search) : null;
  if (matches) query = query.innerJoin(matches.as('s'), 's.product_id', columns.id);
  else if (search !== null) query = query.where(nothing);

  if (filters.skus !== null)
    query = filters.skus.length ? query.where('p.sku', 'in', filters.skus) : query.where(nothing);
  if (filters.urlKeys !== null)
    query = filters.urlKeys.length ? query.where('p.url_key', 'in', filters.urlKeys) : query.where(nothing);
  for (const { column, value } of filters.text) {
    const pattern = `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where(sql<boolean>`lower(${sql.ref(`p.${column}`)}) LIKE lower(${pattern}) ESCAPE '\\'`);
  }
  if (filters.price && exclude !== 'price') {
    if (filters.price.from !== null) query = query.where(columns.price, '>=', filters.price.from);
    if (filters.price.to !== null) query = query.where(columns.price, '<=', filters.price.to);
  }
  for (const [code, optionIds] of filters.attributes) {
    if (code === exclude) continue;
    query =
      optionIds.length === 0
        ? query.where(nothing)
        : query.where(
            columns.id,
            'in',
            anyDb
              .selectFrom('product_attribute_value')
              .select('product_id')
              .where('attribute_code', '=', code)
              .where('option_id', 'in', optionIds),
          );
  }
  return { query, ...columns, searched: matches !== null };
}

export interface PageRequest {
  pageSize: number;
  currentPage: number;
}

/** One page of ids in the requested order. */
export async function pageOfProductIds(
  db: Kysely<Database>,
  searchIndex: SearchIndex,
  filters: ProductFilters,
  search: string | null,
  sort: ProductSort,
  page: PageRequest,
): Promise<number[]> {
  const set = filteredProducts(db, searchIndex, filters, search);
  const direction = sort.direction === 'DESC' ? 'desc' : 'asc';
  let query = set.query.select(sql.ref<number>(set.id).as('id'));
  if (sort.field === 'relevance' && set.searched) query = query.orderBy('s.score', direction);
  else
    query = query.orderBy(
      sort.field === 'name' ? set.name : sort.field === 'price' ? set.price : set.position,
      direction,
    );
  const rows = await query
    .orderBy(set.id, 'asc')
    .limit(page.pageSize)
    .offset((page.currentPage - 1) * page.pageSize)
    .execute();
  return rows.map((r) => Number(r.id));
}

export async function countProducts(
  db: Kysely<Database>,
  searchIndex: SearchIndex,
  filters: ProductFilters,
  search: string | null,
): Promise<number> {
  const row = await filteredProducts(db, searchIndex, filters, search)
    .query.select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Candidates for facetIndex.ts, with their search scores when the search ranks them. */
export interface FacetCandidates {
  ids: number[];
  /** Relevance per candidate (higher is better), present when the query searched. */
  scores: number[] | null;
}

/**
 * The products the search text and the category, sku, url key and text filters leave, before
 * the attribute and price filters: what facetIndex.ts counts every facet over. With a search,
 * each comes with its score, so the page sorted by relevance needs no second query.
 */
export async function facetCandidates(
  db: Kysely<Database>,
  searchIndex: SearchIndex,
  filters: ProductFilters,
  search: string | null,
): Promise<FacetCandidates> {
  const set = filteredProducts(db, searchIndex, { ...filters, attributes: new Map(), price: null }, search);
  let query = set.query.select(sql.ref<number>(set.id).as('id'));
  if (set.searched) query = query.select(sql.ref<number>('s.score').as('score'));
  const rows = (await query.execute()) as Array<{ id: unknown; score?: unknown }>;
  return {
    ids: rows.map((r) => Number(r.id)),
    scores: set.searched ? rows.map((r) => Number(r.score)) : null,
  };
}

/** Every candidate's position in relevance order, per direction: sorted once per cached candidate set. */
const relevanceOrders = new WeakMap<FacetCandidates, { ASC?: Uint32Array; DESC?: Uint32Array }>();

function relevanceOrder(
  candidates: FacetCandidates,
  scores: readonly number[],
  direction: 'ASC' | 'DESC',
): Uint32Array {
  let orders = relevanceOrders.get(candidates);
  if (!orders) relevanceOrders.set(candidates, (orders = {}));
  let order = orders[direction];
  if (!order) {
    const { ids } = candidates;
    const sign = direction === 'DESC' ? -1 : 1;
    order = Uint32Array.from(ids.keys()).sort((a, b) => sign * (scores[a]! - scores[b]!) || ids[a]! - ids[b]!);
    orders[direction] = order;
  }
  return order;
}

/**
 * One page of `positions` (into the candidates) by relevance, ties by id, as pageOfProductIds
 * orders a searched query. The candidates' order is worked out once; a page walks it.
 */
export function pageByRelevance(
  candidates: FacetCandidates,
  positions: readonly number[],
  direction: 'ASC' | 'DESC',
  page: PageRequest,
): number[] {
  const { ids, scores } = candidates;
  if (!scores) throw new Error('pageByRelevance: the candidates of a search have scores');
  // Keyed by the cached candidates object itself: pass it, never a copy.
  const order = relevanceOrder(candidates, scores, direction);
  const start = (page.currentPage - 1) * page.pageSize;
  const end = start + page.pageSize;
  // Every candidate passes (no attribute or price filter): the page is a slice.
  if (positions.length === ids.length) return Array.from(order.subarray(start, end), (position) => ids[position]!);
  const passes = new Uint8Array(ids.length);
  for (const position of positions) passes[position] = 1;
  const result: number[] = [];
  let seen = 0;
  for (let i = 0; i < order.length && seen < end; i++) {
    const position = order[i]!;
    if (passes[position] !== 1) continue;
    if (seen >= start) result.push(ids[position]!);
    seen++;
  }
  return result;
}

/**
 * One page of `positions` (indexes into `ids`) ordered by a number each product has, ties by id,
 * as the SQL listing orders a product column (`order by p.<column> <direction>, p.id asc`).
 */
export function pageByValue(
  ids: readonly number[],
  positions: readonly number[],
  valueOf: (productId: number) => number,
  direction: 'ASC' | 'DESC',
  page: PageRequest,
): number[] {
  const sign = direction === 'DESC' ? -1 : 1;
  return positions
    .map((position) => ids[position]!)
    .sort((a, b) => sign * (valueOf(a) - valueOf(b)) || a - b)
    .slice((page.currentPage - 1) * page.pageSize, page.currentPage * page.pageSize);
}
