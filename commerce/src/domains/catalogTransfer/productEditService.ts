import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import type { SearchIndex } from '../../db/searchIndex';
import { DomainError, isDomainError } from '../../kernel/domainError';
import type { Clock } from '../../kernel/clock';
import { multiLineText, singleLineText, MAX_TEXT } from '../../kernel/inputRules';
import { minorDigits, toMajor } from '../../kernel/money';
import { sanitiseHtml } from '../../kernel/safeHtml';
import { baseCurrencyCode } from '../../kernel/storeConfig';
import { inWriteTransaction, type UnitOfWork } from '../../kernel/transaction';
import { recordAudit, type Actor } from '../audit';
import { noSuchEntityError } from '../errors';
import { refreshProductsAfterEdit } from './catalogRefresh';
import { loadCatalogMaps, loadProductStates, type CatalogMaps, type ProductState } from './catalogState';
import { CatalogWriter } from './catalogWriter';
import { ImagePlanner, type PlannedImage } from './productImages';
import type { DesiredFields, PlannedProduct } from './importPlanner';
import { STATUS_DISABLED, STATUS_ENABLED } from './magentoCsvColumns';
import { MAX_SKU_LENGTH, parseAmount, parseUrlKey, RowError } from './rowValidation';
import { filteredProducts, stockOf, type ProductListFilter } from './productListFilter';
import { slugify } from './slug';
import { stockStatus } from './stockStatus';
import { transferDb, type TransferDatabase, type TransferProductTable } from './transferTables';

// Products edited one at a time in the back office, with the import's rules: the same checks
// of sku, url key (one product per key, never another page's address), amounts and texts, and
// the same writer (CatalogWriter: the product row, its address with a redirect from the old
// one). Each write is one transaction with its audit entry and the catalog refresh, so the
// storefront shows the change as soon as the mutation answers.

export const MAX_PRODUCT_PAGE_SIZE = 100;
/** Stock at or below this (and above 0) is low, as on the dashboard. */
export { LOW_STOCK, type ProductListFilter } from './productListFilter';
const MAX_META = 1000;
const MAX_HTML = 1_000_000;
const MAX_QTY = 1_000_000_000;
const VISIBLE_IN_CATALOG_AND_SEARCH = 4;

export type ProductField =
  | 'sku'
  | 'name'
  | 'urlKey'
  | 'description'
  | 'shortDescription'
  | 'metaTitle'
  | 'metaDescription'
  | 'price'
  | 'specialPrice'
  | 'stockQty'
  | 'enabled'
  | 'categoryIds'
  | 'images'
  | 'attributes'
  | 'variants';

/** A refused value: the message names the problem; `field` tells a form where to show it. */
export function productFieldError(field: ProductField, message: string): DomainError {
  return new DomainError('input', message, { field });
}

/** Omitted (undefined): unchanged. null clears the fields that may be empty. */
export interface ProductChanges {
  name?: string | null;
  urlKey?: string | null;
  description?: string | null;
  shortDescription?: string | null;
  metaTitle?: string | null;
  metaDescription?: string | null;
  price?: number | null;
  specialPrice?: number | null;
  stockQty?: number | null;
  enabled?: boolean | null;
  categoryIds?: readonly string[] | null;
  /** Replaces the values of the attributes named (an empty list clears one); others stay. */
  attributes?: ReadonlyArray<{ code: string; values: readonly string[] }> | null;
}

const MAX_VALUES_PER_ATTRIBUTE = 20;
const MAX_VALUE_LENGTH = 255;

/** One image of the gallery as it should be: one the product has (by url) or a file just uploaded. */
export type ImageEntry = { label: string } & (
  { url: string; upload?: undefined } | { upload: string; url?: undefined }
);

/** A product shows at most this many images; the first is the main one. */
export const MAX_PRODUCT_IMAGES = 20;
const MAX_IMAGE_LABEL = 255;

export interface NewProduct extends ProductChanges {
  sku: string;
  name: string;
  price: number;
}

