import type { Kysely } from 'kysely';
import { catalogVersionOfRequest } from '../../db/catalogIndex';
import type { Database } from '../../db/tables';
import type { FacetCounts } from './categoryFacetCounts';
import type { ProductFilters } from './productFilters';

/**
 * What facet counting needs of every visible product, held in memory: its price, the categories
 * that list it (anchor style, as category_product_index has them) and its attribute options.
 *
 * A search or a filtered listing then runs one query for its candidate products (search text and
 * category applied, attribute and price filters not) and counts the total and every facet here,
 * each facet without its own filter, in one pass. Counted live in SQL, that was five queries that
 * each evaluated the search again: 9 of the 15 ms of CPU a search took at 10,000 products (issue 14).
 *
 * Rebuilt when the catalog version changes, so every process follows a write on its next search.
 */
export interface FacetSnapshot {
  readonly version: number;
  /** Row of a visible product, or undefined. */
  rowOf(productId: number): number | undefined;
  readonly price: Float64Array;
  readonly categoryStart: Uint32Array;
  readonly categoryIds: Int32Array;
  readonly optionStart: Uint32Array;
  readonly optionCodes: Uint16Array;
  readonly optionIds: Int32Array;
  readonly codes: readonly string[];
  /**
   * Dense counter slots, so a count is an array increment rather than a Map update: per entry of
   * categoryIds its slot, and per slot its category; per entry of optionIds its slot (one per
   * attribute and option), and per slot its attribute (index in `codes`) and option.
   */
  readonly categorySlots: Uint32Array;
  /** Per row the slot of its whole-dollar price, and per slot its dollars (-1: free). */
  readonly dollarSlots: Uint32Array;
  readonly dollarsOfSlot: Int32Array;
  readonly categoryOfSlot: Int32Array;
  readonly optionSlots: Uint32Array;
  readonly codeOfSlot: Uint16Array;
  readonly optionOfSlot: Int32Array;
}

/** Counts of one search or filtered listing: the total and each facet, as the SQL path counts them. */
export interface CountedFacets {
  total: number;
  /** Positions in `candidates` of the products that pass every filter, in candidate order. */
  passing: number[];
  /** Per category id: products of the filtered set it lists. */
  categories: FacetCounts;
  /** Whole dollars (-1 = free) over the set without its price filter. */
  priceHistogram: FacetCounts;
  /** Per attribute code: option counts; a filtered attribute counted without its own filter. */
  attributes: Map<string, FacetCounts>;
}

