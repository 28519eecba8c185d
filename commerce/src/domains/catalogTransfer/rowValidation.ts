import type { ProductType } from '../../db/tables';
import { MAX_CATEGORY_DEPTH } from './importLimits';
import { sanitiseHtml } from '../../kernel/safeHtml';
import { slugify } from '../../kernel/slug';
import { COMPUTED_ATTRIBUTES, readAdditionalAttributes, type AttributeCellValue } from './additionalAttributesCell';
import {
  EMPTY_VALUE,
  LIST_SEPARATOR,
  MULTI_SEPARATOR,
  RESERVED_ATTRIBUTE_CODES,
  splitCategoryPath,
  joinCategoryPath,
  STATUS_DISABLED,
  STATUS_ENABLED,
  VISIBILITY_LABELS,
} from './magentoCsvColumns';

// One CSV row to what it asks for, checked on its own (no database): every value is validated
// here, at the boundary, with a reason a merchant can act on. What needs the database (does the
// sku exist, is the url key taken, do the variants exist) is checked when the batch is planned.
//
// Magento's semantics: an empty cell (or a missing column) keeps the stored value of an existing
// product; __EMPTY__VALUE__ clears it. So a file with only sku and qty updates stock.

export class RowError extends Error {}

/** A field the row sets: a value, or null to clear it. Undefined: the row leaves it as it is. */
export interface ProductFields {
  name?: string;
  description?: string;
  short_description?: string;
  meta_title?: string | null;
  meta_description?: string | null;
  url_key?: string;
  /** Minor units of the base currency. */
  price?: number;
  special_price?: number | null;
  weight?: number | null;
  qty?: number;
  in_stock?: number;
  visibility?: number;
  status?: number;
}

export interface ImageRef {
  /** As written in the CSV: a file name or a path below the images folder. */
  value: string;
  label: string;
}

export interface VariationRef {
  sku: string;
  /** [attribute code, option label] in the order written. */
  values: [string, string][];
}

export interface ParsedRow {
  /** Record number in the file; the header is row 1. */
  row: number;
  sku: string;
  /** store_view_code: the row sets this store view's own texts (absent: the product's own values). */
  storeView?: string;
  type?: ProductType;
  fields: ProductFields;
  /** Category paths as names from the root: [['Default Category', 'Women', 'Tops']]. */
  categories?: string[][];
  /** The whole gallery, base image first, when the row names images. */
  images?: ImageRef[];
  /** additional_attributes: attribute code → its value, as text and as option labels. */
  attributes?: Map<string, AttributeCellValue>;
  variations?: VariationRef[];
  /** configurable_variation_labels: attribute code → label. */
  variationLabels?: Map<string, string>;
}

export const MAX_SKU_LENGTH = 64;
const MAX_NAME_LENGTH = 255;
const MAX_URL_KEY_LENGTH = 255;
const MAX_META_LENGTH = 1000;
const MAX_HTML_LENGTH = 1_000_000;
const MAX_LABEL_LENGTH = 255;
/** A text attribute's value (Magento's text attributes are TEXT columns, 64 KiB). */
const MAX_ATTRIBUTE_TEXT_LENGTH = 65_535;
const MAX_QTY = 1_000_000_000;
const MAX_PRICE_MAJOR = 100_000_000;
const ATTRIBUTE_CODE = /^[a-z][a-z0-9_]{0,59}$/;

function cell(record: Record<string, string | undefined>, column: string): string | undefined {
  const value = record[column];
  if (value === undefined) return undefined;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

/** Control characters other than tab and line breaks never belong in catalog text. */
function checkText(column: string, value: string, max: number, singleLine: boolean): string {
  if (value.length > max) throw new RowError(`${column} is longer than ${max} characters`);
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(value))
    throw new RowError(`${column} contains control characters`);
  if (singleLine && /[\r\n]/.test(value)) throw new RowError(`${column} must be one line`);
  return value;
}

/**
 * A decimal amount in major units → minor units. Magento writes prices with four or six decimals
 * (19.9950); with `round`, what the currency cannot hold is rounded half up, as Magento rounds a
 * price when it charges it; without, more decimals than the currency has are refused.
 */
