import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';

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
