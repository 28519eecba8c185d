import type { TransferDatabase, TransferProductTable } from './transferTables';
import type { Kysely } from 'kysely';
import type { ProductType } from '../../db/tables';
import { joinCategoryPath } from './magentoCsvColumns';

// What the catalog holds, in the terms of the CSV: categories by their name paths, attribute
// values by option label, variants by sku. Import plans compare a row with this; export writes
// it. Categories and attributes are few (hundreds), so they are read once into memory; products
// are read per batch of rows.

export interface CategoryNode {
  id: number;
  parent_id: number | null;
  name: string;
  level: number;
  path: string;
  url_path: string;
  position: number;
}

export interface AttributeNode {
  id: number;
  code: string;
  label: string;
  position: number;
  /** 'select' (and 'swatch_color'): a filterable choice; 'boolean': Yes/No; 'text': a product's own words. */
  input: string;
  /** Options by lower-cased label: labels match regardless of case, as in Magento. */
  options: Map<string, { id: number; label: string; position: number }>;
}

export class CatalogMaps {
  readonly categories = new Map<number, CategoryNode>();
  /** 'Default Category/Women/Tops' → id; the first category wins when siblings share a name. */
  readonly categoryByPath = new Map<string, number>();
  readonly attributes = new Map<string, AttributeNode>();
  readonly optionById = new Map<number, { code: string; label: string; position: number }>();

  /** The name path of a category below the catalog root ('Root Catalog' is not named). */
  categoryPath(id: number): string | null {
    const names: string[] = [];
    for (let node = this.categories.get(id); node && node.level >= 1;) {
      names.unshift(node.name);
      node = node.parent_id === null ? undefined : this.categories.get(node.parent_id);
    }
    return names.length > 0 ? joinCategoryPath(names) : null;
  }

  addCategory(node: CategoryNode): void {
    this.categories.set(node.id, node);
    const path = this.categoryPath(node.id);
    if (path !== null && !this.categoryByPath.has(path)) this.categoryByPath.set(path, node.id);
  }

  addAttribute(node: AttributeNode): void {
    this.attributes.set(node.code, node);
  }

  addOption(code: string, option: { id: number; label: string; position: number }): void {
    this.attributes.get(code)?.options.set(option.label.toLowerCase(), option);
    this.optionById.set(option.id, { code, label: option.label, position: option.position });
  }
}

export async function loadCatalogMaps(db: Kysely<TransferDatabase>): Promise<CatalogMaps> {
  const maps = new CatalogMaps();
  const categories = await db
    .selectFrom('category')
    .select(['id', 'parent_id', 'name', 'level', 'path', 'url_path', 'position'])
    .orderBy('level')
    .orderBy('id')
    .execute();
  // By level, so a parent is in the map before its children name their paths.
  for (const c of categories) maps.addCategory({ ...c, id: Number(c.id) });
  const attributes = await db
    .selectFrom('attribute')
    .select(['id', 'code', 'label', 'position', 'input'])
    .orderBy('position')
    .execute();
  for (const a of attributes) maps.addAttribute({ ...a, id: Number(a.id), options: new Map() });
  const options = await db
    .selectFrom('attribute_option')
    .select(['id', 'attribute_code', 'label', 'position'])
    .orderBy('position')
    .orderBy('id')
    .execute();
  for (const o of options) {
    if (!maps.attributes.has(o.attribute_code)) continue;
    // The first of two options with the same label (in any case) is the one rows refer to.
    if (maps.attributes.get(o.attribute_code)?.options.has(o.label.toLowerCase())) {
      maps.optionById.set(Number(o.id), { code: o.attribute_code, label: o.label, position: o.position });
      continue;
    }
    maps.addOption(o.attribute_code, { id: Number(o.id), label: o.label, position: o.position });
  }
  return maps;
}

/** A product as the CSV sees it. */
export interface ProductState {
  id: number;
  sku: string;
  type: ProductType;
  parent_id: number | null;
  row: TransferProductTable;
  /** Category name paths, sorted. */
  categories: string[];
  images: { url: string; label: string }[];
  /** Attribute code → option labels, in option order. */
  attributes: Map<string, string[]>;
  /** Configurable attribute codes in their order. */
  configurableCodes: string[];
  /** Skus of the variants, in id order. */
  variantSkus: string[];
}

/** SQLite allows 32,766 bound parameters; lists stay far below. */
const IN_CHUNK = 500;

async function inChunks<T, R>(values: readonly T[], read: (chunk: T[]) => Promise<R[]>): Promise<R[]> {
  const results: R[] = [];
  for (let i = 0; i < values.length; i += IN_CHUNK) results.push(...(await read(values.slice(i, i + IN_CHUNK))));
  return results;
}