export function parseAmount(column: string, raw: string, digits: number, round = false): number {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(raw);
  if (!match) throw new RowError(`${column} "${raw}" is not a number`);
  if (match[1] === '-' && /[1-9]/.test(raw)) throw new RowError(`${column} must not be negative (got ${raw})`);
  const whole = match[2] ?? '0';
  let fraction = (match[3] ?? '').replace(/0+$/, '');
  let carry = 0;
  if (fraction.length > digits) {
    if (!round) throw new RowError(`${column} "${raw}" has more than ${digits} decimal${digits === 1 ? '' : 's'}`);
    carry = Number(fraction[digits]) >= 5 ? 1 : 0;
    fraction = fraction.slice(0, digits);
  }
  if (Number(whole) > MAX_PRICE_MAJOR) throw new RowError(`${column} "${raw}" is too large`);
  return Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0') + carry;
}

function parseQty(raw: string): number {
  if (!/^-?\d+(?:\.\d+)?$/.test(raw)) throw new RowError(`qty "${raw}" is not a number`);
  const value = Number(raw);
  if (value < 0) throw new RowError(`qty must not be negative (got ${raw})`);
  if (!Number.isInteger(value))
    throw new RowError(
      `qty "${raw}": decimal quantities (Magento's is_qty_decimal) are not supported; this shop counts whole units`,
    );
  if (value > MAX_QTY) throw new RowError(`qty "${raw}" is too large`);
  return value;
}

function parseFlag(column: string, raw: string): number {
  if (raw === '1') return 1;
  if (raw === '0') return 0;
  throw new RowError(`${column} must be 1 or 0 (got "${raw}")`);
}

function parseVisibility(raw: string): number {
  if (/^[1-4]$/.test(raw)) return Number(raw);
  const wanted = raw.toLowerCase().replace(/\s+/g, ' ');
  for (const [value, label] of Object.entries(VISIBILITY_LABELS)) {
    if (label.toLowerCase() === wanted) return Number(value);
  }
  throw new RowError(
    `visibility "${raw}" is not one of ${Object.values(VISIBILITY_LABELS)
      .map((l) => `"${l}"`)
      .join(', ')}`,
  );
}

function parseStatus(raw: string): number {
  if (raw === '1') return STATUS_ENABLED;
  if (raw === '2' || raw === '0') return STATUS_DISABLED;
  throw new RowError(`product_online must be 1 (enabled) or 2 (disabled) (got "${raw}")`);
}

function parseWeight(raw: string): number {
  if (!/^\d+(?:\.\d+)?$/.test(raw))
    throw new RowError(/^-/.test(raw) ? `weight must not be negative (got ${raw})` : `weight "${raw}" is not a number`);
  const value = Number(raw);
  if (value > 1_000_000) throw new RowError(`weight "${raw}" is too large`);
  return value;
}

// The product types the importer reads; add to the list, never reorder it.
const IMPORTED_TYPES: readonly ProductType[] = [
  'simple',
  'configurable',
  'bundle',
  'grouped',
  'virtual',
  'downloadable',
];

function parseType(raw: string): ProductType {
  const type = IMPORTED_TYPES.find((t) => t === raw);
  if (type) return type;
  throw new RowError(`unknown product_type "${raw}" (${IMPORTED_TYPES.join(', ')} are imported)`);
}

/** A url key as Magento makes one from the url_key column: transliterated, hyphens between words. */
export function parseUrlKey(raw: string): string {
  const key = slugify(raw);
  if (key === '') throw new RowError(`url_key "${raw}" has no letters or digits to make an address from`);
  if (key.length > MAX_URL_KEY_LENGTH) throw new RowError(`url_key is longer than ${MAX_URL_KEY_LENGTH} characters`);
  return key;
}

function parseCategories(raw: string): string[][] {
  const paths: string[][] = [];
  const seen = new Set<string>();
  for (const part of raw.split(LIST_SEPARATOR)) {
    if (part.trim() === '') continue;
    const names = splitCategoryPath(part).map((name) => name.trim());
    if (names.some((name) => name === '')) throw new RowError(`category path "${part.trim()}" has an empty name in it`);
    if (names.length > MAX_CATEGORY_DEPTH)
      throw new RowError(
        `category path "${part.trim().slice(0, 80)}${part.trim().length > 80 ? '…' : ''}" is ${names.length} levels deep; at most ${MAX_CATEGORY_DEPTH} are imported`,
      );
    for (const name of names) checkText('category name', name, MAX_NAME_LENGTH, true);
    const key = joinCategoryPath(names);
    if (!seen.has(key)) paths.push(names);
    seen.add(key);
  }
  return paths;
}

