import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import type { SearchIndex } from '../../db/searchIndex';
import type { ProductFilters } from './productFilters';
import { filteredProductIds } from './productSearch';
import { encodeUid } from './uids';

export interface AggregationOption {
  label: string;
  value: string;
  count: number;
}

export interface Aggregation {
  attribute_code: string;
  label: string;
  count: number;
  position: number;
  options: AggregationOption[];
}

interface CategoryNode {
  id: number;
  parent_id: number | null;
  level: number;
  name: string;
  position: number;
}

/** Step of the price buckets: a power of ten below the highest price, as Magento's automatic ranges. */
function priceStep(maxMinor: number): number {
  const dollars = Math.max(1, Math.floor(maxMinor / 100));
  return 10 ** (String(dollars).length - 1);
}

/**
 * Facet counts over the filtered products. Each attribute that is itself filtered is counted
 * without its own condition, so a shopper still sees the other values they can switch to.
 */
export async function computeAggregations(
  db: Kysely<Database>, searchIndex: SearchIndex, filters: ProductFilters, search: string | null, categories: readonly CategoryNode[], directChildrenOnly: boolean,
): Promise<Aggregation[]> {
  const ids = filteredProductIds(db, searchIndex, filters, search);
  const aggregations: Aggregation[] = [];

  // Categories
  const categoryCounts = await db
    .selectFrom('category_product')
    .select(['category_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('product_id', 'in', ids)
    .groupBy('category_id')
    .execute();
  const countByCategory = new Map(categoryCounts.map((r) => [r.category_id, Number(r.n)]));
  const filtered = filters.categoryIds?.length === 1 ? filters.categoryIds[0] : undefined;
  const candidates = categories
    .filter((c) => c.level >= 2 && c.id !== filtered)
    .filter((c) => !directChildrenOnly || (filtered !== undefined ? c.parent_id === filtered : c.level === 2))
    .sort((a, b) => a.level - b.level || a.position - b.position || a.id - b.id);
  const categoryOptions = candidates
    .map((c) => ({ label: c.name, value: encodeUid(c.id), count: countByCategory.get(c.id) ?? 0 }))
    .filter((o) => o.count > 0);
  if (categoryOptions.length > 0) {
    aggregations.push({ attribute_code: 'category_uid', label: 'Category', count: categoryOptions.length, position: 0, options: categoryOptions });
  }

  // Price buckets
  const priceIds = filters.price ? filteredProductIds(db, searchIndex, { ...filters, price: null }, search) : ids;
  const maxRow = await db.selectFrom('product').select((eb) => eb.fn.max('min_price').as('max')).where('id', 'in', priceIds).executeTakeFirst();
  const maxPrice = Number(maxRow?.max ?? 0);
  if (maxPrice > 0) {
    const step = priceStep(maxPrice) * 100;
    const buckets = await db
      .selectFrom('product')
      .select([sql<number>`CAST(min_price / ${step} AS INTEGER)`.as('bucket'), (eb) => eb.fn.countAll<number>().as('n')])
      .where('id', 'in', priceIds)
      .groupBy(sql`CAST(min_price / ${step} AS INTEGER)`)
      .orderBy('bucket')
      .execute();
    const options = buckets.map((b) => {
      const from = (Number(b.bucket) * step) / 100;
      const to = from + step / 100;
      return { label: `${from}-${to}`, value: `${from}_${to}`, count: Number(b.n) };
    });
    aggregations.push({ attribute_code: 'price', label: 'Price', count: options.length, position: 5, options });
  }

  // Attributes: one grouped query for the unfiltered ones, one per filtered attribute.
  const attributes = await db.selectFrom('attribute').selectAll().where('is_filterable', '=', 1).orderBy('position').execute();
  const options = await db.selectFrom('attribute_option').selectAll().orderBy('attribute_code').orderBy('position').execute();
  const counts = new Map<number, number>();
  const addCounts = (rows: Array<{ option_id: number; n: number | string | bigint }>) => {
    for (const row of rows) counts.set(row.option_id, Number(row.n));
  };
  const filteredCodes = attributes.map((a) => a.code).filter((code) => filters.attributes.has(code));
  const unfilteredCodes = attributes.map((a) => a.code).filter((code) => !filters.attributes.has(code));
  if (unfilteredCodes.length > 0) {
    addCounts(await db
      .selectFrom('product_attribute_value')
      .select(['option_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('product_id', 'in', ids)
      .where('attribute_code', 'in', unfilteredCodes)
      .groupBy('option_id')
      .execute());
  }
  for (const code of filteredCodes) {
    const ownIds = filteredProductIds(db, searchIndex, filters, search, code);
    addCounts(await db
      .selectFrom('product_attribute_value')
      .select(['option_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('product_id', 'in', ownIds)
      .where('attribute_code', '=', code)
      .groupBy('option_id')
      .execute());
  }
  for (const attribute of attributes) {
    const attributeOptions = options
      .filter((o) => o.attribute_code === attribute.code && (counts.get(o.id) ?? 0) > 0)
      .map((o) => ({ label: o.label, value: String(o.id), count: counts.get(o.id) ?? 0 }));
    if (attributeOptions.length === 0) continue;
    aggregations.push({ attribute_code: attribute.code, label: attribute.label, count: attributeOptions.length, position: attribute.position, options: attributeOptions });
  }
  return aggregations;
}