function sortAttributeLabels(maps: CatalogMaps, values: Map<string, { id: number; label: string }[]>) {
  const sorted = new Map<string, string[]>();
  for (const [code, options] of values) {
    options.sort(
      (a, b) => (maps.optionById.get(a.id)?.position ?? 0) - (maps.optionById.get(b.id)?.position ?? 0) || a.id - b.id,
    );
    sorted.set(
      code,
      options.map((o) => o.label),
    );
  }
  return sorted;
}

/** The products among `skus`, with everything the CSV shows of them. */
export async function loadProductStates(
  db: Kysely<TransferDatabase>,
  maps: CatalogMaps,
  skus: readonly string[],
): Promise<Map<string, ProductState>> {
  const rows = await inChunks([...new Set(skus)], (chunk) =>
    db.selectFrom('product').selectAll().where('sku', 'in', chunk).execute(),
  );
  return loadStatesOfRows(db, maps, rows);
}

export async function loadStatesOfRows(
  db: Kysely<TransferDatabase>,
  maps: CatalogMaps,
  rows: readonly TransferProductTable[],
): Promise<Map<string, ProductState>> {
  const states = new Map<string, ProductState>();
  const byId = new Map<number, ProductState>();
  for (const row of rows) {
    const id = Number(row.id);
    const state: ProductState = {
      id,
      sku: row.sku,
      type: row.type,
      parent_id: row.parent_id === null ? null : Number(row.parent_id),
      row,
      categories: [],
      images: [],
      attributes: new Map(),
      configurableCodes: [],
      variantSkus: [],
    };
    states.set(row.sku, state);
    byId.set(id, state);
  }
  const ids = [...byId.keys()];
  if (ids.length === 0) return states;

  const links = await inChunks(ids, (chunk) =>
    db.selectFrom('category_product').select(['product_id', 'category_id']).where('product_id', 'in', chunk).execute(),
  );
  for (const link of links) {
    const path = maps.categoryPath(Number(link.category_id));
    if (path !== null) byId.get(Number(link.product_id))?.categories.push(path);
  }
  const media = await inChunks(ids, (chunk) =>
    db
      .selectFrom('product_media')
      .select(['product_id', 'url', 'label', 'position', 'id'])
      .where('product_id', 'in', chunk)
      .orderBy('product_id')
      .orderBy('position')
      .orderBy('id')
      .execute(),
  );
  for (const m of media) byId.get(Number(m.product_id))?.images.push({ url: m.url, label: m.label });

  const values = await inChunks(ids, (chunk) =>
    db
      .selectFrom('product_attribute_value')
      .select(['product_id', 'attribute_code', 'option_id'])
      .where('product_id', 'in', chunk)
      .execute(),
  );
  const grouped = new Map<number, Map<string, { id: number; label: string }[]>>();
  for (const v of values) {
    const option = maps.optionById.get(Number(v.option_id));
    if (!option) continue;
    const productId = Number(v.product_id);
    const perProduct = grouped.get(productId) ?? new Map<string, { id: number; label: string }[]>();
    grouped.set(productId, perProduct);
    const list = perProduct.get(v.attribute_code) ?? [];
    perProduct.set(v.attribute_code, list);
    list.push({ id: Number(v.option_id), label: option.label });
  }
  for (const [productId, perProduct] of grouped) {
    const state = byId.get(productId);
    if (state) state.attributes = sortAttributeLabels(maps, perProduct);
  }

  const configurableIds = ids.filter((id) => byId.get(id)?.type === 'configurable');
  if (configurableIds.length > 0) {
    const codes = await inChunks(configurableIds, (chunk) =>
      db
        .selectFrom('configurable_attribute')
        .select(['product_id', 'attribute_code'])
        .where('product_id', 'in', chunk)
        .orderBy('product_id')
        .orderBy('position')
        .orderBy('id')
        .execute(),
    );
    for (const c of codes) byId.get(Number(c.product_id))?.configurableCodes.push(c.attribute_code);
    const variants = await inChunks(configurableIds, (chunk) =>
      db
        .selectFrom('product')
        .select(['parent_id', 'sku'])
        .where('parent_id', 'in', chunk)
        .orderBy('parent_id')
        .orderBy('id')
        .execute(),
    );
    for (const v of variants) byId.get(Number(v.parent_id))?.variantSkus.push(v.sku);
  }
  for (const state of states.values()) state.categories.sort();
  return states;
}