export interface ProductSummaryRecord {
  row: TransferProductTable;
  stock: number;
  variantCount: number;
}

export interface ProductVariantRecord {
  row: TransferProductTable;
  options: string[];
}

export interface AdminProductRecord {
  row: TransferProductTable;
  parentSku: string | null;
  storefrontPath: string | null;
  categories: Array<{ id: number; path: string }>;
  images: Array<{ url: string; label: string }>;
  variants: ProductVariantRecord[];
  /** A configurable's attributes that shoppers choose by, in their order. */
  configurableAttributes: Array<{ code: string; label: string }>;
  /** The product's own attribute values (not the ones its variants are chosen by), in attribute order. */
  attributes: Array<{ code: string; label: string; values: string[] }>;
}

function assertPaging(page: number, pageSize: number): void {
  if (!Number.isInteger(page) || page < 1) throw productInputError('"page" must be a whole number, 1 or more.');
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > MAX_PRODUCT_PAGE_SIZE)
    throw productInputError(`"pageSize" must be a whole number from 1 to ${MAX_PRODUCT_PAGE_SIZE}.`);
}

function productInputError(message: string): DomainError {
  return new DomainError('input', message);
}

/** The kernel's text rules, with the refusal tied to the form's field. */
function text<T>(field: ProductField, check: () => T): T {
  try {
    return check();
  } catch (error) {
    if (isDomainError(error)) throw productFieldError(field, error.message);
    throw error;
  }
}

export function required(field: ProductField, label: string, value: string | null | undefined, max = MAX_TEXT): string {
  const checked = text(field, () => singleLineText(label, value, max));
  if (checked === null) throw productFieldError(field, `${label}: This field is required.`);
  return checked;
}

export function amount(field: ProductField, label: string, value: number, digits: number): number {
  if (!Number.isFinite(value)) throw productFieldError(field, `${label} must be a number.`);
  if (value < 0) throw productFieldError(field, `${label} must not be negative (got ${value}).`);
  try {
    // The import's rule: no more decimals than the currency has, and not absurdly large.
    return parseAmount(label, value.toFixed(Math.max(digits, 0) + 4).replace(/\.?0+$/, ''), digits);
  } catch (error) {
    if (error instanceof RowError) throw productFieldError(field, `${error.message}.`);
    throw error;
  }
}

export function quantity(value: number): number {
  if (!Number.isInteger(value)) throw productFieldError('stockQty', `Stock must be a whole number (got ${value}).`);
  if (value < 0) throw productFieldError('stockQty', `Stock must not be negative (got ${value}).`);
  if (value > MAX_QTY) throw productFieldError('stockQty', `Stock must be at most ${MAX_QTY}.`);
  return value;
}

export function urlKeyOf(raw: string): string {
  try {
    return parseUrlKey(raw.trim());
  } catch (error) {
    if (error instanceof RowError) throw productFieldError('urlKey', `${error.message}.`);
    throw error;
  }
}

export function checkSku(raw: string): string {
  const sku = required('sku', 'SKU', raw, MAX_SKU_LENGTH);
  if (/[,|=]/.test(sku)) throw productFieldError('sku', `SKU "${sku}" must not contain , | or =.`);
  return sku;
}

export function categoryIdsOf(maps: CatalogMaps, ids: readonly string[]): number[] {
  const out = new Set<number>();
  for (const raw of ids) {
    const id = Number(raw);
    const node = Number.isInteger(id) ? maps.categories.get(id) : undefined;
    if (!node || node.level < 2)
      throw productFieldError(
        'categoryIds',
        `There is no category with id "${String(raw).slice(0, 20)}" to put the product in.`,
      );
    out.add(id);
  }
  return [...out].sort((a, b) => a - b);
}

