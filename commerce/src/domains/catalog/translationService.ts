import type { Kysely } from 'kysely';
import type { CategoryTable, Database, ProductTable } from '../../db/tables';
import type { StoreScope } from '../../kernel/storeScope';

/** Which store view's texts to read: any scope, or a cart's store. */
export type StoreRef = Pick<StoreScope, 'id' | 'isDefault'>;

// A store view's own catalog texts over the default store's. The default store reads the catalog
// tables as they are and never pays for a lookup; another store reads its rows and keeps the
// default text wherever its own value is null or missing, as Magento's store-view scope does.

type Overlay<T> = { [K in keyof T]?: T[K] | null };

function overlay<T extends object>(row: T, own: Overlay<T> | undefined): T {
  if (!own) return row;
  const merged = { ...row };
  for (const key of Object.keys(own) as (keyof T)[]) {
    const value = own[key];
    if (value !== null && value !== undefined) merged[key] = value;
  }
  return merged;
}

const PRODUCT_TEXTS = [
  'name',
  'url_key',
  'description',
  'short_description',
  'meta_title',
  'meta_description',
] as const;
const CATEGORY_TEXTS = ['name', 'url_key', 'url_path', 'description', 'meta_title', 'meta_description'] as const;

export async function localizeProducts(
  db: Kysely<Database>,
  store: StoreRef,
  rows: readonly ProductTable[],
): Promise<ProductTable[]> {
  if (store.isDefault || rows.length === 0) return [...rows];
  const own = await db
    .selectFrom('product_store')
    .select(['product_id', ...PRODUCT_TEXTS])
    .where('store_id', '=', store.id)
    .where(
      'product_id',
      'in',
      rows.map((r) => r.id),
    )
    .execute();
  const byId = new Map(own.map((r) => [r.product_id, r]));
  return rows.map((row) => {
    const texts = byId.get(row.id);
    return texts ? overlay(row, { ...texts, product_id: undefined } as Overlay<ProductTable>) : row;
  });
}

export async function localizeCategories(
  db: Kysely<Database>,
  store: StoreRef,
  rows: CategoryTable[],
): Promise<CategoryTable[]> {
  if (store.isDefault || rows.length === 0) return rows;
  const own = await db
    .selectFrom('category_store')
    .select(['category_id', ...CATEGORY_TEXTS])
    .where('store_id', '=', store.id)
    .execute();
  const byId = new Map(own.map((r) => [r.category_id, r]));
  return rows.map((row) => {
    const texts = byId.get(row.id);
    return texts ? overlay(row, { ...texts, category_id: undefined } as Overlay<CategoryTable>) : row;
  });
}

export interface StoreLabels {
  /** Attribute labels by attribute code. */
  attributes: Map<string, string>;
  /** Option labels by option id. */
  options: Map<number, string>;
}

export async function storeLabels(db: Kysely<Database>, store: StoreRef): Promise<StoreLabels> {
  if (store.isDefault) return { attributes: new Map(), options: new Map() };
  const [attributes, options] = await Promise.all([
    db.selectFrom('attribute_store').select(['attribute_code', 'label']).where('store_id', '=', store.id).execute(),
    db.selectFrom('attribute_option_store').select(['option_id', 'label']).where('store_id', '=', store.id).execute(),
  ]);
  return {
    attributes: new Map(attributes.map((r) => [r.attribute_code, r.label])),
    options: new Map(options.map((r) => [r.option_id, r.label])),
  };
}

/**
 * The default store's url keys of the products a store view addresses by `keys`: a store's own
 * key stands for its product, and a key the store has not replaced keeps working.
 */
export async function defaultUrlKeys(
  db: Kysely<Database>,
  store: StoreRef,
  keys: readonly string[],
): Promise<string[]> {
  if (store.isDefault || keys.length === 0) return [...keys];
  const own = await db
    .selectFrom('product_store as s')
    .innerJoin('product as p', 'p.id', 's.product_id')
    .select(['s.url_key as own', 'p.url_key as default_key'])
    .where('s.store_id', '=', store.id)
    .where('s.url_key', 'in', [...keys])
    .execute();
  return [...new Set([...keys, ...own.map((r) => r.default_key)])];
}