async function buildSnapshot(db: Kysely<Database>, version: number): Promise<FacetSnapshot> {
  const products = await db
    .selectFrom('product')
    .select(['id', 'min_price'])
    .where('visibility', '=', 4)
    .where('status', '=', 1)
    .orderBy('id')
    .execute();
  const rows = new Map<number, number>();
  const price = new Float64Array(products.length);
  products.forEach((p, i) => {
    rows.set(Number(p.id), i);
    price[i] = Number(p.min_price);
  });
  // Row + 1 by product id (0: not visible): ids are dense enough that an array beats a Map, and a
  // search looks up every candidate.
  const maxId = products.reduce((max, p) => Math.max(max, Number(p.id)), 0);
  const rowById = maxId <= MAX_DENSE_ID ? new Uint32Array(maxId + 1) : null;
  if (rowById) products.forEach((p, i) => (rowById[Number(p.id)] = i + 1));
  const dollarSlotOf = new Map<number, number>();
  const dollarSlots = Uint32Array.from(price, (minor) => {
    const dollars = dollarsOf(minor);
    let slot = dollarSlotOf.get(dollars);
    if (slot === undefined) dollarSlotOf.set(dollars, (slot = dollarSlotOf.size));
    return slot;
  });

  const grouped = <T>(pairs: Array<{ product_id: unknown } & T>) => {
    const byRow: T[][] = Array.from({ length: products.length }, () => []);
    for (const pair of pairs) {
      const row = rows.get(Number(pair.product_id));
      if (row !== undefined) byRow[row]!.push(pair);
    }
    return byRow;
  };
  const offsets = (byRow: unknown[][]) => {
    const start = new Uint32Array(byRow.length + 1);
    byRow.forEach((items, i) => (start[i + 1] = start[i]! + items.length));
    return start;
  };

  const categoryRows = grouped(
    await db.selectFrom('category_product_index').select(['product_id', 'category_id']).execute(),
  );
  const categoryStart = offsets(categoryRows);
  const categoryIds = Int32Array.from(categoryRows.flat(), (r) => Number(r.category_id));

  const optionRows = grouped(
    await db
      .selectFrom('product_attribute_value as v')
      .innerJoin('product as p', 'p.id', 'v.product_id')
      .select(['v.product_id', 'v.attribute_code', 'v.option_id'])
      .where('p.visibility', '=', 4)
      .where('p.status', '=', 1)
      .execute(),
  );
  const codes: string[] = [];
  const codeIndex = new Map<string, number>();
  const indexOf = (code: string) => {
    let index = codeIndex.get(code);
    if (index === undefined) codeIndex.set(code, (index = codes.push(code) - 1));
    return index;
  };
  const optionStart = offsets(optionRows);
  const flatOptions = optionRows.flat();
  const optionCodes = Uint16Array.from(flatOptions, (r) => indexOf(r.attribute_code));
  const optionIds = Int32Array.from(flatOptions, (r) => Number(r.option_id));

  const categorySlotOf = new Map<number, number>();
  const categorySlots = Uint32Array.from(categoryIds, (id) => {
    let slot = categorySlotOf.get(id);
    if (slot === undefined) categorySlotOf.set(id, (slot = categorySlotOf.size));
    return slot;
  });
  const optionSlotOf = new Map<string, number>();
  const optionSlots = new Uint32Array(optionIds.length);
  const slotKeys: Array<[number, number]> = [];
  for (let i = 0; i < optionIds.length; i++) {
    const key = `${optionCodes[i]}:${optionIds[i]}`;
    let slot = optionSlotOf.get(key);
    if (slot === undefined) {
      optionSlotOf.set(key, (slot = slotKeys.length));
      slotKeys.push([optionCodes[i]!, optionIds[i]!]);
    }
    optionSlots[i] = slot;
  }

  return {
    version,
    rowOf: rowById
      ? (productId) => {
          const row = rowById[productId];
          return row ? row - 1 : undefined;
        }
      : (productId) => rows.get(productId),
    price,
    dollarSlots,
    dollarsOfSlot: Int32Array.from(dollarSlotOf.keys()),
    categoryStart,
    categoryIds,
    optionStart,
    optionCodes,
    optionIds,
    codes,
    categorySlots,
    categoryOfSlot: Int32Array.from(categorySlotOf.keys()),
    optionSlots,
    codeOfSlot: Uint16Array.from(slotKeys, ([code]) => code),
    optionOfSlot: Int32Array.from(slotKeys, ([, option]) => option),
  };
}

/** Above this product id the row lookup stays a Map (an array would be mostly empty). */
const MAX_DENSE_ID = 4_000_000;

function bump(counts: Uint32Array, slot: number) {
  counts[slot] = counts[slot]! + 1;
}

/** Whole dollars as the SQL histogram has them: CAST(price / 100 AS INTEGER), -1 for free. */
function dollarsOf(minor: number): number {
  return minor > 0 ? Math.trunc(minor / 100) : -1;
}

/**
 * Counts `candidates` (the products the search text and category filters leave) against the
 * attribute and price filters. Null when a candidate is missing from the snapshot: the catalog
 * changed between the version check and the query, and the caller counts in SQL instead.
 */