/** One url key, one product; and the address <key>.html must not be another page's. */
export async function checkUrlKeyFree(
  db: Kysely<TransferDatabase>,
  urlKey: string,
  productId: number | null,
): Promise<void> {
  const owner = await db
    .selectFrom('product')
    .select(['sku', 'id'])
    .where('url_key', '=', urlKey)
    .where('id', '!=', productId ?? -1)
    .executeTakeFirst();
  if (owner) throw productFieldError('urlKey', `The URL key "${urlKey}" is taken: product ${owner.sku} has it.`);
  const page = await db
    .selectFrom('url_rewrite')
    .select(['entity_type', 'entity_id'])
    .where('store_id', '=', 1)
    .where('request_path', '=', `${urlKey}.html`)
    .executeTakeFirst();
  if (page && !(page.entity_type === 'PRODUCT' && Number(page.entity_id) === productId))
    throw productFieldError(
      'urlKey',
      `The URL key "${urlKey}": the address ${urlKey}.html belongs to another page (${page.entity_type.toLowerCase().replace('_', ' ')} ${Number(page.entity_id)}).`,
    );
}

const num = (value: unknown): number => Number(value);
const nullableNum = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

function currentFields(row: TransferProductTable): DesiredFields {
  return {
    name: row.name,
    description: row.description,
    short_description: row.short_description,
    meta_title: row.meta_title ?? null,
    meta_description: row.meta_description ?? null,
    url_key: row.url_key,
    price: num(row.price),
    special_price: nullableNum(row.special_price),
    weight: nullableNum(row.weight),
    qty: num(row.stock_qty),
    in_stock: num(row.in_stock),
    visibility: num(row.visibility),
    status: num(row.status ?? STATUS_ENABLED),
  };
}

/** The desired fields after `changes`, every value checked. */
function applyChanges(
  start: DesiredFields,
  changes: ProductChanges,
  digits: number,
  options: { configurable: boolean },
): DesiredFields {
  const f = { ...start };
  if (changes.name !== undefined) f.name = required('name', 'Name', changes.name);
  if (changes.urlKey !== undefined) {
    if (changes.urlKey === null || changes.urlKey.trim() === '')
      throw productFieldError('urlKey', 'URL key: This field is required.');
    f.url_key = urlKeyOf(changes.urlKey);
  }
  // Descriptions are HTML the storefront renders in its page: stored as the sanitiser returns them.
  if (changes.description !== undefined)
    f.description = sanitiseHtml(
      text('description', () => multiLineText('Description', changes.description, MAX_HTML)) ?? '',
    ).html;
  if (changes.shortDescription !== undefined)
    f.short_description = sanitiseHtml(
      text('shortDescription', () => multiLineText('Short description', changes.shortDescription, MAX_HTML)) ?? '',
    ).html;
  if (changes.metaTitle !== undefined)
    f.meta_title = text('metaTitle', () => singleLineText('Meta title', changes.metaTitle, MAX_META));
  if (changes.metaDescription !== undefined)
    f.meta_description = text('metaDescription', () =>
      singleLineText('Meta description', changes.metaDescription, MAX_META),
    );
  if (options.configurable && (changes.price != null || changes.specialPrice !== undefined))
    throw productFieldError('price', "A configurable product's prices are its variants': edit a variant's price.");
  if (options.configurable && changes.stockQty != null)
    throw productFieldError('stockQty', "A configurable product's stock is its variants': edit a variant's stock.");
  if (changes.price !== undefined) {
    if (changes.price === null) throw productFieldError('price', 'Price: This field is required.');
    f.price = amount('price', 'Price', changes.price, digits);
  }
  if (changes.specialPrice !== undefined)
    f.special_price =
      changes.specialPrice === null ? null : amount('specialPrice', 'Special price', changes.specialPrice, digits);
  if (f.special_price !== null && f.special_price >= f.price && (changes.price != null || changes.specialPrice != null))
    throw productFieldError(
      changes.specialPrice != null ? 'specialPrice' : 'price',
      'The special price must be below the price (clear it to sell at the price).',
    );
  if (changes.stockQty !== undefined && changes.stockQty !== null) {
    f.qty = quantity(changes.stockQty);
    f.in_stock = stockStatus(f.qty);
  }
  if (changes.enabled !== undefined && changes.enabled !== null)
    f.status = changes.enabled ? STATUS_ENABLED : STATUS_DISABLED;
  return f;
}

