import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import type { SearchIndex } from '../../db/searchIndex';
import type { ProductFilters } from './productFilters';
import { filteredProducts } from './productSearch';
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
  const base = () => filteredProducts(db, searchIndex, filters, search);
  const aggregations: Aggregation[] = [];

  // Categories
  const categoryCounts = await base()
    .innerJoin('category_product as cc', 'cc.product_id', 'p.id')
    .select(['cc.category_id', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('cc.category_id')
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
  const priceBase = () => filteredProducts(db, searchIndex, filters.price ? { ...filters, price: null } : filters, search);
  const maxRow = await priceBase().select((eb) => eb.fn.max('p.min_price').as('max')).executeTakeFirst();
  const maxPrice = Number(maxRow?.max ?? 0);
  if (maxPrice > 0) {
    const step = priceStep(maxPrice) * 100;
    const buckets = await priceBase()
      .select([sql<number>`CAST(p.min_price / ${step} AS INTEGER)`.as('bucket'), (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy(sql`CAST(p.min_price / ${step} AS INTEGER)`)
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
    // Counting every attribute and ignoring the filtered ones below is cheaper than an IN on the code.
    const rows = await base()
      .innerJoin('product_attribute_value as v', 'v.product_id', 'p.id')
      .select(['v.attribute_code', 'v.option_id', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy(['v.attribute_code', 'v.option_id'])
      .execute();
    addCounts(rows.filter((r) => unfilteredCodes.includes(r.attribute_code)));
  }
  for (const code of filteredCodes) {
    addCounts(await filteredProducts(db, searchIndex, filters, search, code)
      .innerJoin('product_attribute_value as v', 'v.product_id', 'p.id')
      .select(['v.option_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('v.attribute_code', '=', code)
      .groupBy('v.option_id')
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
