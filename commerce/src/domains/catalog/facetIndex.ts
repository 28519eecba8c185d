import type { Kysely } from 'kysely';
import { catalogVersionOfRequest } from '../../db/catalogIndex';
import { readCatalogChanges } from '../../kernel/catalogChangeLog';
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
  /** What the snapshot was made from, for the next patch. */
  readonly rows: FacetRows;
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

/**
 * Visible products' facet data in rows, one per product by ascending id, each row's categories by
 * id and options by attribute and option: the same content, whichever way it was put together,
 * gives the same snapshot (a patched one equals a fresh one).
 */
interface FacetRows {
  productIds: Int32Array;
  price: Float64Array;
  categoryStart: Uint32Array;
  categoryIds: Int32Array;
  optionStart: Uint32Array;
  /** Index in `codes`. */
  optionCodes: Uint16Array;
  optionIds: Int32Array;
  codes: readonly string[];
}

/** Products read per page of a whole build, so the event loop runs between pages. */
const BUILD_PAGE = 5000;
/** Products per query of a patch: each id is a bound parameter. */
const PATCH_CHUNK = 500;

interface RowsBuilder {
  push(id: number, price: number, categories: readonly number[], options: ReadonlyArray<[string, number]>): void;
  rows(): FacetRows;
}

function rowsBuilder(): RowsBuilder {
  const productIds: number[] = [];
  const prices: number[] = [];
  const categoryStart = [0];
  const categoryIds: number[] = [];
  const optionStart = [0];
  const optionCodes: number[] = [];
  const optionIds: number[] = [];
  const codes: string[] = [];
  const codeIndex = new Map<string, number>();
  return {
    push(id, price, categories, options) {
      productIds.push(id);
      prices.push(price);
      for (const c of [...categories].sort((a, b) => a - b)) categoryIds.push(c);
      categoryStart.push(categoryIds.length);
      const sorted = [...options].sort(([ca, oa], [cb, ob]) => (ca < cb ? -1 : ca > cb ? 1 : oa - ob));
      for (const [code, option] of sorted) {
        let index = codeIndex.get(code);
        if (index === undefined) codeIndex.set(code, (index = codes.push(code) - 1));
        optionCodes.push(index);
        optionIds.push(option);
      }
      optionStart.push(optionIds.length);
    },
    rows: () => ({
      productIds: Int32Array.from(productIds),
      price: Float64Array.from(prices),
      categoryStart: Uint32Array.from(categoryStart),
      categoryIds: Int32Array.from(categoryIds),
      optionStart: Uint32Array.from(optionStart),
      optionCodes: Uint16Array.from(optionCodes),
      optionIds: Int32Array.from(optionIds),
      codes,
    }),
  };
}

/** The facet data of visible products: those of `only`, or those with ids in (after, upTo]. */
async function readRows(
  db: Kysely<Database>,
  into: RowsBuilder,
  where: { only: readonly number[] } | { after: number; upTo: number | null },
): Promise<number> {
  const products = await db
    .selectFrom('product')
    .select(['id', 'min_price'])
    .where('visibility', '=', 4)
    .where('status', '=', 1)
    .$if('only' in where, (q) => q.where('id', 'in', 'only' in where ? where.only : []))
    .$if('after' in where, (q) => q.where('id', '>', 'after' in where ? where.after : 0))
    .$if('upTo' in where && where.upTo !== null, (q) => q.where('id', '<=', 'upTo' in where ? (where.upTo ?? 0) : 0))
    .orderBy('id')
    .execute();
  if (products.length === 0) return 0;
  const ids = products.map((p) => Number(p.id));
  const first = ids[0]!;
  const last = ids[ids.length - 1]!;
  const [categories, options] = await Promise.all([
    db
      .selectFrom('category_product_index')
      .select(['product_id', 'category_id'])
      .$if('only' in where, (q) => q.where('product_id', 'in', ids))
      .$if(!('only' in where), (q) => q.where('product_id', '>=', first).where('product_id', '<=', last))
      .execute(),
    db
      .selectFrom('product_attribute_value as v')
      .innerJoin('product as p', 'p.id', 'v.product_id')
      .select(['v.product_id', 'v.attribute_code', 'v.option_id'])
      .where('p.visibility', '=', 4)
      .where('p.status', '=', 1)
      .$if('only' in where, (q) => q.where('v.product_id', 'in', ids))
      .$if(!('only' in where), (q) => q.where('v.product_id', '>=', first).where('v.product_id', '<=', last))
      .execute(),
  ]);
  const categoriesOf = new Map<number, number[]>();
  for (const row of categories) {
    const id = Number(row.product_id);
    const list = categoriesOf.get(id);
    if (list) list.push(Number(row.category_id));
    else categoriesOf.set(id, [Number(row.category_id)]);
  }
  const optionsOf = new Map<number, Array<[string, number]>>();
  for (const row of options) {
    const id = Number(row.product_id);
    const pair: [string, number] = [row.attribute_code, Number(row.option_id)];
    const list = optionsOf.get(id);
    if (list) list.push(pair);
    else optionsOf.set(id, [pair]);
  }
  for (const p of products) {
    const id = Number(p.id);
    into.push(id, Number(p.min_price), categoriesOf.get(id) ?? [], optionsOf.get(id) ?? []);
  }
  return last;
}