const AUDITED: Array<[keyof DesiredFields, string]> = [
  ['name', 'name'],
  ['url_key', 'urlKey'],
  ['description', 'description'],
  ['short_description', 'shortDescription'],
  ['meta_title', 'metaTitle'],
  ['meta_description', 'metaDescription'],
  ['price', 'price'],
  ['special_price', 'specialPrice'],
  ['qty', 'stockQty'],
  ['status', 'enabled'],
];

/** Before and after of the fields that differ, in the form's terms (amounts in major units). */
function difference(
  before: DesiredFields,
  after: DesiredFields,
  categoriesBefore: number[],
  categoriesAfter: number[],
  currency: string,
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const shown = (key: keyof DesiredFields, value: unknown) => {
    if ((key === 'price' || key === 'special_price') && value !== null) return toMajor(Number(value), currency);
    if (key === 'status') return value === STATUS_ENABLED;
    return value;
  };
  const out = { before: {} as Record<string, unknown>, after: {} as Record<string, unknown> };
  for (const [key, label] of AUDITED) {
    if (before[key] === after[key]) continue;
    out.before[label] = shown(key, before[key]);
    out.after[label] = shown(key, after[key]);
  }
  if (categoriesBefore.join(',') !== categoriesAfter.join(',')) {
    out.before.categoryIds = categoriesBefore;
    out.after.categoryIds = categoriesAfter;
  }
  return out;
}

/**
 * The product's attribute values after `changes`: the attributes named get the values given
 * (option labels; a label the shop does not have yet becomes a new option when written), in
 * the shop's spelling where the option exists. A configurable's own choice attributes come from
 * its variants and cannot be set here.
 */
export function attributesAfter(
  maps: CatalogMaps,
  current: ReadonlyMap<string, string[]>,
  changes: ProductChanges['attributes'],
  configurableCodes: readonly string[],
): Map<string, string[]> {
  const next = new Map(current);
  const seen = new Set<string>();
  for (const { code, values } of changes ?? []) {
    const attribute = maps.attributes.get(code);
    if (!attribute) throw productFieldError('attributes', `There is no attribute "${code.slice(0, 60)}".`);
    if (seen.has(code)) throw productFieldError('attributes', `${attribute.label} is named twice.`);
    seen.add(code);
    if (configurableCodes.includes(code))
      throw productFieldError(
        'attributes',
        `${attribute.label} is what shoppers choose on this product: each variant has its own; change it there.`,
      );
    if (values.length > MAX_VALUES_PER_ATTRIBUTE)
      throw productFieldError('attributes', `${attribute.label}: at most ${MAX_VALUES_PER_ATTRIBUTE} values.`);
    const labels: string[] = [];
    for (const raw of values) {
      const value = raw.trim();
      if (value === '') continue;
      if (value.length > MAX_VALUE_LENGTH || /[,|=\u0000-\u001f]/.test(value))
        throw productFieldError(
          'attributes',
          `${attribute.label}: "${value.slice(0, 60)}" must be at most ${MAX_VALUE_LENGTH} characters, without , | or =.`,
        );
      const label = attribute.options.get(value.toLowerCase())?.label ?? value;
      if (!labels.some((l) => l.toLowerCase() === label.toLowerCase())) labels.push(label);
    }
    if (labels.length === 0) next.delete(code);
    else next.set(code, labels);
  }
  return next;
}

function attributesKey(attributes: ReadonlyMap<string, readonly string[]>): string {
  return JSON.stringify(
    [...attributes.entries()]
      .filter(([, labels]) => labels.length > 0)
      .map(([code, labels]) => [code, [...labels].map((l) => l.toLowerCase()).sort()])
      .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
  );
}

export async function categoryIdsOfProduct(db: Kysely<TransferDatabase>, productId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('category_product')
    .select('category_id')
    .where('product_id', '=', productId)
    .execute();
  return rows.map((r) => Number(r.category_id)).sort((a, b) => a - b);
}

