import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import type { SearchIndex } from '../../db/searchIndex';
import { CATEGORY_FACET, PRICE_FACET } from '../../db/catalogIndex';
import type { FacetCounts } from './categoryFacetCounts';
import type { CountedFacets } from './facetIndex';
import type { ProductFilters } from './productFilters';
import { categoryOnly, filteredProducts } from './productSearch';
import type { FacetExclusion } from './productSearch';
import { encodeUid } from '../../kernel/uids';
import type { StoreScope } from '../../kernel/storeScope';
import { storeLabels } from './translationService';
import { builtInLabels, type BuiltInLabels } from './builtInLabels';

export interface AggregationOption {
  label: string;
  value: string;
  count: number;
  /** A colour option's swatch (hex), served in the older `filters` shape as Magento's swatch data. */
  swatch?: string;
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
 * A step a shop would print: the converted step rounded to one significant digit (92 → 90,
 * 108 → 100, 13 800 → 10 000), so brackets in another currency read €0–€90, €90–€180 rather than
 * €0–€92, €92–€184.
 */
export function shopLikeStep(step: number): number {
  if (!(step > 0)) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(step));
  return Math.max(1, Math.round(step / magnitude)) * magnitude;
}

/**
 * Magento's automatic price ranges from a histogram by whole base-currency units (-1 = free): the
 * step is the power of ten below the highest price, and a product falls in floor(price / step).
 * In a display currency (`rate` from the base) the brackets are drawn in that currency, on a
 * shop-like step, and their values are in it (the price filter converts them back). Products are
 * placed by their whole base units converted, so one priced within one base unit under a bracket's
 * edge can be counted in the bracket below the one its shown price is in.
 */
export function priceRanges(histogram: FacetCounts, rate = 1): AggregationOption[] | null {
  const maxDollars = Math.max(-1, ...histogram.keys());
  if (maxDollars < 0) return null;
  const baseStep = priceStep(maxDollars * 100);
  const step = rate === 1 ? baseStep : shopLikeStep(baseStep * rate);
  const buckets = new Map<number, number>();
  for (const [dollars, n] of histogram) {
    // Rounded to cents first: 0.1 + 0.2 must not fall under a bracket's edge.
    const shown = Math.round(Math.max(0, dollars) * rate * 100) / 100;
    const bucket = Math.floor(shown / step + 1e-9);
    buckets.set(bucket, (buckets.get(bucket) ?? 0) + n);
  }
  const edge = (bucket: number) => String(Math.round(bucket * step * 100) / 100);
  return [...buckets.entries()]
    .sort((x, y) => x[0] - y[0])
    .map(([bucket, count]) => {
      const from = edge(bucket);
      const to = edge(bucket + 1);
      return { label: `${from}-${to}`, value: `${from}_${to}`, count };
    });
}

/** What facets are labelled and ordered with: the active categories and the filterable options. */
export interface FacetLabels {
  categories: readonly CategoryNode[];
  attributeOptions: ReadonlyArray<{
    id: number;
    attribute_code: string;
    label: string;
    swatch_value: string | null;
    attribute_label: string;
    attribute_position: number;
  }>;
  /** Labels of the facets and sorts every catalog has, in the store's language. */
  builtIn: BuiltInLabels;
}

/** Catalog data, so it changes only with the catalog version: callers keep it per version. */
export async function loadFacetLabels(db: Kysely<Database>, store: StoreScope): Promise<FacetLabels> {
  const [categories, attributeOptions, own] = await Promise.all([
    db
      .selectFrom('category')
      .select(['id', 'parent_id', 'level', 'name', 'position'])
      .where('is_active', '=', 1)
      .execute(),
    db
      .selectFrom('attribute_option as o')
      .innerJoin('attribute as a', 'a.code', 'o.attribute_code')
      .select([
        'o.id',
        'o.attribute_code',
        'o.label',
        'o.swatch_value',
        'a.label as attribute_label',
        'a.position as attribute_position',
      ])
      .where('a.is_filterable', '=', 1)
      .orderBy('a.position')
      .orderBy('a.code')
      .orderBy('o.position')
      .orderBy('o.id')
      .execute(),
    storeLabels(db, store),
  ]);
  const names = store.isDefault
    ? null
    : new Map(
        (
          await db
            .selectFrom('category_store')
            .select(['category_id', 'name'])
            .where('store_id', '=', store.id)
            .execute()
        ).map((r) => [r.category_id, r.name]),
      );
  return {
    categories: names ? categories.map((c) => ({ ...c, name: names.get(c.id) ?? c.name })) : categories,
    attributeOptions: attributeOptions.map((o) => ({
      ...o,
      label: own.options.get(o.id) ?? o.label,
      attribute_label: own.attributes.get(o.attribute_code) ?? o.attribute_label,
    })),
    builtIn: builtInLabels(store.locale),
  };
}

/**
 * Facet counts over the filtered products. Each facet that is itself filtered is counted
 * without its own condition, so a shopper still sees the other values they can switch to.
 *
 * Whenever a facet's effective filter is one category and nothing else (every unfiltered category
 * page, and a filtered attribute's own facet when it is the only filter), its counts come from
 * category_facet_count in one lookup; only genuinely filtered sets are counted live.
 */
