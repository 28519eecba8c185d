import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import { createVersionedCache } from '../../kernel/versionedCache';

/** Counts of one facet: option id (or category id, or whole-dollar price) → products. */
export type FacetCounts = Map<number, number>;

/** Every precomputed facet of a category's unfiltered listing, by facet name. */
export async function loadCategoryFacetCounts(
  db: Kysely<Database>,
  categoryId: number,
): Promise<Map<string, FacetCounts>> {
  const rows = await db
    .selectFrom('category_facet_count')
    .select(['facet', 'value', 'product_count'])
    .where('category_id', '=', categoryId)
    .execute();
  const byFacet = new Map<string, FacetCounts>();
  for (const row of rows) {
    let counts = byFacet.get(row.facet);
    if (!counts) byFacet.set(row.facet, (counts = new Map<number, number>()));
    counts.set(Number(row.value), Number(row.product_count));
  }
  return byFacet;
}

/**
 * The precomputed counts change only with the catalog, yet a big category's rows (hundreds of
 * facet values) cost more to read than the rest of its listing: they are kept per catalog
 * version, for the most recently listed categories.
 */
export function createCategoryFacetCountCache(db: Kysely<Database>, capacity = 128) {
  const cache = createVersionedCache<Map<string, FacetCounts>>(db, capacity);
  return (categoryId: number): Promise<Map<string, FacetCounts>> =>
    cache(String(categoryId), () => loadCategoryFacetCounts(db, categoryId));
}