export async function setCategories(
  db: Kysely<TransferDatabase>,
  productId: number,
  before: number[],
  after: number[],
): Promise<void> {
  const dropped = before.filter((id) => !after.includes(id));
  const added = after.filter((id) => !before.includes(id));
  if (dropped.length > 0)
    await db
      .deleteFrom('category_product')
      .where('product_id', '=', productId)
      .where('category_id', 'in', dropped)
      .execute();
  if (added.length === 0) return;
  const product = await db
    .selectFrom('product')
    .select('position')
    .where('id', '=', productId)
    .executeTakeFirstOrThrow();
  await db
    .insertInto('category_product')
    .values(added.map((category_id) => ({ category_id, product_id: productId, position: Number(product.position) })))
    .execute();
}

/** A configurable is in stock while one of its variants is. */
async function refreshParentStock(db: Kysely<TransferDatabase>, parentId: number): Promise<void> {
  const inStock = await db
    .selectFrom('product')
    .select('id')
    .where('parent_id', '=', parentId)
    .where('in_stock', '=', 1)
    .executeTakeFirst();
  await db
    .updateTable('product')
    .set({ in_stock: inStock ? 1 : 0 })
    .where('id', '=', parentId)
    .execute();
}

function planOf(existing: ProductState | undefined, sku: string, fields: DesiredFields): PlannedProduct {
  return {
    row: 0,
    sku,
    type: existing?.type ?? 'simple',
    action: existing ? 'update' : 'create',
    existing,
    fields,
    // Categories are written here by id (paths can be ambiguous); the writer leaves them alone.
    categories: existing?.categories ?? [],
    images: existing?.images ?? [],
    attributes: existing?.attributes ?? new Map<string, string[]>(),
    attributeLabels: new Map(),
    relabels: new Map(),
    attributeKinds: new Map(),
  };
}

