import type { Kysely } from 'kysely';
import type { BundleOptionType, BundleProductTable, Database, ProductTable } from '../../db/tables';
import { nextId } from '../../db/idSequence';
import { DomainError } from '../../kernel/domainError';
import { encodeUid } from '../../kernel/uids';

// A bundle product (Magento's Bundle module): options the shopper answers, each offering simple
// products ("selections") with a default quantity. A dynamic-price bundle costs the sum of the
// chosen products at their own prices; a fixed-price bundle costs its own price plus each chosen
// selection's fixed amount or percentage of that price. Written by the import and the back office
// through `replaceBundle`, which keeps the ids of options (by title) and selections (by product)
// that stay, so carts holding them keep their choices across an unchanged re-import.

export const BUNDLE_OPTION_TYPES: readonly BundleOptionType[] = ['select', 'radio', 'checkbox', 'multi'];
/** Types that take one selection; the others take several at once. */
export const SINGLE_CHOICE_BUNDLE_TYPES: ReadonlySet<BundleOptionType> = new Set(['select', 'radio']);
export const MAX_BUNDLE_OPTIONS = 50;
export const MAX_BUNDLE_SELECTIONS = 100;
export const MAX_BUNDLE_QTY = 10_000;

export type BundleSettings = Omit<BundleProductTable, 'product_id'>;

export const DEFAULT_BUNDLE_SETTINGS: BundleSettings = {
  dynamic_price: 1,
  dynamic_sku: 1,
  dynamic_weight: 1,
  price_view: 'PRICE_RANGE',
  ship_bundle_items: 'TOGETHER',
};

export interface BundleSelectionRecord {
  id: number;
  optionId: number;
  product: ProductTable;
  position: number;
  isDefault: boolean;
  qty: number;
  canChangeQty: boolean;
  /** Fixed-price bundles: minor units when fixed, hundredths of a percent when percent. */
  price: number;
  priceType: 'fixed' | 'percent';
}

export interface BundleOptionRecord {
  id: number;
  productId: number;
  title: string;
  type: BundleOptionType;
  required: boolean;
  position: number;
  selections: BundleSelectionRecord[];
}

export interface BundleRecord {
  settings: BundleSettings;
  options: BundleOptionRecord[];
}

/** An option as the import or the back office gives it, without ids; selections name products by id. */
export interface BundleOptionInput {
  title: string;
  type: BundleOptionType;
  required: boolean;
  selections: Array<{
    productId: number;
    isDefault: boolean;
    qty: number;
    canChangeQty: boolean;
    price: number;
    priceType: 'fixed' | 'percent';
  }>;
}

/** Magento's uids (BundleGraphQl): an option `bundle/{option}`, a selection `bundle/{option}/{selection}/{qty}`. */
export const bundleOptionUid = (optionId: number) => encodeUid(`bundle/${optionId}`);
export const bundleSelectionUid = (optionId: number, selectionId: number, qty: number) =>
  encodeUid(`bundle/${optionId}/${selectionId}/${qty}`);

const productFinalPrice = (p: ProductTable) =>
  p.special_price !== null && p.special_price < p.price ? p.special_price : p.price;

/**
 * What one unit of a selection adds to one bundle, in the bundle's currency minor units: the
 * product's final price in a dynamic bundle; the selection's amount, or its percentage of the
 * bundle's own final price, in a fixed one.
 */
export function selectionUnitPrice(bundle: ProductTable, settings: BundleSettings, s: BundleSelectionRecord): number {
  if (settings.dynamic_price === 1) return productFinalPrice(s.product);
  if (s.priceType === 'percent') return Math.round((productFinalPrice(bundle) * s.price) / 10_000);
  return s.price;
}

/** The bundle's own part of a unit: its price when fixed, nothing when dynamic. */
export function bundleBasePrice(bundle: ProductTable, settings: BundleSettings): number {
  return settings.dynamic_price === 1 ? 0 : productFinalPrice(bundle);
}

/**
 * The lowest and highest a bundle can cost (Magento's price range): the cheapest answer to each
 * required option at its default quantity, and every selection of every option at the top.
 * Regular prices leave out special prices.
 */