export function countFacets(
  snapshot: FacetSnapshot,
  filters: ProductFilters,
  candidates: readonly number[],
): CountedFacets | null {
  const filtered = [...filters.attributes].map(([code, optionIds]) => ({
    code: snapshot.codes.indexOf(code),
    name: code,
    wanted: new Set(optionIds),
  }));
  const priceFilter = filters.price;
  const counted: CountedFacets = {
    total: 0,
    passing: [],
    categories: new Map(),
    priceHistogram: new Map(),
    attributes: new Map(filtered.map((f): [string, FacetCounts] => [f.name, new Map<number, number>()])),
  };
  const attributeCounts = (code: number) => {
    const name = snapshot.codes[code]!;
    let counts = counted.attributes.get(name);
    if (!counts) counted.attributes.set(name, (counts = new Map<number, number>()));
    return counts;
  };
  // Counted in dense slots (one array increment each), then handed out as Maps at the end.
  const optionCounts = new Uint32Array(snapshot.optionOfSlot.length);
  const dollarCounts = new Uint32Array(snapshot.dollarsOfSlot.length);
  const categoryCounts = new Uint32Array(snapshot.categoryOfSlot.length);
  // Local references: the loop below runs once per match and once per option of each.
  const { optionStart, optionSlots, optionCodes, optionIds, categoryStart, categorySlots, dollarSlots } = snapshot;
  const prices = snapshot.price;
  const rows = new Int32Array(candidates.length);
  for (let candidate = 0; candidate < candidates.length; candidate++) {
    const row = snapshot.rowOf(candidates[candidate]!);
    if (row === undefined) return null;
    rows[candidate] = row;
  }

  for (let candidate = 0; candidate < candidates.length; candidate++) {
    const row = rows[candidate]!;
    const from = optionStart[row]!;
    const to = optionStart[row + 1]!;
    // Which filters the product fails: -2 for price, else the index in `filtered`. Two or more
    // failures count it nowhere; exactly one counts it in that facet only.
    let failures = 0;
    let failed = -1;
    const price = prices[row]!;
    if (
      priceFilter &&
      ((priceFilter.from !== null && price < priceFilter.from) || (priceFilter.to !== null && price > priceFilter.to))
    ) {
      failures += 1;
      failed = -2;
    }
    for (let f = 0; f < filtered.length && failures < 2; f++) {
      const { code, wanted } = filtered[f]!;
      let has = false;
      for (let i = from; i < to && !has; i++) if (optionCodes[i] === code && wanted.has(optionIds[i]!)) has = true;
      if (!has) {
        failures += 1;
        failed = f;
      }
    }
    if (failures >= 2) continue;
    if (failures === 0 || failed === -2) bump(dollarCounts, dollarSlots[row]!);
    if (failures === 1) {
      if (failed >= 0) {
        const { code } = filtered[failed]!;
        for (let i = from; i < to; i++) if (optionCodes[i] === code) bump(optionCounts, optionSlots[i]!);
      }
      continue;
    }
    counted.total += 1;
    counted.passing.push(candidate);
    for (let i = categoryStart[row]!, end = categoryStart[row + 1]!; i < end; i++)
      bump(categoryCounts, categorySlots[i]!);
    // Every attribute's options; a filtered attribute's own facet also counts the products that
    // pass all filters, which are the ones that pass the rest.
    for (let i = from; i < to; i++) bump(optionCounts, optionSlots[i]!);
  }
  for (let slot = 0; slot < dollarCounts.length; slot++)
    if (dollarCounts[slot]! > 0) counted.priceHistogram.set(snapshot.dollarsOfSlot[slot]!, dollarCounts[slot]!);
  for (let slot = 0; slot < categoryCounts.length; slot++)
    if (categoryCounts[slot]! > 0) counted.categories.set(snapshot.categoryOfSlot[slot]!, categoryCounts[slot]!);
  for (let slot = 0; slot < optionCounts.length; slot++)
    if (optionCounts[slot]! > 0)
      attributeCounts(snapshot.codeOfSlot[slot]!).set(snapshot.optionOfSlot[slot]!, optionCounts[slot]!);
  return counted;
}

/** The snapshot for the catalog as it is now; one build per version, shared by concurrent searches. */
export function createFacetIndex(db: Kysely<Database>) {
  let ready: FacetSnapshot | null = null;
  let building: { version: number; promise: Promise<FacetSnapshot> } | null = null;
  return {
    async snapshot(): Promise<FacetSnapshot> {
      const version = await catalogVersionOfRequest(db);
      if (ready?.version === version) return ready;
      if (building?.version !== version) {
        const promise = buildSnapshot(db, version).then((snapshot) => (ready = snapshot));
        building = { version, promise };
        promise.catch(() => {
          if (building?.promise === promise) building = null;
        });
      }
      return building.promise;
    },
  };
}

export type FacetIndex = ReturnType<typeof createFacetIndex>;