/** `color=Red,material=Cotton|Linen` → { color: [Red], material: [Cotton, Linen] }. */
export function parsePairs(column: string, raw: string): [string, string][] {
  const pairs: [string, string][] = [];
  for (const part of raw.split(LIST_SEPARATOR)) {
    if (part.trim() === '') continue;
    const equals = part.indexOf('=');
    if (equals < 0) throw new RowError(`${column}: "${part.trim()}" is not code=value`);
    const code = part.slice(0, equals).trim();
    const value = part.slice(equals + 1).trim();
    if (code === '' || value === '') throw new RowError(`${column}: "${part.trim()}" is not code=value`);
    pairs.push([code, value]);
  }
  return pairs;
}

export function checkAttributeCode(column: string, code: string): string {
  if (!ATTRIBUTE_CODE.test(code))
    throw new RowError(
      `${column}: attribute code "${code}" must start with a letter and hold only a-z, 0-9 and _ (up to 60)`,
    );
  return code;
}

function parseAttributes(raw: string): Map<string, AttributeCellValue> {
  const attributes = new Map<string, AttributeCellValue>();
  for (const [code, value] of readAdditionalAttributes(raw)) {
    // Magento's own computed attributes are read and left alone, as its importer does; an empty
    // value keeps what the product has (Magento ignores it too).
    if (COMPUTED_ATTRIBUTES.has(code) || value.text.trim() === '') continue;
    checkAttributeCode('additional_attributes', code);
    if (RESERVED_ATTRIBUTE_CODES.has(code))
      throw new RowError(`additional_attributes: "${code}" is a column of its own, not an additional attribute`);
    const labels = [...new Set(value.labels.map((label) => label.trim()))].filter(Boolean);
    for (const label of labels) checkText(`value of ${code}`, label, MAX_ATTRIBUTE_TEXT_LENGTH, false);
    attributes.set(code, {
      text: checkText(`value of ${code}`, value.text, MAX_ATTRIBUTE_TEXT_LENGTH, false),
      labels,
      multiSelect: value.multiSelect,
    });
  }
  return attributes;
}

function parseVariations(raw: string): VariationRef[] {
  const variations: VariationRef[] = [];
  for (const part of raw.split(MULTI_SEPARATOR)) {
    if (part.trim() === '') continue;
    const pairs = parsePairs('configurable_variations', part);
    const skuPair = pairs.find(([code]) => code === 'sku');
    if (!skuPair) throw new RowError(`configurable_variations: "${part.trim()}" has no sku=`);
    const values = pairs.filter(([code]) => code !== 'sku');
    if (values.length === 0)
      throw new RowError(`configurable_variations: variation ${skuPair[1]} names no attribute (like color=Red)`);
    for (const [code] of values) checkAttributeCode('configurable_variations', code);
    variations.push({ sku: skuPair[1], values });
  }
  return variations;
}

function parseVariationLabels(raw: string): Map<string, string> {
  const labels = new Map<string, string>();
  for (const [code, label] of parsePairs('configurable_variation_labels', raw)) {
    checkAttributeCode('configurable_variation_labels', code);
    labels.set(code, checkText(`label of ${code}`, label, MAX_LABEL_LENGTH, true));
  }
  return labels;
}