export function bundlePriceBounds(
  bundle: ProductTable,
  record: BundleRecord,
): { min: number; max: number; minRegular: number; maxRegular: number } {
  const regularBundle = { ...bundle, special_price: null };
  const bound = (p: ProductTable, regular: boolean) => {
    const price = (s: BundleSelectionRecord) =>
      selectionUnitPrice(p, record.settings, regular ? { ...s, product: { ...s.product, special_price: null } } : s) *
      s.qty;
    let min = bundleBasePrice(p, record.settings);
    let max = min;
    const anyRequired = record.options.some((o) => o.required);
    const optionMins: number[] = [];
    for (const o of record.options) {
      const prices = o.selections.filter((s) => s.product.in_stock === 1).map(price);
      if (prices.length === 0) continue;
      if (o.required) min += Math.min(...prices);
      else optionMins.push(Math.min(...prices));
      max += SINGLE_CHOICE_BUNDLE_TYPES.has(o.type) ? Math.max(...prices) : prices.reduce((a, b) => a + b, 0);
    }
    // Without a required option the cheapest bundle is its cheapest single optional choice.
    if (!anyRequired && optionMins.length > 0) min += Math.min(...optionMins);
    return { min, max };
  };
  const final = bound(bundle, false);
  const regular = bound(regularBundle, true);
  return { min: final.min, max: final.max, minRegular: regular.min, maxRegular: regular.max };
}

/** Whether a bundle can be bought: every required option has a selection in stock. */
export function bundleSalable(record: BundleRecord): boolean {
  return (
    record.options.length > 0 &&
    record.options.every(
      (o) => !o.required || o.selections.some((s) => s.product.in_stock === 1 && s.product.stock_qty >= s.qty),
    )
  );
}

const byPosition = <T extends { position: number; id: number }>(a: T, b: T) => a.position - b.position || a.id - b.id;

/** Each bundle's settings and options with their selections (disabled products left out), in display order. */
export async function loadBundles(
  db: Kysely<Database>,
  productIds: readonly number[],
): Promise<Map<number, BundleRecord>> {
  const result = new Map<number, BundleRecord>();
  const ids = [...new Set(productIds)];
  if (ids.length === 0) return result;
  const [settings, options] = await Promise.all([
    db.selectFrom('bundle_product').selectAll().where('product_id', 'in', ids).execute(),
    db.selectFrom('bundle_option').selectAll().where('product_id', 'in', ids).execute(),
  ]);
  for (const s of settings) {
    const { product_id: productId, ...rest } = s;
    result.set(productId, { settings: rest, options: [] });
  }
  if (options.length === 0) return result;
  const selections = await db
    .selectFrom('bundle_selection')
    .selectAll()
    .where(
      'option_id',
      'in',
      options.map((o) => o.id),
    )
    .execute();
  const products =
    selections.length === 0
      ? []
      : await db
          .selectFrom('product')
          .selectAll()
          .where('status', '=', 1)
          .where('id', 'in', [...new Set(selections.map((s) => s.product_id))])
          .execute();
  const productById = new Map(products.map((p) => [p.id, p as ProductTable]));
  for (const o of options) {
    const record = result.get(o.product_id) ?? { settings: { ...DEFAULT_BUNDLE_SETTINGS }, options: [] };
    result.set(o.product_id, record);
    record.options.push({
      id: o.id,
      productId: o.product_id,
      title: o.title,
      type: o.type,
      required: o.required === 1,
      position: o.position,
      selections: selections
        .filter((s) => s.option_id === o.id)
        .flatMap((s) => {
          const product = productById.get(s.product_id);
          return product
            ? [
                {
                  id: s.id,
                  optionId: o.id,
                  product,
                  position: s.position,
                  isDefault: s.is_default === 1,
                  qty: s.qty,
                  canChangeQty: s.can_change_qty === 1,
                  price: s.price,
                  priceType: s.price_type,
                },
              ]
            : [];
        })
        .sort(byPosition),
    });
  }
  for (const record of result.values()) record.options.sort(byPosition);
  return result;
}

