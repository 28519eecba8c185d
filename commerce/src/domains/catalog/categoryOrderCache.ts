import { sql, type Kysely } from 'kysely';
import { catalogVersionOfRequest } from '../../db/catalogIndex';
import type { Database } from '../../db/tables';
import { readCatalogChanges } from '../../kernel/catalogChangeLog';

/**
 * A category listing's products in each sort order, as the listing query orders them
 * (category_product_index by the sort column, then product id ascending): paging and the next
 * shopper's visit take a slice instead of an indexed scan.
 *
 * When the catalog version moves and the change log names the products that changed (issue 33),
 * orders by price and by position are patched: those products are taken out and put back where
 * their values now sort, read from category_product_index in one query. Reading the whole root
 * category again cost 229–399 ms at 50,000 products after every save. Orders by name are dropped
 * instead (the database's collation decides their order, which JavaScript cannot repeat exactly),
 * and so is everything when the log cannot say what changed.
 */
export type CategorySortField = 'position' | 'name' | 'price';

interface Order {
  ids: Int32Array;
  /** Each product's sort value (price or position); null for orders by name. */
  values: Float64Array | null;
}

interface Entry {
  categoryId: number;
  field: CategorySortField;
  descending: boolean;
  promise: Promise<Order>;
  /** Set once loaded: only loaded orders are patched (a load in flight may have read either side of a change). */
  order: Order | null;
  weight: number;
}

/** An order's memory in units of 8 bytes (a slot of a JavaScript array of ids, what the budget counts). */
const weightOf = (order: Order) => Math.max(1, Math.ceil(order.ids.length * (order.values ? 1.5 : 0.5)));

/** Products per query of a patch: each id is a bound parameter. */
const PATCH_CHUNK = 500;

const column = { price: 'price', position: 'position', name: 'name' } as const;

async function loadOrder(
  db: Kysely<Database>,
  categoryId: number,
  field: CategorySortField,
  descending: boolean,
): Promise<Order> {
  const rows = await db
    .selectFrom('category_product_index')
    .select(['product_id', sql.ref<number | string>(column[field]).as('value')])
    .where('category_id', '=', categoryId)
    .orderBy(column[field], descending ? 'desc' : 'asc')
    .orderBy('product_id', 'asc')
    .execute();
  return {
    ids: Int32Array.from(rows, (r) => Number(r.product_id)),
    values: field === 'name' ? null : Float64Array.from(rows, (r) => Number(r.value)),
  };
}

/** `order` without the `changed` products, with `fresh` (this category's rows of them now) merged in. */
export function patchOrder(
  order: Order & { values: Float64Array },
  changed: ReadonlySet<number>,
  fresh: ReadonlyArray<{ id: number; value: number }>,
  descending: boolean,
): Order {
  const before = (aValue: number, aId: number, bValue: number, bId: number) =>
    aValue !== bValue ? (descending ? aValue > bValue : aValue < bValue) : aId < bId;
  const added = [...fresh].sort((a, b) => (before(a.value, a.id, b.value, b.id) ? -1 : 1));
  const { ids, values } = order;
  let kept = 0;
  for (let i = 0; i < ids.length; i++) if (!changed.has(ids[i]!)) kept += 1;
  const outIds = new Int32Array(kept + added.length);
  const outValues = new Float64Array(kept + added.length);
  let out = 0;
  let next = 0;
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i]!;
    if (changed.has(id)) continue;
    const value = values[i]!;
    while (next < added.length && before(added[next]!.value, added[next]!.id, value, id)) {
      outIds[out] = added[next]!.id;
      outValues[out++] = added[next++]!.value;
    }
    outIds[out] = id;
    outValues[out++] = value;
  }
  for (; next < added.length; next++) {
    outIds[out] = added[next]!.id;
    outValues[out++] = added[next]!.value;
  }
  return { ids: outIds, values: outValues };
}

/**
 * Orders of category listings, as many ids in all as `capacity` (the least recently used let go
 * first), kept across catalog versions by patching (above).
 */