/** Every visible product's facet data, a page of products at a time. */
async function buildSnapshot(db: Kysely<Database>, version: number): Promise<FacetSnapshot> {
  const into = rowsBuilder();
  let after = 0;
  for (;;) {
    const upToRow = await db
      .selectFrom('product')
      .select('id')
      .where('id', '>', after)
      .orderBy('id')
      .offset(BUILD_PAGE - 1)
      .limit(1)
      .executeTakeFirst();
    // The last page has no upper bound (PostgreSQL ids are 32-bit integers: no sentinel fits).
    const upTo = upToRow ? Number(upToRow.id) : null;
    await readRows(db, into, { after, upTo });
    if (upTo === null) break;
    after = upTo;
  }
  return snapshotOf(version, into.rows());
}

/** Finds or makes a counter slot: slots of the previous snapshot keep their numbers. */
function slotTable<K>(keys: Iterable<K>) {
  const slotOf = new Map<K, number>();
  const ofSlot: K[] = [];
  for (const key of keys) {
    slotOf.set(key, ofSlot.length);
    ofSlot.push(key);
  }
  return {
    ofSlot,
    slot(key: K): number {
      let slot = slotOf.get(key);
      if (slot === undefined) slotOf.set(key, (slot = ofSlot.push(key) - 1));
      return slot;
    },
  };
}

const optionKey = (code: number, option: number) => code * 4294967296 + (option >>> 0);

/**
 * `previous` with the rows of `changed` products made again from the database (issue 33). Other
 * rows are copied entry by entry with their counter slots, so the database reads only what changed
 * and the copy is a pass over typed arrays (no allocation per product). Slots keep their numbers
 * (a slot no product uses any more counts nothing); facets are put in order from their labels,
 * never from slot order, so the answers are those of a fresh snapshot.
 */