export async function computeAggregations(
  db: Kysely<Database>,
  searchIndex: SearchIndex,
  filters: ProductFilters,
  search: string | null,
  { categories, attributeOptions, builtIn }: FacetLabels,
  directChildrenOnly: boolean,
  facetCountsOf: (categoryId: number) => Promise<Map<string, FacetCounts>>,
  /** The facets already counted in memory (facetIndex.ts); counted in SQL when null. */
  counted: CountedFacets | null = null,
  /** Units of the display currency per base unit: the price brackets are drawn in the display currency. */
  rate = 1,
): Promise<Aggregation[]> {
  const precomputedFor = async (categoryId: number, facet: string): Promise<FacetCounts> =>
    (await facetCountsOf(categoryId)).get(facet) ?? new Map();

  /** Live counts of one attribute's options, or of every attribute's when `code` is undefined. */
  const liveAttributeCounts = async (exclude: FacetExclusion, code?: string) => {
    const set = filteredProducts(db, searchIndex, filters, search, exclude);
    let query = set.query
      .innerJoin('product_attribute_value as v', 'v.product_id', set.id)
      .select(['v.attribute_code', 'v.option_id', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy(['v.attribute_code', 'v.option_id']);
    if (code !== undefined) query = query.where('v.attribute_code', '=', code);
    return (await query.execute()) as Array<{ attribute_code: string; option_id: number; n: number | string | bigint }>;
  };

  const attributeCounts = async (): Promise<Map<string, FacetCounts>> => {
    const byCode = new Map<string, FacetCounts>();
    const add = (code: string, optionId: number, n: number) => {
      let counts = byCode.get(code);
      if (!counts) byCode.set(code, (counts = new Map<number, number>()));
      counts.set(optionId, n);
    };
    const unfilteredCategory = categoryOnly(filters, search);
    if (unfilteredCategory !== null) {
      for (const [facet, counts] of await facetCountsOf(unfilteredCategory))
        if (facet !== CATEGORY_FACET && facet !== PRICE_FACET && !filters.attributes.has(facet))
          byCode.set(facet, counts);
    } else {
      for (const row of await liveAttributeCounts(undefined))
        if (!filters.attributes.has(row.attribute_code)) add(row.attribute_code, row.option_id, Number(row.n));
    }
    for (const code of filters.attributes.keys()) {
      const own = categoryOnly(filters, search, code);
      if (own !== null) byCode.set(code, await precomputedFor(own, code));
      else for (const row of await liveAttributeCounts(code, code)) add(code, row.option_id, Number(row.n));
    }
    return byCode;
  };

  const categoryCounts = async (): Promise<FacetCounts> => {
    const only = categoryOnly(filters, search);
    if (only !== null) return precomputedFor(only, CATEGORY_FACET);
    const set = filteredProducts(db, searchIndex, filters, search);
    const rows = await set.query
      .innerJoin('category_product_index as cc', 'cc.product_id', set.id)
      .select(['cc.category_id', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('cc.category_id')
      .execute();
    return new Map(rows.map((r: { category_id: unknown; n: unknown }) => [Number(r.category_id), Number(r.n)]));
  };

  const priceBuckets = async () => {
    const only = categoryOnly(filters, search, 'price');
    let histogram: FacetCounts;
    if (only !== null) histogram = await precomputedFor(only, PRICE_FACET);
    else {
      const set = filteredProducts(db, searchIndex, filters, search, 'price');
      const dollars = sql<number>`CASE WHEN ${sql.ref(set.price)} > 0 THEN CAST(${sql.ref(set.price)} / 100 AS INTEGER) ELSE -1 END`;
      const rows = await set.query
        .select([dollars.as('dollars'), (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy(dollars)
        .execute();
      histogram = new Map(rows.map((r: { dollars: unknown; n: unknown }) => [Number(r.dollars), Number(r.n)]));
    }
    return priceRanges(histogram, rate);
  };

  const [countByCategory, prices, byCode] = await Promise.all([
    counted ? counted.categories : categoryCounts(),
    counted ? priceRanges(counted.priceHistogram, rate) : priceBuckets(),
    counted ? counted.attributes : attributeCounts(),
  ]);

  const aggregations: Aggregation[] = [];
  const filtered = filters.categoryIds?.length === 1 ? filters.categoryIds[0] : undefined;
  const categoryOptions = categories
    .filter((c) => c.level >= 2 && c.id !== filtered)
    .filter((c) => !directChildrenOnly || (filtered !== undefined ? c.parent_id === filtered : c.level === 2))
    .sort((a, b) => a.level - b.level || a.position - b.position || a.id - b.id)
    .map((c) => ({ label: c.name, value: encodeUid(c.id), count: countByCategory.get(c.id) ?? 0 }))
    .filter((o) => o.count > 0);
  if (categoryOptions.length > 0) {
    aggregations.push({
      attribute_code: 'category_uid',
      label: builtIn.category,
      count: categoryOptions.length,
      position: 0,
      options: categoryOptions,
    });
  }
  if (prices)
    aggregations.push({
      attribute_code: 'price',
      label: builtIn.price,
      count: prices.length,
      position: 5,
      options: prices,
    });

  const byAttribute = new Map<string, Aggregation>();
  for (const option of attributeOptions) {
    const count = byCode.get(option.attribute_code)?.get(option.id) ?? 0;
    if (count === 0) continue;
    let aggregation = byAttribute.get(option.attribute_code);
    if (!aggregation) {
      aggregation = {
        attribute_code: option.attribute_code,
        label: option.attribute_label,
        count: 0,
        position: option.attribute_position,
        options: [],
      };
      byAttribute.set(option.attribute_code, aggregation);
      aggregations.push(aggregation);
    }
    aggregation.options.push({
      label: option.label,
      value: String(option.id),
      count,
      ...(option.swatch_value ? { swatch: option.swatch_value } : {}),
    });
    aggregation.count = aggregation.options.length;
  }
  return aggregations;
}