/** Checks a bundle's options as a whole; throws a DomainError naming the first problem, changing nothing. */
export function validateBundleOptions(options: readonly BundleOptionInput[]): void {
  if (options.length > MAX_BUNDLE_OPTIONS)
    throw new DomainError('input', `A bundle has at most ${MAX_BUNDLE_OPTIONS} options.`);
  const titles = new Set<string>();
  for (const o of options) {
    const title = o.title.trim();
    if (title === '') throw new DomainError('input', 'A bundle option needs a title.');
    if (title.length > 255) throw new DomainError('input', `The bundle option "${title.slice(0, 40)}…" is too long.`);
    if (titles.has(title)) throw new DomainError('input', `The bundle option "${title}" appears twice.`);
    titles.add(title);
    if (!BUNDLE_OPTION_TYPES.includes(o.type))
      throw new DomainError('input', `The bundle option "${title}" has the unknown type "${String(o.type)}".`);
    if (o.selections.length === 0) throw new DomainError('input', `The bundle option "${title}" offers no product.`);
    if (o.selections.length > MAX_BUNDLE_SELECTIONS)
      throw new DomainError(
        'input',
        `The bundle option "${title}" offers more than ${MAX_BUNDLE_SELECTIONS} products.`,
      );
    const seen = new Set<number>();
    for (const s of o.selections) {
      if (seen.has(s.productId))
        throw new DomainError('input', `The bundle option "${title}" offers the same product twice.`);
      seen.add(s.productId);
      if (!Number.isInteger(s.qty) || s.qty < 1 || s.qty > MAX_BUNDLE_QTY)
        throw new DomainError('input', `The bundle option "${title}": a default quantity is a whole number from 1.`);
      if (s.priceType !== 'fixed' && s.priceType !== 'percent')
        throw new DomainError('input', `The bundle option "${title}": the price type is fixed or percent.`);
      if (!Number.isSafeInteger(s.price) || s.price < 0 || s.price > 1e11)
        throw new DomainError('input', `The bundle option "${title}" has a price out of range.`);
    }
    if (SINGLE_CHOICE_BUNDLE_TYPES.has(o.type) && o.selections.filter((s) => s.isDefault).length > 1)
      throw new DomainError('input', `The bundle option "${title}" (${o.type}) has more than one default.`);
  }
}

/**
 * Replaces a bundle's settings and options with `options`, in that order, in the caller's
 * transaction. Options keep their ids by title, selections by product, so a re-import leaves
 * carts' choices valid. Callers have checked that every selection's product is a simple product.
 */
export async function replaceBundle(
  db: Kysely<Database>,
  productId: number,
  settings: BundleSettings,
  options: readonly BundleOptionInput[],
): Promise<void> {
  validateBundleOptions(options);
  await db.deleteFrom('bundle_product').where('product_id', '=', productId).execute();
  await db
    .insertInto('bundle_product')
    .values({ product_id: productId, ...settings })
    .execute();
  const existing = await db.selectFrom('bundle_option').selectAll().where('product_id', '=', productId).execute();
  const existingSelections =
    existing.length === 0
      ? []
      : await db
          .selectFrom('bundle_selection')
          .selectAll()
          .where(
            'option_id',
            'in',
            existing.map((o) => o.id),
          )
          .execute();
  const kept = new Set<number>();
  for (const [position, o] of options.entries()) {
    const title = o.title.trim();
    const old = existing.find((e) => e.title === title && !kept.has(e.id));
    const optionId = old?.id ?? (await nextId(db, 'bundle_option'));
    kept.add(optionId);
    const row = { product_id: productId, title, type: o.type, required: o.required ? 1 : 0, position };
    if (old) await db.updateTable('bundle_option').set(row).where('id', '=', optionId).execute();
    else
      await db
        .insertInto('bundle_option')
        .values({ id: optionId, ...row })
        .execute();
    const keptSelections = new Set<number>();
    for (const [selectionPosition, s] of o.selections.entries()) {
      const oldSelection = existingSelections.find((e) => e.option_id === optionId && e.product_id === s.productId);
      const values = {
        option_id: optionId,
        product_id: s.productId,
        position: selectionPosition,
        is_default: s.isDefault ? 1 : 0,
        qty: s.qty,
        can_change_qty: s.canChangeQty ? 1 : 0,
        price: s.price,
        price_type: s.priceType,
      };
      if (oldSelection) {
        keptSelections.add(oldSelection.id);
        await db.updateTable('bundle_selection').set(values).where('id', '=', oldSelection.id).execute();
      } else {
        const id = await nextId(db, 'bundle_selection');
        keptSelections.add(id);
        await db
          .insertInto('bundle_selection')
          .values({ id, ...values })
          .execute();
      }
    }
    const gone = existingSelections.filter((e) => e.option_id === optionId && !keptSelections.has(e.id));
    if (gone.length > 0)
      await db
        .deleteFrom('bundle_selection')
        .where(
          'id',
          'in',
          gone.map((g) => g.id),
        )
        .execute();
  }
  const goneOptions = existing.filter((e) => !kept.has(e.id)).map((e) => e.id);
  if (goneOptions.length > 0) {
    await db.deleteFrom('bundle_selection').where('option_id', 'in', goneOptions).execute();
    await db.deleteFrom('bundle_option').where('id', 'in', goneOptions).execute();
  }
}
