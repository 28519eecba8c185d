import type { TransferDatabase } from './transferTables';
import type { Kysely } from 'kysely';
import type { ProductType } from '../../db/tables';
import { loadProductStates, type CatalogMaps, type ProductState } from './catalogState';
import { isVirtualType } from '../catalog';
import { joinCategoryPath, splitCategoryPath, STATUS_ENABLED } from './magentoCsvColumns';
import { ImagePlanner, type PlannedImage } from './productImages';
import { stockStatus } from './stockStatus';
import { KeyTable } from './keyTable';
import { RowError, type ParsedRow, type VariationRef } from './rowValidation';
import type { AttributeCellValue } from './additionalAttributesCell';
import { categoryUrlKey, slugify } from './slug';
import {
  MAX_NEW_ATTRIBUTES_PER_FILE,
  MAX_NEW_ATTRIBUTES_PER_ROW,
  MAX_NEW_CATEGORIES_PER_FILE,
  MAX_NEW_CATEGORIES_PER_ROW,
} from './importLimits';

// A batch of parsed rows against the catalog: what each row would create or change, or why it
// is refused. Planning reads only (so a dry run is a plan without the writes); it remembers
// what earlier rows of the file did, so a later row can name an earlier row's sku as a variant,
// and two rows cannot take the same sku or url key.

export interface DesiredFields {
  name: string;
  description: string;
  short_description: string;
  meta_title: string | null;
  meta_description: string | null;
  url_key: string;
  price: number;
  special_price: number | null;
  weight: number | null;
  qty: number;
  in_stock: number;
  visibility: number;
  status: number;
}

/** What a new attribute holds: a filterable choice, Yes/No, or a product's own text. */
export type AttributeKind = 'select' | 'boolean' | 'text';