export function createProductEditService(db: Kysely<Database>, searchIndex: SearchIndex, clock: Clock) {
  const tdb = transferDb(db);

  async function list(filter: ProductListFilter, page: number, pageSize: number) {
    assertPaging(page, pageSize);
    const query = filteredProducts(tdb, filter);
    const [rows, total] = await Promise.all([
      query
        .selectAll('p')
        .select([
          stockOf.as('stock'),
          sql<number>`(SELECT COUNT(*) FROM product v WHERE v.parent_id = p.id)`.as('variant_count'),
        ])
        .orderBy('p.id', 'desc')
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute(),
      query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    const items: ProductSummaryRecord[] = rows.map(({ stock, variant_count, ...row }) => ({
      row,
      stock: Number(stock),
      variantCount: Number(variant_count),
    }));
    return { items, totalCount: Number(total.n) };
  }

  async function load(sku: string): Promise<AdminProductRecord | null> {
    const row = await tdb.selectFrom('product').selectAll().where('sku', '=', sku.trim()).executeTakeFirst();
    if (!row) return null;
    const id = Number(row.id);
    const [maps, links, media, rewrite, parent, variants] = await Promise.all([
      loadCatalogMaps(tdb),
      tdb.selectFrom('category_product').select('category_id').where('product_id', '=', id).execute(),
      tdb
        .selectFrom('product_media')
        .select(['url', 'label'])
        .where('product_id', '=', id)
        .where('disabled', '=', 0)
        .orderBy('position')
        .orderBy('id')
        .execute(),
      tdb
        .selectFrom('url_rewrite')
        .select('request_path')
        .where('entity_type', '=', 'PRODUCT')
        .where('entity_id', '=', id)
        .where('store_id', '=', 1)
        .where('redirect_type', '=', 0)
        .executeTakeFirst(),
      row.parent_id === null
        ? Promise.resolve(undefined)
        : tdb.selectFrom('product').select('sku').where('id', '=', Number(row.parent_id)).executeTakeFirst(),
      row.type === 'configurable'
        ? tdb.selectFrom('product').selectAll().where('parent_id', '=', id).orderBy('id').execute()
        : Promise.resolve([]),
    ]);
    let options = new Map<number, string[]>();
    let configurableCodes: string[] = [];
    if (variants.length > 0) {
      const codes = await tdb
        .selectFrom('configurable_attribute')
        .select('attribute_code')
        .where('product_id', '=', id)
        .orderBy('position')
        .execute();
      configurableCodes = codes.map((c) => c.attribute_code);
      const values = await tdb
        .selectFrom('product_attribute_value as v')
        .innerJoin('attribute_option as o', 'o.id', 'v.option_id')
        .innerJoin('attribute as a', 'a.code', 'v.attribute_code')
        .select(['v.product_id', 'v.attribute_code', 'a.label as attribute', 'o.label'])
        .where(
          'v.product_id',
          'in',
          variants.map((v) => Number(v.id)),
        )
        .where('v.attribute_code', 'in', codes.length > 0 ? codes.map((c) => c.attribute_code) : [''])
        .execute();
      const order = codes.map((c) => c.attribute_code);
      values.sort((a, b) => order.indexOf(a.attribute_code) - order.indexOf(b.attribute_code));
      options = new Map();
      for (const v of values) {
        const list = options.get(Number(v.product_id)) ?? [];
        list.push(`${v.attribute}: ${v.label}`);
        options.set(Number(v.product_id), list);
      }
    }
    return {
      row,
      parentSku: parent?.sku ?? null,
      storefrontPath: rewrite ? `/${rewrite.request_path}` : null,
      categories: links
        .map((l) => ({ id: Number(l.category_id), path: maps.categoryPath(Number(l.category_id)) ?? '' }))
        .sort((a, b) => a.path.localeCompare(b.path)),
      images: media,
      variants: variants.map((v) => ({ row: v, options: options.get(Number(v.id)) ?? [] })),
      configurableAttributes: configurableCodes.map((code) => ({
        code,
        label: maps.attributes.get(code)?.label ?? code,
      })),
      attributes: await ownAttributes(id, configurableCodes, maps),
    };
  }

  async function ownAttributes(
    productId: number,
    configurableCodes: readonly string[],
    maps: CatalogMaps,
  ): Promise<AdminProductRecord['attributes']> {
    const rows = await tdb
      .selectFrom('product_attribute_value')
      .select(['attribute_code', 'option_id'])
      .where('product_id', '=', productId)
      .execute();
    const byCode = new Map<string, Array<{ label: string; position: number }>>();
    for (const row of rows) {
      const option = maps.optionById.get(Number(row.option_id));
      if (!option || configurableCodes.includes(row.attribute_code)) continue;
      const list = byCode.get(row.attribute_code) ?? [];
      list.push(option);
      byCode.set(row.attribute_code, list);
    }
    return [...byCode.entries()]
      .map(([code, options]) => ({
        code,
        label: maps.attributes.get(code)?.label ?? code,
        position: maps.attributes.get(code)?.position ?? 0,
        values: options.sort((a, b) => a.position - b.position).map((o) => o.label),
      }))
      .sort((a, b) => a.position - b.position || a.code.localeCompare(b.code))
      .map(({ code, label, values }) => ({ code, label, values }));
  }

  async function categoryChoices(): Promise<Array<{ id: number; path: string }>> {
    const maps = await loadCatalogMaps(tdb);
    return [...maps.categories.values()]
      .filter((c) => c.level >= 2)
      .map((c) => ({ id: c.id, path: maps.categoryPath(c.id) ?? c.name }))
      .sort((a, b) => a.path.localeCompare(b.path));
  }

  /** Writes the plan, the categories and the audit entry, then brings the storefront's indexes in step. */
  async function write(
    uow: UnitOfWork,
    maps: CatalogMaps,
    plan: PlannedProduct,
    currency: string,
    categories: { before: number[]; after: number[] },
    actor: Actor,
  ): Promise<void> {
    const trx = transferDb(uow.db);
    const touched = new Set<number>();
    const writer = new CatalogWriter(trx, maps, currency, touched);
    await writer.write(plan);
    const product = await trx
      .selectFrom('product')
      .select(['id', 'parent_id'])
      .where('sku', '=', plan.sku)
      .executeTakeFirstOrThrow();
    const id = Number(product.id);
    await setCategories(trx, id, categories.before, categories.after);
    if (product.parent_id !== null) await refreshParentStock(trx, Number(product.parent_id));
    const change = difference(
      plan.existing ? currentFields(plan.existing.row) : ({} as DesiredFields),
      plan.fields,
      categories.before,
      categories.after,
      currency,
    );
    const attributesBefore = plan.existing?.attributes ?? new Map<string, string[]>();
    if (attributesKey(attributesBefore) !== attributesKey(plan.attributes)) {
      change.before.attributes = Object.fromEntries(attributesBefore);
      change.after.attributes = Object.fromEntries(plan.attributes);
    }
    await recordAudit(
      trx as unknown as Kysely<Database>,
      actor,
      {
        action: plan.existing ? 'product.update' : 'product.create',
        entityType: 'product',
        entityId: plan.sku,
        before: plan.existing ? change.before : undefined,
        after: change.after,
      },
      clock(),
    );
    // Configurable prices, this product's search document, listing rows and share of the facet
    // counts, and the catalog version (every process's cached answers go).
    await refreshProductsAfterEdit(uow, searchIndex, [id, ...touched]);
  }

  async function update(sku: string, changes: ProductChanges, actor: Actor): Promise<string> {
    return inWriteTransaction(db, { actor, clock }, async (uow) => {
      const shopTrx = uow.db;
      const trx = transferDb(shopTrx);
      const maps = await loadCatalogMaps(trx);
      const existing = (await loadProductStates(trx, maps, [sku.trim()])).get(sku.trim());
      if (!existing) throw noSuchEntityError(`There is no product with the sku "${sku.slice(0, 64)}".`);
      const currency = existing.row.currency;
      const before = currentFields(existing.row);
      const fields = applyChanges(before, changes, minorDigits(currency), {
        configurable: existing.type === 'configurable',
      });
      if (fields.url_key !== before.url_key) await checkUrlKeyFree(trx, fields.url_key, existing.id);
      const categoriesBefore = await categoryIdsOfProduct(trx, existing.id);
      const categoriesAfter = changes.categoryIds != null ? categoryIdsOf(maps, changes.categoryIds) : categoriesBefore;
      const attributes = attributesAfter(maps, existing.attributes, changes.attributes, existing.configurableCodes);
      const same =
        AUDITED.every(([key]) => before[key] === fields[key]) &&
        categoriesBefore.join(',') === categoriesAfter.join(',') &&
        attributesKey(existing.attributes) === attributesKey(attributes);
      if (same) return existing.sku;
      const plan = planOf(existing, existing.sku, fields);
      plan.attributes = attributes;
      await write(uow, maps, plan, currency, { before: categoriesBefore, after: categoriesAfter }, actor);
      return existing.sku;
    });
  }

  async function create(input: NewProduct, actor: Actor): Promise<string> {
    const sku = checkSku(input.sku);
    return inWriteTransaction(db, { actor, clock }, async (uow) => {
      const shopTrx = uow.db;
      const trx = transferDb(shopTrx);
      const currency = await baseCurrencyCode(shopTrx);
      const maps = await loadCatalogMaps(trx);
      const name = required('name', 'Name', input.name);
      const taken = await trx.selectFrom('product').select('id').where('sku', '=', sku).executeTakeFirst();
      if (taken) throw productFieldError('sku', `The SKU "${sku}" is taken: another product has it.`);
      const urlKey = input.urlKey != null && input.urlKey.trim() !== '' ? input.urlKey : slugify(name);
      if (urlKey === '')
        throw productFieldError('urlKey', 'URL key: the name has no letters or digits to make one from; enter one.');
      const blank: DesiredFields = {
        name,
        description: '',
        short_description: '',
        meta_title: null,
        meta_description: null,
        url_key: urlKey,
        price: 0,
        special_price: null,
        weight: null,
        qty: 0,
        in_stock: 0,
        visibility: VISIBLE_IN_CATALOG_AND_SEARCH,
        status: STATUS_ENABLED,
      };
      const fields = applyChanges(
        blank,
        { ...input, urlKey, stockQty: input.stockQty ?? 0, specialPrice: input.specialPrice ?? undefined },
        minorDigits(currency),
        { configurable: false },
      );
      if (fields.meta_title === null) fields.meta_title = fields.name;
      await checkUrlKeyFree(trx, fields.url_key, null);
      const categories = categoryIdsOf(maps, input.categoryIds ?? []);
      await write(uow, maps, planOf(undefined, sku, fields), currency, { before: [], after: categories }, actor);
      return sku;
    });
  }

  /**
   * Replaces the gallery with `entries`, in order: kept images by url (only ones the product has,
   * so no one can point a product at an address of their choosing), new ones by the file name
   * they were saved under in `uploadsDir`. The files are checked to be images, copied into the
   * media folder and the rows written in one transaction with the audit entry; the storefront's
   * indexes follow, as for any product change.
   */
  async function setImages(
    sku: string,
    entries: readonly ImageEntry[],
    uploadsDir: string | undefined,
    mediaDir: string,
    actor: Actor,
  ): Promise<string> {
    if (entries.length > MAX_PRODUCT_IMAGES)
      throw productFieldError('images', `A product can have at most ${MAX_PRODUCT_IMAGES} images.`);
    return inWriteTransaction(db, { actor, clock }, async (uow) => {
      const shopTrx = uow.db;
      const trx = transferDb(shopTrx);
      const maps = await loadCatalogMaps(trx);
      const existing = (await loadProductStates(trx, maps, [sku.trim()])).get(sku.trim());
      if (!existing) throw noSuchEntityError(`There is no product with the sku "${sku.slice(0, 64)}".`);
      const current = new Set(existing.images.map((image) => image.url));
      const planner = new ImagePlanner(uploadsDir, mediaDir);
      const images: PlannedImage[] = [];
      const seen = new Set<string>();
      for (const [index, entry] of entries.entries()) {
        const label = entry.label.trim();
        if (label.length > MAX_IMAGE_LABEL || /[\u0000-\u001f]/.test(label))
          throw productFieldError(
            'images',
            `Image ${index + 1}: the label is longer than ${MAX_IMAGE_LABEL} characters or has control characters.`,
          );
        if (entry.url !== undefined) {
          if (!current.has(entry.url))
            throw productFieldError(
              'images',
              `Image ${index + 1}: the product has no image at "${entry.url.slice(0, 200)}".`,
            );
          if (seen.has(entry.url)) throw productFieldError('images', `Image ${index + 1} is in the list twice.`);
          seen.add(entry.url);
          images.push({ url: entry.url, label });
          continue;
        }
        try {
          const planned = await planner.plan({ value: entry.upload, label });
          if (seen.has(planned.url)) throw new RowError(`image "${entry.upload}" is in the list twice`);
          seen.add(planned.url);
          images.push(planned);
        } catch (error) {
          if (error instanceof RowError) throw productFieldError('images', `Image ${index + 1}: ${error.message}.`);
          throw error;
        }
      }
      const before = existing.images.map(({ url, label }) => ({ url, label }));
      const after = images.map(({ url, label }) => ({ url, label }));
      if (JSON.stringify(before) === JSON.stringify(after)) return existing.sku;
      const plan = planOf(existing, existing.sku, currentFields(existing.row));
      plan.images = images;
      const touched = new Set<number>();
      await new CatalogWriter(trx, maps, existing.row.currency, touched).write(plan);
      await recordAudit(
        shopTrx,
        actor,
        { action: 'product.images', entityType: 'product', entityId: existing.sku, before, after },
        clock(),
      );
      await refreshProductsAfterEdit(uow, searchIndex, [existing.id, ...touched]);
      return existing.sku;
    });
  }

  return { list, load, categoryChoices, update, create, setImages };
}

export type ProductEditService = ReturnType<typeof createProductEditService>;