function parseImages(record: Record<string, string | undefined>): ImageRef[] | undefined {
  const base = cell(record, 'base_image');
  const additional = cell(record, 'additional_images');
  if (base === EMPTY_VALUE || additional === EMPTY_VALUE) {
    if (base !== undefined && base !== EMPTY_VALUE)
      throw new RowError('base_image is given while additional_images clears the gallery');
    return [];
  }
  if (base === undefined && additional === undefined) return undefined;
  const images: ImageRef[] = [];
  const seen = new Set<string>();
  const add = (value: string, label: string) => {
    if (seen.has(value)) return;
    seen.add(value);
    images.push({ value, label: checkText('image label', label, MAX_LABEL_LENGTH, true) });
  };
  if (base !== undefined) add(base, cell(record, 'base_image_label') ?? '');
  if (additional !== undefined) {
    const labels = (record.additional_image_labels ?? '').split(LIST_SEPARATOR);
    additional.split(LIST_SEPARATOR).forEach((value, i) => {
      if (value.trim() !== '') add(value.trim(), (labels[i] ?? '').trim());
    });
  }
  for (const image of images) {
    if (/^[a-z][a-z0-9+.-]*:\/\//i.test(image.value))
      throw new RowError(
        `image "${image.value}" is a URL; images are read from files (put them in the --images folder)`,
      );
    checkText('image', image.value, 1000, true);
  }
  return images;
}

/**
 * Parses one record (header names → cells). Throws RowError with the reason the row is refused.
 * `digits`: decimals of the shop's base currency.
 */
export function parseRow(row: number, record: Record<string, string | undefined>, digits: number): ParsedRow {
  const sku = cell(record, 'sku');
  if (sku === undefined) throw new RowError('missing sku');
  if (sku.length > MAX_SKU_LENGTH) throw new RowError(`sku is longer than ${MAX_SKU_LENGTH} characters`);
  checkText('sku', sku, MAX_SKU_LENGTH, true);
  if (/[,|=]/.test(sku)) throw new RowError(`sku "${sku}" must not contain , | or =`);
  const storeView = cell(record, 'store_view_code');

  const fields: ProductFields = {};
  const text = (column: 'name' | 'description' | 'short_description', max: number, singleLine: boolean) => {
    const value = cell(record, column);
    if (value === undefined) return;
    if (value === EMPTY_VALUE) {
      if (column === 'name') throw new RowError('name cannot be emptied');
      fields[column] = '';
      return;
    }
    const checked = checkText(column, value, max, singleLine);
    // Descriptions are HTML the storefront renders in its page: stored as the sanitiser returns them.
    fields[column] = column === 'name' ? checked : sanitiseHtml(checked).html;
  };
  text('name', MAX_NAME_LENGTH, true);
  text('description', MAX_HTML_LENGTH, false);
  text('short_description', MAX_HTML_LENGTH, false);
  for (const column of ['meta_title', 'meta_description'] as const) {
    const value = cell(record, column);
    if (value !== undefined)
      fields[column] = value === EMPTY_VALUE ? null : checkText(column, value, MAX_META_LENGTH, true);
  }
  const urlKey = cell(record, 'url_key');
  if (urlKey === EMPTY_VALUE) throw new RowError('url_key cannot be emptied');
  if (urlKey !== undefined) fields.url_key = parseUrlKey(urlKey);
  const price = cell(record, 'price');
  if (price === EMPTY_VALUE) throw new RowError('price cannot be emptied');
  if (price !== undefined) fields.price = parseAmount('price', price, digits, true);
  const special = cell(record, 'special_price');
  if (special !== undefined)
    fields.special_price = special === EMPTY_VALUE ? null : parseAmount('special_price', special, digits, true);
  const weight = cell(record, 'weight');
  if (weight !== undefined) fields.weight = weight === EMPTY_VALUE ? null : parseWeight(weight);
  const qty = cell(record, 'qty');
  if (qty !== undefined) fields.qty = parseQty(qty);
  const inStock = cell(record, 'is_in_stock');
  if (inStock !== undefined) fields.in_stock = parseFlag('is_in_stock', inStock);
  const visibility = cell(record, 'visibility');
  if (visibility !== undefined) fields.visibility = parseVisibility(visibility);
  const online = cell(record, 'product_online');
  if (online !== undefined) fields.status = parseStatus(online);

  const parsed: ParsedRow = { row, sku, fields };
  if (storeView !== undefined) parsed.storeView = storeView.toLowerCase();
  const type = cell(record, 'product_type');
  if (type !== undefined) parsed.type = parseType(type);
  const categories = cell(record, 'categories');
  if (categories !== undefined) parsed.categories = categories === EMPTY_VALUE ? [] : parseCategories(categories);
  const images = parseImages(record);
  if (images !== undefined) parsed.images = images;
  const attributes = cell(record, 'additional_attributes');
  if (attributes !== undefined && attributes !== EMPTY_VALUE) parsed.attributes = parseAttributes(attributes);
  const variations = cell(record, 'configurable_variations');
  if (variations !== undefined && variations !== EMPTY_VALUE) {
    if (parsed.type === 'simple') throw new RowError('configurable_variations is given for a simple product');
    parsed.variations = parseVariations(variations);
  }
  const variationLabels = cell(record, 'configurable_variation_labels');
  if (variationLabels !== undefined && variationLabels !== EMPTY_VALUE)
    parsed.variationLabels = parseVariationLabels(variationLabels);
  return parsed;
}
