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
 * A snapshot is a base block (the catalog as a whole build or the last compaction read it) and an
 * overlay block of the products changed since (issue 33): a save makes a new overlay from the old
 * one and the changed rows, so its cost follows the products changed, not the catalog. Base rows of
 * changed products are shadowed (a byte per row, copied only when a newly changed product is in the
 * base). When the overlay grows past `compactionThreshold`, base and overlay are merged once.
 */
export interface FacetSnapshot {
  readonly version: number;
  /** Counter slots, shared with the snapshots patched from this one (they only grow). */
  readonly tables: SlotTables;
  readonly base: FacetBlock;
  /** Row in `base` of a product id, or undefined (shadowed rows included: see `shadowed`). */
  readonly baseRowOf: (productId: number) => number | undefined;
  /** Per base row: 1 when its product changed since the base was made (its row is in the overlay, or gone). */
  readonly shadowed: Uint8Array;
  readonly overlay: FacetBlock;
  /** Per product changed since the base: its row in `overlay`, or -1 when it is not visible now. */
  readonly overlayRows: ReadonlyMap<number, number>;
}

/**
 * Dense counter slots, so a count is an array increment rather than a Map update: per category,
 * per attribute option and per whole-dollar price a slot. Append-only: a slot keeps its number for
 * every snapshot that shares the tables (a slot no product uses any more counts nothing); facets are
 * put in order from their labels, never from slot order, so the answers are those of a fresh build.
 */
interface SlotTables {
  /** Attribute codes; a block's optionCodes index them. */
  readonly codes: string[];
  readonly codeIndex: Map<string, number>;
  readonly dollarsOfSlot: number[];
  readonly dollarSlot: Map<number, number>;
  readonly categoryOfSlot: number[];
  readonly categorySlot: Map<number, number>;
  /** Per option slot its attribute (index in `codes`) and option. */
  readonly codeOfSlot: number[];
  readonly optionOfSlot: number[];
  readonly optionSlot: Map<number, number>;
}

/**
 * Products' facet data in rows, one per product by ascending id, each row's categories by id and
 * options by attribute and option, with each entry's counter slot.
 */