async function patchSnapshot(
  db: Kysely<Database>,
  previous: FacetSnapshot,
  version: number,
  changed: ReadonlySet<number>,
): Promise<FacetSnapshot> {
  const fresh = rowsBuilder();
  const ids = [...changed].sort((a, b) => a - b);
  for (let at = 0; at < ids.length; at += PATCH_CHUNK)
    await readRows(db, fresh, { only: ids.slice(at, at + PATCH_CHUNK) });
  const patch = fresh.rows();
  const old = previous.rows;

  const codes = [...old.codes];
  const codeIndex = new Map(codes.map((code, i) => [code, i]));
  const patchCodes = Uint16Array.from(patch.codes, (code) => {
    let index = codeIndex.get(code);
    if (index === undefined) codeIndex.set(code, (index = codes.push(code) - 1));
    return index;
  });
  const dollars = slotTable(previous.dollarsOfSlot);
  const categories = slotTable(previous.categoryOfSlot);
  const options = slotTable(
    Array.from(previous.codeOfSlot, (code, slot) => optionKey(code, previous.optionOfSlot[slot]!)),
  );

  let rowCount = patch.productIds.length;
  let categoryCount = patch.categoryIds.length;
  let optionCount = patch.optionIds.length;
  for (let row = 0; row < old.productIds.length; row++) {
    if (changed.has(old.productIds[row]!)) continue;
    rowCount += 1;
    categoryCount += old.categoryStart[row + 1]! - old.categoryStart[row]!;
    optionCount += old.optionStart[row + 1]! - old.optionStart[row]!;
  }
  const productIds = new Int32Array(rowCount);
  const price = new Float64Array(rowCount);
  const dollarSlots = new Uint32Array(rowCount);
  const categoryStart = new Uint32Array(rowCount + 1);
  const categoryIds = new Int32Array(categoryCount);
  const categorySlots = new Uint32Array(categoryCount);
  const optionStart = new Uint32Array(rowCount + 1);
  const optionCodes = new Uint16Array(optionCount);
  const optionIds = new Int32Array(optionCount);
  const optionSlots = new Uint32Array(optionCount);
  let out = 0;
  let c = 0;
  let o = 0;
  const copyOld = (row: number) => {
    productIds[out] = old.productIds[row]!;
    price[out] = old.price[row]!;
    dollarSlots[out] = previous.dollarSlots[row]!;
    for (let i = old.categoryStart[row]!, end = old.categoryStart[row + 1]!; i < end; i++, c++) {
      categoryIds[c] = old.categoryIds[i]!;
      categorySlots[c] = previous.categorySlots[i]!;
    }
    for (let i = old.optionStart[row]!, end = old.optionStart[row + 1]!; i < end; i++, o++) {
      optionCodes[o] = old.optionCodes[i]!;
      optionIds[o] = old.optionIds[i]!;
      optionSlots[o] = previous.optionSlots[i]!;
    }
    out += 1;
    categoryStart[out] = c;
    optionStart[out] = o;
  };
  const copyNew = (row: number) => {
    productIds[out] = patch.productIds[row]!;
    price[out] = patch.price[row]!;
    dollarSlots[out] = dollars.slot(dollarsOf(patch.price[row]!));
    for (let i = patch.categoryStart[row]!, end = patch.categoryStart[row + 1]!; i < end; i++, c++) {
      categoryIds[c] = patch.categoryIds[i]!;
      categorySlots[c] = categories.slot(patch.categoryIds[i]!);
    }
    for (let i = patch.optionStart[row]!, end = patch.optionStart[row + 1]!; i < end; i++, o++) {
      optionCodes[o] = patchCodes[patch.optionCodes[i]!]!;
      optionIds[o] = patch.optionIds[i]!;
      optionSlots[o] = options.slot(optionKey(optionCodes[o]!, optionIds[o]!));
    }
    out += 1;
    categoryStart[out] = c;
    optionStart[out] = o;
  };
  let next = 0;
  for (let row = 0; row < old.productIds.length; row++) {
    const id = old.productIds[row]!;
    while (next < patch.productIds.length && patch.productIds[next]! < id) copyNew(next++);
    if (!changed.has(id)) copyOld(row);
  }
  while (next < patch.productIds.length) copyNew(next++);

  const rows: FacetRows = { productIds, price, categoryStart, categoryIds, optionStart, optionCodes, optionIds, codes };
  return counting(version, rows, {
    dollarSlots,
    dollarsOfSlot: Int32Array.from(dollars.ofSlot),
    categorySlots,
    categoryOfSlot: Int32Array.from(categories.ofSlot),
    optionSlots,
    codeOfSlot: Uint16Array.from(options.ofSlot, (key) => Math.floor(key / 4294967296)),
    optionOfSlot: Int32Array.from(options.ofSlot, (key) => (key % 4294967296) | 0),
  });
}

type Slots = Pick<
  FacetSnapshot,
  'dollarSlots' | 'dollarsOfSlot' | 'categorySlots' | 'categoryOfSlot' | 'optionSlots' | 'codeOfSlot' | 'optionOfSlot'
>;