export function createCategoryOrderCache(db: Kysely<Database>, capacity: number) {
  let version = -1;
  let used = 0;
  const entries = new Map<string, Entry>();
  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    used -= entry.weight;
  };
  const clear = () => {
    entries.clear();
    used = 0;
  };

  /** Brings every loaded order to `target`: patched from the change log, or dropped. */
  const moveTo = async (target: number) => {
    if (target <= version) return;
    for (const [key, entry] of entries) if (!entry.order || entry.field === 'name') drop(key);
    const changes = version < 0 || entries.size === 0 ? null : await readCatalogChanges(db, version, target);
    if (!changes || changes.everything) clear();
    else if (changes.products.size > 0) {
      const changed = changes.products;
      const categories = [...new Set([...entries.values()].map((e) => e.categoryId))];
      const ids = [...changed];
      const rows: Array<{ category_id: number; product_id: number; price: number; position: number }> = [];
      for (let at = 0; at < ids.length; at += PATCH_CHUNK)
        rows.push(
          ...(await db
            .selectFrom('category_product_index')
            .select(['category_id', 'product_id', 'price', 'position'])
            .where('product_id', 'in', ids.slice(at, at + PATCH_CHUNK))
            .where('category_id', 'in', categories)
            .execute()),
        );
      for (const entry of entries.values()) {
        const { order, field } = entry;
        if (!order?.values || field === 'name') continue;
        const fresh = rows
          .filter((r) => Number(r.category_id) === entry.categoryId)
          .map((r) => ({ id: Number(r.product_id), value: Number(field === 'price' ? r.price : r.position) }));
        entry.order = patchOrder({ ids: order.ids, values: order.values }, changed, fresh, entry.descending);
        entry.promise = Promise.resolve(entry.order);
        used += weightOf(entry.order) - entry.weight;
        entry.weight = weightOf(entry.order);
      }
    }
    version = target;
  };
  let advancing: Promise<void> = Promise.resolve();
  const advance = (target: number) => {
    advancing = advancing
      .then(() => moveTo(target))
      .catch(() => {
        // A failed patch read: nothing kept can be trusted at the new version.
        clear();
        version = target;
      });
    return advancing;
  };

  let loads = 0;
  const load = (categoryId: number, field: CategorySortField, descending: boolean) => {
    loads += 1;
    return loadOrder(db, categoryId, field, descending);
  };

  /** The listing's product ids in order, as the listing query at this request's catalog version orders them. */
  const orderOf = async (categoryId: number, field: CategorySortField, descending: boolean): Promise<Int32Array> => {
    const current = await catalogVersionOfRequest(db);
    await advance(current);
    // A request reading an older version than the cache holds: answered from the database.
    if (current !== version) return (await load(categoryId, field, descending)).ids;
    const key = `${categoryId}:${field}:${descending ? 'DESC' : 'ASC'}`;
    const cached = entries.get(key);
    if (cached) {
      entries.delete(key);
      entries.set(key, cached);
      return (await cached.promise).ids;
    }
    const promise = load(categoryId, field, descending);
    // Counted at 1 until it is known; a failed load is forgotten so the next request tries again.
    const entry: Entry = { categoryId, field, descending, promise, order: null, weight: 1 };
    entries.set(key, entry);
    used += 1;
    promise.then(
      (order) => {
        if (entries.get(key) !== entry) return;
        entry.order = order;
        used += weightOf(order) - entry.weight;
        entry.weight = weightOf(order);
        while (used > capacity && entries.size > 1) drop(entries.keys().next().value as string);
      },
      () => {
        if (entries.get(key) === entry) drop(key);
      },
    );
    while (used > capacity && entries.size > 1) drop(entries.keys().next().value as string);
    return (await promise).ids;
  };
  /** Orders read whole from the database so far (tests tell a patch from a reload by it). */
  return Object.assign(orderOf, { loads: () => loads });
}