const YES_NO = /^(0|1|yes|no)$/i;
/** Markup, JSON, quotes, line breaks or length: a value no shopper would pick from a filter list. */
const TEXT_LIKE = /[<>{}"\r\n]/;
const MAX_OPTION_LIKE_LENGTH = 64;

/**
 * The kind of an attribute a file creates: Magento's export does not carry attribute types, so
 * the value decides. Magento's Yes/No attributes export as 0/1 (new=0, sale=0): they are Yes/No
 * here, not filters offering "New: 0". A long or marked-up value is text, not a filter option.
 */
export function attributeKindOf(value: AttributeCellValue): AttributeKind {
  if (value.multiSelect) return 'select';
  if (YES_NO.test(value.text.trim())) return 'boolean';
  if (value.text.length > MAX_OPTION_LIKE_LENGTH || TEXT_LIKE.test(value.text)) return 'text';
  return 'select';
}

export interface PlannedVariant {
  sku: string;
  values: [string, string][];
}

export interface PlannedProduct {
  row: number;
  sku: string;
  type: ProductType;
  action: 'create' | 'update' | 'unchanged';
  existing?: ProductState;
  fields: DesiredFields;
  /** Category name paths, sorted. */
  categories: string[];
  images: PlannedImage[];
  attributes: Map<string, string[]>;
  /** Set when the row names its variations (configurables only). */
  configurable?: { codes: string[]; variants: PlannedVariant[]; labels: Map<string, string> };
  /** Attribute codes created for this row, with the label they get. */
  attributeLabels: Map<string, string>;
  /**
   * Labels this row's configurable_variation_labels gives attributes an earlier row of the file
   * created (Magento writes the variants before their configurable, so the attribute is made
   * before its label is read).
   */
  relabels: Map<string, string>;
  /** The kind of each attribute this row creates (absent: a filterable select). */
  attributeKinds: Map<string, AttributeKind>;
}

export interface Rejection {
  row: number;
  sku: string;
  reason: string;
}

type FileEntry = { row: number; type: ProductType | undefined; ok: boolean };

/** A file row's type in the 3 low bits of its packed entry (0: not known, a refused row). */
const TYPE_CODES: readonly ProductType[] = ['simple', 'configurable', 'bundle', 'grouped', 'virtual', 'downloadable'];
const OK_BIT = 8;
const ENTRY_SCALE = 16;

function packEntry(entry: FileEntry): number {
  return entry.row * ENTRY_SCALE + (entry.ok ? OK_BIT : 0) + (entry.type ? TYPE_CODES.indexOf(entry.type) + 1 : 0);
}

function unpackEntry(packed: number): FileEntry {
  const low = packed % ENTRY_SCALE;
  const code = low % OK_BIT;
  return { row: (packed - low) / ENTRY_SCALE, ok: low >= OK_BIT, type: code === 0 ? undefined : TYPE_CODES[code - 1] };
}

/**
 * What the file said so far, for every row: its sku (row number, type, accepted or not), the url
 * key an accepted row took (a dry run's whole file, otherwise the batch being planned: the shop's
 * product table answers for earlier ones), and which configurable claimed a variant sku. In
 * compact key tables (keyTable.ts): this is the only part of an import that grows with the file.
 */
class FileKeys {
  private readonly skus = new KeyTable();
  private urlKeys = new KeyTable();
  private readonly variantOwners = new KeyTable();

  entry(sku: string): FileEntry | undefined {
    const found = this.skus.find(sku);
    return found < 0 ? undefined : unpackEntry(this.skus.value(found));
  }

  setEntry(sku: string, entry: FileEntry): void {
    this.skus.setValue(this.skus.add(sku), packEntry(entry));
  }

  /** The sku of the accepted row that took `urlKey`. */
  urlKeyOwner(urlKey: string): string | undefined {
    const found = this.urlKeys.find(urlKey);
    return found < 0 ? undefined : this.skus.key(this.urlKeys.value(found));
  }

  setUrlKeyOwner(urlKey: string, sku: string): void {
    this.urlKeys.setValue(this.urlKeys.add(urlKey), this.skus.add(sku));
  }

  forgetUrlKeys(): void {
    if (this.urlKeys.size > 0) this.urlKeys = new KeyTable();
  }

  variantOwner(variantSku: string): string | undefined {
    const found = this.variantOwners.find(variantSku);
    return found < 0 ? undefined : this.skus.key(this.variantOwners.value(found));
  }

  setVariantOwner(variantSku: string, configurableSku: string): void {
    this.variantOwners.setValue(this.variantOwners.add(variantSku), this.skus.add(configurableSku));
  }

  /** Rows remembered, and the bytes that takes. */
  get size(): { rows: number; bytes: number } {
    return { rows: this.skus.size, bytes: this.skus.bytes + this.urlKeys.bytes + this.variantOwners.bytes };
  }
}

function sameList(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((value, i) => value === b[i]);
}

function sameAttributes(a: Map<string, string[]>, b: Map<string, string[]>): boolean {
  const norm = (m: Map<string, string[]>) =>
    JSON.stringify(
      [...m.entries()]
        .filter(([, labels]) => labels.length > 0)
        .map(([code, labels]) => [code, [...labels].map((l) => l.toLowerCase()).sort()])
        .sort((x, y) => String(x[0]).localeCompare(String(y[0]))),
    );
  return norm(a) === norm(b);
}

export class ImportPlanner {
  /**
   * Skus this file named so far (duplicates are refused, later rows may use earlier products), the
   * url keys its rows took and the variants its configurables claimed.
   */
  private readonly fileKeys = new FileKeys();
  /** Addresses new categories of this file take (url_path), by category path. */
  private readonly plannedCategoryUrls = new Map<string, string>();
  /** Attribute codes the planned rows of this file create (importLimits.ts bounds them). */
  private readonly plannedNewAttributes = new Set<string>();
  /** The kind the first row of this file that created an attribute gave it. */
  private readonly plannedKinds = new Map<string, AttributeKind>();
  readonly images: ImagePlanner;

  /**
   * `committedBetweenBatches`: each planned batch is written before the next one is planned (an
   * import that is not a dry run), so the url keys of earlier batches are the shop's and its
   * product table answers for them; only the current batch's are remembered.
   */
  constructor(
    private readonly db: Kysely<TransferDatabase>,
    public maps: CatalogMaps,
    imagesDir: string | undefined,
    mediaDir: string,
    private readonly committedBetweenBatches = false,
  ) {
    this.images = new ImagePlanner(imagesDir, mediaDir);
  }

  /** Where the file's row for a sku stands: accepted, refused (its row number), or not in the file. */
  fileRow(sku: string): { row: number; ok: boolean; type: ProductType | undefined } | undefined {
    return this.fileKeys.entry(sku);
  }

  /** Rows that repeat a sku of an earlier row are refused before anything else. */
  claim(row: number, sku: string, type?: ProductType): string | null {
    const earlier = this.fileKeys.entry(sku);
    if (earlier) return `sku ${sku} already appears in row ${earlier.row}`;
    this.fileKeys.setEntry(sku, { row, type, ok: false });
    return null;
  }

  /**
   * Plans the rows of a batch. `final`: no later rows will come, so a variation sku that is
   * still unknown does not exist; before that, such configurables are handed back to wait.
   */
  async planBatch(
    rows: readonly ParsedRow[],
    final: boolean,
  ): Promise<{ planned: PlannedProduct[]; rejected: Rejection[]; deferred: ParsedRow[] }> {
    if (this.committedBetweenBatches) this.fileKeys.forgetUrlKeys();
    const skus = rows.flatMap((r) => [r.sku, ...(r.variations ?? []).map((v) => v.sku)]);
    const states = await loadProductStates(this.db, this.maps, skus);
    const urlKeys = rows.map((r) => r.fields.url_key ?? states.get(r.sku)?.row.url_key ?? slugify(r.fields.name ?? ''));
    const keyOwners = await this.urlKeyOwners(urlKeys.filter((k) => k !== ''));
    const planned: PlannedProduct[] = [];
    const rejected: Rejection[] = [];
    const deferred: ParsedRow[] = [];
    for (const row of rows) {
      try {
        const plan = await this.planRow(row, states, keyOwners, final);
        if (plan === 'defer') {
          deferred.push(row);
          continue;
        }
        planned.push(plan);
        for (const code of plan.attributeLabels.keys()) this.plannedNewAttributes.add(code);
        for (const [code, kind] of plan.attributeKinds)
          if (!this.plannedKinds.has(code)) this.plannedKinds.set(code, kind);
        this.fileKeys.setEntry(row.sku, { row: row.row, type: plan.type, ok: true });
        this.fileKeys.setUrlKeyOwner(plan.fields.url_key, row.sku);
        for (const variant of plan.configurable?.variants ?? []) this.fileKeys.setVariantOwner(variant.sku, row.sku);
      } catch (error) {
        if (!(error instanceof RowError)) throw error;
        rejected.push({ row: row.row, sku: row.sku, reason: error.message });
      }
    }
    return { planned, rejected, deferred };
  }

  private async urlKeyOwners(
    keys: string[],
  ): Promise<{ products: Map<string, string>; rewrites: Map<string, string> }> {
    const products = new Map<string, string>();
    const rewrites = new Map<string, string>();
    for (let i = 0; i < keys.length; i += 400) {
      const chunk = [...new Set(keys.slice(i, i + 400))];
      const owners = await this.db
        .selectFrom('product')
        .select(['url_key', 'sku'])
        .where('url_key', 'in', chunk)
        .execute();
      for (const owner of owners) if (!products.has(owner.url_key)) products.set(owner.url_key, owner.sku);
      const paths = await this.db
        .selectFrom('url_rewrite')
        .select(['request_path', 'entity_type', 'entity_id'])
        .where('store_id', '=', 1)
        .where(
          'request_path',
          'in',
          chunk.map((k) => `${k}.html`),
        )
        .execute();
      for (const p of paths) rewrites.set(p.request_path, `${p.entity_type}:${Number(p.entity_id)}`);
    }
    return { products, rewrites };
  }

  /**
   * A row's category paths as this shop holds them. Every path starts at a root category the
   * shop has ('Default Category'): the root alone is the whole catalog, which every product is
   * in, so it links nothing. A path under another root (a second website's 'Root Catalog/Shoes')
   * is refused: its categories would be in no store's menu.
   */
  private categoriesBelowRoots(paths: string[][]): string[] {
    const kept = new Set<string>();
    for (const names of paths) {
      const root = names[0] ?? '';
      const rootId = this.maps.categoryByPath.get(joinCategoryPath([root]));
      if (rootId === undefined || this.maps.categories.get(rootId)?.level !== 1) {
        const roots = [...this.maps.categories.values()].filter((c) => c.level === 1).map((c) => `"${c.name}"`);
        throw new RowError(
          `categories: "${joinCategoryPath(names)}" starts at "${root}", which is not a root category of this shop (${roots.join(', ') || 'it has none'}); categories under another root would be in no store's menu`,
        );
      }
      if (names.length > 1) kept.add(joinCategoryPath(names));
    }
    return [...kept].sort();
  }

  private checkCategories(paths: string[]): void {
    // Checked whole before any is remembered, so a refused row plans no category.
    const created = new Map<string, string>();
    for (const full of paths) {
      const names = splitCategoryPath(full);
      let parentUrl = '';
      for (let depth = 1; depth <= names.length; depth++) {
        const key = joinCategoryPath(names.slice(0, depth));
        const existingId = this.maps.categoryByPath.get(key);
        if (existingId !== undefined) {
          parentUrl = this.maps.categories.get(existingId)?.url_path ?? '';
          continue;
        }
        const planned = this.plannedCategoryUrls.get(key) ?? created.get(key);
        if (planned !== undefined) {
          parentUrl = planned;
          continue;
        }
        // The root categories (depth 1) have no address of their own; below them Magento's url_path.
        const urlKey = categoryUrlKey(names[depth - 1] ?? '');
        if (urlKey === '') throw new RowError(`category "${key}" has no letters or digits to make an address from`);
        const urlPath = depth <= 2 ? urlKey : `${parentUrl}/${urlKey}`;
        if (depth >= 2) {
          const taken = [...this.plannedCategoryUrls.entries(), ...created.entries()].find(
            ([otherKey, url]) => url === urlPath && splitCategoryPath(otherKey).length >= 2,
          );
          const inShop = [...this.maps.categories.values()].find((c) => c.level >= 2 && c.url_path === urlPath);
          if (taken || inShop)
            throw new RowError(
              `category "${key}" would take the address ${urlPath}.html, which category "${taken ? taken[0] : this.maps.categoryPath(inShop?.id ?? 0)}" has`,
            );
        }
        created.set(key, urlPath);
        parentUrl = urlPath;
      }
    }
    if (created.size > MAX_NEW_CATEGORIES_PER_ROW)
      throw new RowError(
        `categories: the row would create ${created.size} new categories; one row may create at most ${MAX_NEW_CATEGORIES_PER_ROW}`,
      );
    // Every key remembered here was new when planned, whether its batch is written yet or not.
    if (this.plannedCategoryUrls.size + created.size > MAX_NEW_CATEGORIES_PER_FILE)
      throw new RowError(
        `categories: the file would create more than ${MAX_NEW_CATEGORIES_PER_FILE} new categories (${this.plannedCategoryUrls.size} before this row, ${created.size} in it); import the rest in another file`,
      );
    for (const [key, url] of created) this.plannedCategoryUrls.set(key, url);
  }

  /** Every new attribute is filterable: it joins the public filter list, so a file adds few. */
  private checkNewAttributes(codes: string[]): void {
    // A code an earlier row of the file creates is counted once, there (its batch may not be written yet).
    const fresh = codes.filter((code) => !this.plannedNewAttributes.has(code));
    if (fresh.length > MAX_NEW_ATTRIBUTES_PER_ROW)
      throw new RowError(
        `additional_attributes: the row would create ${fresh.length} new attributes; one row may create at most ${MAX_NEW_ATTRIBUTES_PER_ROW}`,
      );
    if (this.plannedNewAttributes.size + fresh.length > MAX_NEW_ATTRIBUTES_PER_FILE)
      throw new RowError(
        `additional_attributes: the file would create more than ${MAX_NEW_ATTRIBUTES_PER_FILE} new attributes (${this.plannedNewAttributes.size} before this row, ${fresh.length} in it); create them first or import the rest in another file`,
      );
  }

  /** A label as the shop spells it when the option exists (labels match regardless of case). */
  private canonicalLabel(code: string, label: string): string {
    return this.maps.attributes.get(code)?.options.get(label.toLowerCase())?.label ?? label;
  }

  private async planRow(
    row: ParsedRow,
    states: Map<string, ProductState>,
    keyOwners: { products: Map<string, string>; rewrites: Map<string, string> },
    final: boolean,
  ): Promise<PlannedProduct | 'defer'> {
    const existing = states.get(row.sku);
    const type = row.type ?? existing?.type;
    if (!type) throw new RowError('product_type is missing (a new product needs simple or configurable)');
    if (existing && existing.type !== type)
      throw new RowError(`sku ${row.sku} is a ${existing.type} product; its product_type cannot change to ${type}`);
    const f = row.fields;
    const name = f.name ?? existing?.row.name;
    if (name === undefined) throw new RowError('name is missing (a new product needs a name)');
    // Products made of others take their prices from their members (a fixed bundle may set its own).
    const composite = type === 'configurable' || type === 'bundle' || type === 'grouped';
    const price = f.price ?? (existing ? Number(existing.row.price) : composite ? 0 : undefined);
    if (price === undefined) throw new RowError('price is missing (a new simple product needs a price)');
    const urlKey = f.url_key ?? existing?.row.url_key ?? slugify(name);
    if (urlKey === '') throw new RowError('url_key is missing and the name has no letters or digits to make one from');
    const qty = f.qty ?? (existing ? Number(existing.row.stock_qty) : 0);
    const fields: DesiredFields = {
      name,
      description: f.description ?? existing?.row.description ?? '',
      short_description: f.short_description ?? existing?.row.short_description ?? '',
      meta_title: f.meta_title !== undefined ? f.meta_title : (existing?.row.meta_title ?? null),
      meta_description:
        f.meta_description !== undefined ? f.meta_description : (existing?.row.meta_description ?? null),
      url_key: urlKey,
      price,
      special_price:
        f.special_price !== undefined
          ? f.special_price
          : existing?.row.special_price == null
            ? null
            : Number(existing.row.special_price),
      // A virtual product has no weight (Magento's product_has_weight = 0).
      weight: isVirtualType(type)
        ? null
        : f.weight !== undefined
          ? f.weight
          : existing?.row.weight == null
            ? null
            : Number(existing.row.weight),
      qty,
      // A configurable's stock is its variants'; a simple product's status follows stockStatus.ts.
      in_stock: composite
        ? (f.in_stock ?? (existing ? Number(existing.row.in_stock) : 1))
        : stockStatus(qty, f.in_stock ?? (f.qty === undefined && existing ? Number(existing.row.in_stock) : undefined)),
      visibility: f.visibility ?? (existing ? Number(existing.row.visibility) : 4),
      status: f.status ?? (existing ? Number(existing.row.status ?? STATUS_ENABLED) : STATUS_ENABLED),
    };

    // One url key, one product: in the shop and in the file.
    const owner = keyOwners.products.get(urlKey);
    if (owner !== undefined && owner !== row.sku)
      throw new RowError(`duplicate url_key "${urlKey}": product ${owner} has it`);
    const fileOwner = this.fileKeys.urlKeyOwner(urlKey);
    if (fileOwner !== undefined && fileOwner !== row.sku)
      throw new RowError(
        `duplicate url_key "${urlKey}": row ${this.fileKeys.entry(fileOwner)?.row ?? '?'} (sku ${fileOwner}) has it`,
      );
    const rewriteOwner = keyOwners.rewrites.get(`${urlKey}.html`);
    if (fields.visibility !== 1 && rewriteOwner !== undefined && rewriteOwner !== `PRODUCT:${existing?.id ?? -1}`)
      throw new RowError(
        `url_key "${urlKey}": the address ${urlKey}.html belongs to another page (${rewriteOwner.toLowerCase()})`,
      );

    const categories = row.categories ? this.categoriesBelowRoots(row.categories) : (existing?.categories ?? []);
    if (row.categories) this.checkCategories(categories);

    const images: PlannedImage[] = row.images
      ? await Promise.all(row.images.map((image) => this.images.plan(image)))
      : (existing?.images ?? []);

    const attributes = new Map(existing?.attributes ?? []);
    const attributeKinds = new Map<string, AttributeKind>();
    for (const [code, value] of row.attributes ?? []) {
      const known = this.maps.attributes.get(code);
      const kind: AttributeKind = known
        ? known.input === 'boolean' || known.input === 'text'
          ? known.input
          : 'select'
        : (this.plannedKinds.get(code) ?? attributeKindOf(value));
      if (!known) attributeKinds.set(code, kind);
      const labels =
        kind === 'boolean'
          ? [/^(1|yes)$/i.test(value.text.trim()) ? 'Yes' : 'No']
          : kind === 'text'
            ? [value.text]
            : value.labels;
      for (const label of labels)
        if (kind !== 'text' && label.length > 255)
          throw new RowError(`value of ${code} is longer than 255 characters for an option`);
      attributes.set(
        code,
        labels.map((label) => this.canonicalLabel(code, label)),
      );
    }

    let configurable: PlannedProduct['configurable'];
    let variantsChange = false;
    if (row.variations) {
      if (type !== 'configurable') throw new RowError('configurable_variations is given for a simple product');
      const result = this.planVariations(row, row.variations, states, existing, final);
      if (result === 'defer') return 'defer';
      configurable = result.configurable;
      variantsChange = result.variantsChange;
      // The configurable holds every option its variants have, so listings can filter by them.
      for (const code of configurable.codes) {
        attributeKinds.delete(code);
        const labels = [
          ...new Set(configurable.variants.map((v) => v.values.find(([c]) => c === code)?.[1] ?? '')),
        ].filter(Boolean);
        attributes.set(code, labels);
      }
    } else if (type === 'configurable' && !existing) {
      throw new RowError('configurable_variations is missing (a new configurable product needs its variations)');
    }
    for (const [code, labels] of attributes) if (labels.length === 0) attributes.delete(code);

    const attributeLabels = new Map<string, string>();
    for (const code of attributes.keys()) {
      if (!this.maps.attributes.has(code))
        attributeLabels.set(code, configurable?.labels.get(code) ?? row.variationLabels?.get(code) ?? humanize(code));
    }
    this.checkNewAttributes([...attributeLabels.keys()]);
    const relabels = new Map<string, string>();
    for (const [code, label] of row.variationLabels ?? [])
      if (this.plannedNewAttributes.has(code)) relabels.set(code, label);

    let action: PlannedProduct['action'] = 'create';
    if (existing) {
      const r = existing.row;
      const same =
        r.name === fields.name &&
        r.description === fields.description &&
        r.short_description === fields.short_description &&
        (r.meta_title ?? null) === fields.meta_title &&
        (r.meta_description ?? null) === fields.meta_description &&
        r.url_key === fields.url_key &&
        Number(r.price) === fields.price &&
        (r.special_price == null ? null : Number(r.special_price)) === fields.special_price &&
        (r.weight == null ? null : Number(r.weight)) === fields.weight &&
        Number(r.stock_qty) === fields.qty &&
        Number(r.in_stock) === fields.in_stock &&
        Number(r.visibility) === fields.visibility &&
        Number(r.status ?? STATUS_ENABLED) === fields.status &&
        sameList(existing.categories, categories) &&
        sameList(
          existing.images.map((i) => `${i.url}\n${i.label}`),
          images.map((i) => `${i.url}\n${i.label}`),
        ) &&
        sameAttributes(existing.attributes, attributes) &&
        (!configurable ||
          (sameList(existing.configurableCodes, configurable.codes) &&
            sameList([...existing.variantSkus].sort(), configurable.variants.map((v) => v.sku).sort()) &&
            !variantsChange));
      action = same ? 'unchanged' : 'update';
    }
    return {
      row: row.row,
      sku: row.sku,
      type,
      action,
      existing,
      fields,
      categories,
      images,
      attributes,
      configurable,
      attributeLabels,
      relabels,
      attributeKinds,
    };
  }

  private planVariations(
    row: ParsedRow,
    variations: VariationRef[],
    states: Map<string, ProductState>,
    existing: ProductState | undefined,
    final: boolean,
  ): 'defer' | { configurable: NonNullable<PlannedProduct['configurable']>; variantsChange: boolean } {
    if (variations.length === 0) throw new RowError('configurable_variations names no variation');
    const firstCodes = variations[0]?.values.map(([code]) => code) ?? [];
    const codeSet = [...firstCodes].sort().join(',');
    const combos = new Map<string, string>();
    const seen = new Set<string>();
    let variantsChange = false;
    for (const variation of variations) {
      if (variation.sku === row.sku)
        throw new RowError(`configurable_variations names the product itself (${row.sku})`);
      if (seen.has(variation.sku)) throw new RowError(`configurable_variations names ${variation.sku} twice`);
      seen.add(variation.sku);
      const codes = variation.values.map(([code]) => code);
      if (new Set(codes).size !== codes.length)
        throw new RowError(`configurable_variations: variation ${variation.sku} names an attribute twice`);
      if ([...codes].sort().join(',') !== codeSet)
        throw new RowError(
          `configurable_variations: variation ${variation.sku} names ${codes.join(', ')} but ${variations[0]?.sku} names ${firstCodes.join(', ')}`,
        );
      const combo = [...variation.values]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([c, v]) => `${c}=${v.toLowerCase()}`)
        .join(',');
      const twin = combos.get(combo);
      if (twin)
        throw new RowError(`configurable_variations: variations ${twin} and ${variation.sku} are both ${combo}`);
      combos.set(combo, variation.sku);

      const state = states.get(variation.sku);
      const inFile = this.fileKeys.entry(variation.sku);
      if (!state && !inFile?.ok) {
        if (!final) return 'defer';
        throw new RowError(
          inFile
            ? `variation sku ${variation.sku} does not exist (its row ${inFile.row} was rejected)`
            : `variation sku ${variation.sku} does not exist`,
        );
      }
      const variantType = state?.type ?? inFile?.type;
      if (variantType === 'configurable')
        throw new RowError(`variation sku ${variation.sku} is a configurable product; variations are simple products`);
      if (state && state.parent_id !== null && state.parent_id !== existing?.id)
        throw new RowError(`variation sku ${variation.sku} already belongs to another configurable product`);
      const owner = this.fileKeys.variantOwner(variation.sku);
      if (owner !== undefined && owner !== row.sku)
        throw new RowError(`variation sku ${variation.sku} is already a variation of ${owner} in this file`);
      if (!state) variantsChange = true;
      else
        for (const [code, label] of variation.values) {
          const current = state.attributes.get(code) ?? [];
          if (current.length !== 1 || current[0]?.toLowerCase() !== label.toLowerCase()) variantsChange = true;
        }
    }
    // The order of the options on the product page: the labels column's order, then the variations'.
    const labels = row.variationLabels ?? new Map<string, string>();
    const codes = [
      ...[...labels.keys()].filter((c) => firstCodes.includes(c)),
      ...firstCodes.filter((c) => !labels.has(c)),
    ];
    const variants = variations.map((v) => ({
      sku: v.sku,
      values: v.values.map(([code, label]): [string, string] => [code, this.canonicalLabel(code, label)]),
    }));
    return { configurable: { codes, variants, labels }, variantsChange };
  }
}

function humanize(code: string): string {
  const words = code.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