/** A snapshot of rows and their counter slots, with the lookup by product id. */
function counting(version: number, rows: FacetRows, slots: Slots): FacetSnapshot {
  const { productIds } = rows;
  // Row + 1 by product id (0: not visible): ids are dense enough that an array beats a Map, and a
  // search looks up every candidate.
  const maxId = productIds.length > 0 ? productIds[productIds.length - 1]! : 0;
  const rowById = maxId <= MAX_DENSE_ID ? new Uint32Array(maxId + 1) : null;
  if (rowById) for (let i = 0; i < productIds.length; i++) rowById[productIds[i]!] = i + 1;
  const byId = rowById ? null : new Map(Array.from(productIds, (id, i) => [id, i]));
  return {
    version,
    rows,
    rowOf: rowById
      ? (productId) => {
          const row = rowById[productId];
          return row ? row - 1 : undefined;
        }
      : (productId) => byId?.get(productId),
    price: rows.price,
    categoryStart: rows.categoryStart,
    categoryIds: rows.categoryIds,
    optionStart: rows.optionStart,
    optionCodes: rows.optionCodes,
    optionIds: rows.optionIds,
    codes: rows.codes,
    ...slots,
  };
}

/** The counting structures of some rows, slots numbered in order of first use. */
function snapshotOf(version: number, rows: FacetRows): FacetSnapshot {
  const dollars = slotTable<number>([]);
  const dollarSlots = Uint32Array.from(rows.price, (minor) => dollars.slot(dollarsOf(minor)));
  const categories = slotTable<number>([]);
  const categorySlots = Uint32Array.from(rows.categoryIds, (id) => categories.slot(id));
  const options = slotTable<number>([]);
  const optionSlots = new Uint32Array(rows.optionIds.length);
  for (let i = 0; i < rows.optionIds.length; i++)
    optionSlots[i] = options.slot(optionKey(rows.optionCodes[i]!, rows.optionIds[i]!));
  return counting(version, rows, {
    dollarSlots,
    dollarsOfSlot: Int32Array.from(dollars.ofSlot),
    categorySlots,
    categoryOfSlot: Int32Array.from(categories.ofSlot),
    optionSlots,
    codeOfSlot: Uint16Array.from(options.ofSlot, (key) => Math.floor(key / 4294967296)),
    optionOfSlot: Int32Array.from(options.ofSlot, (key) => (key % 4294967296) | 0),
  });
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

/**
 * The snapshot for the catalog as it is now, one per version, shared by concurrent searches. A
 * newer version patches the previous snapshot with the products the change log names (issue 33).
 * When only a whole build will do (an import, a setting, a pruned log), searches do not wait for
 * it: `snapshot()` answers null meanwhile and they count in SQL, which is exact; serving the
 * previous snapshot instead would count the old catalog.
 */
export function createFacetIndex(db: Kysely<Database>) {
  let ready: FacetSnapshot | null = null;
  let building: { version: number; whole: boolean; promise: Promise<FacetSnapshot> } | null = null;
  const start = (version: number, whole: boolean, promise: Promise<FacetSnapshot>) => {
    const current = { version, whole, promise };
    building = current;
    promise.then(
      (snapshot) => {
        if (!ready || snapshot.version > ready.version) ready = snapshot;
        if (building === current) building = null;
      },
      () => {
        if (building === current) building = null;
      },
    );
  };
  return {
    /** The snapshot of this request's catalog version (or newer); null while a whole rebuild runs. */
    async snapshot(): Promise<FacetSnapshot | null> {
      const version = await catalogVersionOfRequest(db);
      if (ready && ready.version >= version) return ready;
      if (!building || building.version < version) {
        const base = ready;
        const changes = base ? await readCatalogChanges(db, base.version, version) : null;
        if (ready && ready.version >= version) return ready;
        if (!building || building.version < version) {
          if (base && changes && !changes.everything)
            start(version, false, patchSnapshot(db, base, version, changes.products));
          else start(version, true, buildSnapshot(db, version));
        }
      }
      const current = building!;
      // A first build or a patch is awaited; a rebuild of a process that already served is not.
      if (current.whole && ready) {
        current.promise.catch(() => {});
        return null;
      }
      return current.promise;
    },
  };
}

export type FacetIndex = ReturnType<typeof createFacetIndex>;