interface FacetBlock {
  readonly productIds: Int32Array;
  readonly price: Float64Array;
  /** Per row the slot of its whole-dollar price. */
  readonly dollarSlots: Uint32Array;
  readonly categoryStart: Uint32Array;
  readonly categoryIds: Int32Array;
  readonly categorySlots: Uint32Array;
  readonly optionStart: Uint32Array;
  /** Index in the tables' `codes`. */
  readonly optionCodes: Uint16Array;
  readonly optionIds: Int32Array;
  readonly optionSlots: Uint32Array;
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

/** Products read per page of a whole build, so the event loop runs between pages. */
const BUILD_PAGE = 5000;
/** Products per query of a patch: each id is a bound parameter. */
const PATCH_CHUNK = 500;

/** Overlay size (products changed since the base) beyond which a patch merges it into the base. */
function compactionThreshold(baseRows: number): number {
  return Math.max(4096, baseRows >> 6);
}

function newTables(): SlotTables {
  return {
    codes: [],
    codeIndex: new Map(),
    dollarsOfSlot: [],
    dollarSlot: new Map(),
    categoryOfSlot: [],
    categorySlot: new Map(),
    codeOfSlot: [],
    optionOfSlot: [],
    optionSlot: new Map(),
  };
}

const optionKey = (code: number, option: number) => code * 4294967296 + (option >>> 0);

function slotOf<K>(slots: Map<K, number>, ofSlot: K[], key: K): number {
  let slot = slots.get(key);
  if (slot === undefined) slots.set(key, (slot = ofSlot.push(key) - 1));
  return slot;
}

function codeOf(tables: SlotTables, code: string): number {
  let index = tables.codeIndex.get(code);
  if (index === undefined) tables.codeIndex.set(code, (index = tables.codes.push(code) - 1));
  return index;
}

interface RowsBuilder {
  push(id: number, price: number, categories: readonly number[], options: ReadonlyArray<[string, number]>): void;
  block(): FacetBlock;
}

/** Rows pushed by ascending id, their slots taken from (and added to) `tables`. */
function rowsBuilder(tables: SlotTables): RowsBuilder {
  const productIds: number[] = [];
  const prices: number[] = [];
  const dollarSlots: number[] = [];
  const categoryStart = [0];
  const categoryIds: number[] = [];
  const categorySlots: number[] = [];
  const optionStart = [0];
  const optionCodes: number[] = [];
  const optionIds: number[] = [];
  const optionSlots: number[] = [];
  return {
    push(id, price, categories, options) {
      productIds.push(id);
      prices.push(price);
      dollarSlots.push(slotOf(tables.dollarSlot, tables.dollarsOfSlot, dollarsOf(price)));
      for (const c of [...categories].sort((a, b) => a - b)) {
        categoryIds.push(c);
        categorySlots.push(slotOf(tables.categorySlot, tables.categoryOfSlot, c));
      }
      categoryStart.push(categoryIds.length);
      const sorted = [...options].sort(([ca, oa], [cb, ob]) => (ca < cb ? -1 : ca > cb ? 1 : oa - ob));
      for (const [code, option] of sorted) {
        const index = codeOf(tables, code);
        optionCodes.push(index);
        optionIds.push(option);
        const key = optionKey(index, option);
        let slot = tables.optionSlot.get(key);
        if (slot === undefined) {
          tables.optionSlot.set(key, (slot = tables.codeOfSlot.length));
          tables.codeOfSlot.push(index);
          tables.optionOfSlot.push(option);
        }
        optionSlots.push(slot);
      }
      optionStart.push(optionIds.length);
    },
    block: () => ({
      productIds: Int32Array.from(productIds),
      price: Float64Array.from(prices),
      dollarSlots: Uint32Array.from(dollarSlots),
      categoryStart: Uint32Array.from(categoryStart),
      categoryIds: Int32Array.from(categoryIds),
      categorySlots: Uint32Array.from(categorySlots),
      optionStart: Uint32Array.from(optionStart),
      optionCodes: Uint16Array.from(optionCodes),
      optionIds: Int32Array.from(optionIds),
      optionSlots: Uint32Array.from(optionSlots),
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
  const tables = newTables();
  const into = rowsBuilder(tables);
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
  return withBase(version, tables, into.block());
}

/** A snapshot of `base` alone, with its lookup by product id. */
function withBase(version: number, tables: SlotTables, base: FacetBlock): FacetSnapshot {
  const { productIds } = base;
  // Row + 1 by product id (0: not in the block): ids are dense enough that an array beats a Map,
  // and a search looks up every candidate.
  const maxId = productIds.length > 0 ? productIds[productIds.length - 1]! : 0;
  const rowById = maxId <= MAX_DENSE_ID ? new Uint32Array(maxId + 1) : null;
  if (rowById) for (let i = 0; i < productIds.length; i++) rowById[productIds[i]!] = i + 1;
  const byId = rowById ? null : new Map(Array.from(productIds, (id, i) => [id, i]));
  return {
    version,
    tables,
    base,
    baseRowOf: rowById
      ? (productId) => {
          const row = rowById[productId];
          return row ? row - 1 : undefined;
        }
      : (productId) => byId?.get(productId),
    shadowed: new Uint8Array(productIds.length),
    overlay: rowsBuilder(tables).block(),
    overlayRows: new Map(),
  };
}

/**
 * `old` without the rows of `dropped` products, with the rows of `added` put in id order. Slots are
 * copied as they are: both blocks number them from the same tables.
 */
function mergeBlocks(old: FacetBlock, dropped: (productId: number) => boolean, added: FacetBlock): FacetBlock {
  let rowCount = added.productIds.length;
  let categoryCount = added.categoryIds.length;
  let optionCount = added.optionIds.length;
  for (let row = 0; row < old.productIds.length; row++) {
    if (dropped(old.productIds[row]!)) continue;
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
  const copy = (from: FacetBlock, row: number) => {
    productIds[out] = from.productIds[row]!;
    price[out] = from.price[row]!;
    dollarSlots[out] = from.dollarSlots[row]!;
    for (let i = from.categoryStart[row]!, end = from.categoryStart[row + 1]!; i < end; i++, c++) {
      categoryIds[c] = from.categoryIds[i]!;
      categorySlots[c] = from.categorySlots[i]!;
    }
    for (let i = from.optionStart[row]!, end = from.optionStart[row + 1]!; i < end; i++, o++) {
      optionCodes[o] = from.optionCodes[i]!;
      optionIds[o] = from.optionIds[i]!;
      optionSlots[o] = from.optionSlots[i]!;
    }
    out += 1;
    categoryStart[out] = c;
    optionStart[out] = o;
  };
  let next = 0;
  for (let row = 0; row < old.productIds.length; row++) {
    const id = old.productIds[row]!;
    while (next < added.productIds.length && added.productIds[next]! < id) copy(added, next++);
    if (!dropped(id)) copy(old, row);
  }
  while (next < added.productIds.length) copy(added, next++);
  return {
    productIds,
    price,
    dollarSlots,
    categoryStart,
    categoryIds,
    categorySlots,
    optionStart,
    optionCodes,
    optionIds,
    optionSlots,
  };
}

/**
 * `previous` with the rows of `changed` products made again from the database (issue 33): the
 * database reads only what changed, and the new overlay is the old one (products changed since the
 * base) with those rows replaced. The base is shared, untouched; once the overlay outgrows
 * `compactionThreshold` the two are merged into a new base.
 */
async function patchSnapshot(
  db: Kysely<Database>,
  previous: FacetSnapshot,
  version: number,
  changed: ReadonlySet<number>,
  compactAbove: (baseRows: number) => number,
): Promise<FacetSnapshot> {
  const { tables } = previous;
  const fresh = rowsBuilder(tables);
  const ids = [...changed].sort((a, b) => a - b);
  for (let at = 0; at < ids.length; at += PATCH_CHUNK)
    await readRows(db, fresh, { only: ids.slice(at, at + PATCH_CHUNK) });
  const overlay = mergeBlocks(previous.overlay, (id) => changed.has(id), fresh.block());
  const overlayRows = new Map<number, number>();
  for (const id of previous.overlayRows.keys()) overlayRows.set(id, -1);
  for (const id of changed) overlayRows.set(id, -1);
  for (let row = 0; row < overlay.productIds.length; row++) overlayRows.set(overlay.productIds[row]!, row);
  if (overlayRows.size > compactAbove(previous.base.productIds.length))
    return withBase(
      version,
      tables,
      mergeBlocks(previous.base, (id) => overlayRows.has(id), overlay),
    );
  let shadowed = previous.shadowed;
  for (const id of changed) {
    const row = previous.baseRowOf(id);
    if (row === undefined || shadowed[row]) continue;
    if (shadowed === previous.shadowed) shadowed = shadowed.slice();
    shadowed[row] = 1;
  }
  return { ...previous, version, shadowed, overlay, overlayRows };
}

/**
 * Where a product's row is: base row r as r, overlay row r as -(r + 1); undefined when the product
 * is not visible (or not in the snapshot).
 */
function locate(snapshot: FacetSnapshot, productId: number): number | undefined {
  const row = snapshot.baseRowOf(productId);
  if (row !== undefined && snapshot.shadowed[row] === 0) return row;
  const changed = snapshot.overlayRows.get(productId);
  return changed === undefined || changed < 0 ? undefined : -(changed + 1);
}

/** A visible product's price in the snapshot (minor units), or undefined. */
export function facetPriceOf(snapshot: FacetSnapshot, productId: number): number | undefined {
  const at = locate(snapshot, productId);
  if (at === undefined) return undefined;
  return at >= 0 ? snapshot.base.price[at] : snapshot.overlay.price[-at - 1];
}

/** Products of the snapshot, base and overlay together. */
export function facetProductCount(snapshot: FacetSnapshot): number {
  let shadowedRows = 0;
  for (let row = 0; row < snapshot.shadowed.length; row++) shadowedRows += snapshot.shadowed[row]!;
  return snapshot.base.productIds.length - shadowedRows + snapshot.overlay.productIds.length;
}

/** Above this product id the row lookup stays a Map (an array would be mostly empty). */
const MAX_DENSE_ID = 4_000_000;

/** Whole dollars as the SQL histogram has them: CAST(price / 100 AS INTEGER), -1 for free. */
function dollarsOf(minor: number): number {
  return minor > 0 ? Math.trunc(minor / 100) : -1;
}

interface Filtered {
  code: number;
  name: string;
  wanted: ReadonlySet<number>;
}

interface Counters {
  options: Uint32Array;
  dollars: Uint32Array;
  categories: Uint32Array;
  /** Per candidate: 1 when it passes every filter. */
  passed: Uint8Array;
}

/**
 * Counts the candidates whose rows are in `block` (`overlay`: those located as negative rows).
 * Returns how many pass every filter.
 */
function countBlock(
  block: FacetBlock,
  overlay: boolean,
  located: Int32Array,
  filtered: readonly Filtered[],
  priceFilter: ProductFilters['price'],
  counters: Counters,
): number {
  // Local references: the loop below runs once per match and once per option of each.
  const { optionStart, optionSlots, optionCodes, optionIds, categoryStart, categorySlots, dollarSlots } = block;
  const prices = block.price;
  const optionCounts = counters.options;
  const dollarCounts = counters.dollars;
  const categoryCounts = counters.categories;
  let total = 0;
  for (let candidate = 0; candidate < located.length; candidate++) {
    let row = located[candidate]!;
    if (overlay) {
      if (row >= 0) continue;
      row = -row - 1;
    } else if (row < 0) continue;
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
    total += 1;
    counters.passed[candidate] = 1;
    for (let i = categoryStart[row]!, end = categoryStart[row + 1]!; i < end; i++)
      bump(categoryCounts, categorySlots[i]!);
    // Every attribute's options; a filtered attribute's own facet also counts the products that
    // pass all filters, which are the ones that pass the rest.
    for (let i = from; i < to; i++) bump(optionCounts, optionSlots[i]!);
  }
  return total;
}

function bump(counts: Uint32Array, slot: number) {
  counts[slot] = counts[slot]! + 1;
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
  const { tables } = snapshot;
  const filtered: Filtered[] = [...filters.attributes].map(([code, optionIds]) => ({
    code: tables.codeIndex.get(code) ?? -1,
    name: code,
    wanted: new Set(optionIds),
  }));
  const counted: CountedFacets = {
    total: 0,
    passing: [],
    categories: new Map(),
    priceHistogram: new Map(),
    attributes: new Map(filtered.map((f): [string, FacetCounts] => [f.name, new Map<number, number>()])),
  };
  const attributeCounts = (code: number) => {
    const name = tables.codes[code]!;
    let counts = counted.attributes.get(name);
    if (!counts) counted.attributes.set(name, (counts = new Map<number, number>()));
    return counts;
  };
  const located = new Int32Array(candidates.length);
  let inOverlay = 0;
  for (let candidate = 0; candidate < candidates.length; candidate++) {
    const at = locate(snapshot, candidates[candidate]!);
    if (at === undefined) return null;
    located[candidate] = at;
    if (at < 0) inOverlay += 1;
  }
  // Counted in dense slots (one array increment each), then handed out as Maps at the end.
  const counters: Counters = {
    options: new Uint32Array(tables.optionOfSlot.length),
    dollars: new Uint32Array(tables.dollarsOfSlot.length),
    categories: new Uint32Array(tables.categoryOfSlot.length),
    passed: new Uint8Array(candidates.length),
  };
  if (inOverlay < candidates.length)
    counted.total += countBlock(snapshot.base, false, located, filtered, filters.price, counters);
  if (inOverlay > 0) counted.total += countBlock(snapshot.overlay, true, located, filtered, filters.price, counters);
  for (let candidate = 0; candidate < candidates.length; candidate++)
    if (counters.passed[candidate]) counted.passing.push(candidate);
  const { dollars, categories, options } = counters;
  for (let slot = 0; slot < dollars.length; slot++)
    if (dollars[slot]! > 0) counted.priceHistogram.set(tables.dollarsOfSlot[slot]!, dollars[slot]!);
  for (let slot = 0; slot < categories.length; slot++)
    if (categories[slot]! > 0) counted.categories.set(tables.categoryOfSlot[slot]!, categories[slot]!);
  for (let slot = 0; slot < options.length; slot++)
    if (options[slot]! > 0) attributeCounts(tables.codeOfSlot[slot]!).set(tables.optionOfSlot[slot]!, options[slot]!);
  return counted;
}

/**
 * The snapshot for the catalog as it is now, one per version, shared by concurrent searches. A
 * newer version patches the previous snapshot with the products the change log names (issue 33).
 * When only a whole build will do (an import, a setting, a pruned log), searches do not wait for
 * it: `snapshot()` answers null meanwhile and they count in SQL, which is exact; serving the
 * previous snapshot instead would count the old catalog.
 */
export function createFacetIndex(db: Kysely<Database>, options: { compactAbove?: (baseRows: number) => number } = {}) {
  const compactAbove = options.compactAbove ?? compactionThreshold;
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
            start(version, false, patchSnapshot(db, base, version, changes.products, compactAbove));
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
