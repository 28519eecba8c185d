import type { Kysely } from 'kysely';
import type { CustomOptionPriceType, CustomOptionType, Database } from '../../db/tables';
import { nextId } from '../../db/idSequence';
import { DomainError } from '../../kernel/domainError';

// A product's custom options (Magento's catalog_product_option): what a shopper types or picks
// beside the product, each priced as an amount or a percentage of the product's final price.
// Read for the product page, the cart and the order; written by the import and the back office
// through `replaceCustomOptions`, which keeps the ids of options and values that stay (matched by
// type and title), so carts holding them keep their choices across an unchanged re-import.

export const CUSTOM_OPTION_TYPES: readonly CustomOptionType[] = [
  'field',
  'area',
  'drop_down',
  'radio',
  'checkbox',
  'multiple',
  'date',
  'date_time',
  'time',
];

/** Types whose values are listed (and priced one by one); the others take what the shopper enters. */
export const SELECT_OPTION_TYPES: ReadonlySet<CustomOptionType> = new Set([
  'drop_down',
  'radio',
  'checkbox',
  'multiple',
]);

/** Types that accept several values at once. */
export const MULTI_VALUE_OPTION_TYPES: ReadonlySet<CustomOptionType> = new Set(['checkbox', 'multiple']);

export const MAX_CUSTOM_OPTIONS = 100;
export const MAX_CUSTOM_OPTION_VALUES = 200;
export const MAX_CUSTOM_OPTION_TITLE = 255;

export interface CustomOptionPrice {
  /** Minor units when fixed; hundredths of a percent when percent. */
  price: number;
  priceType: CustomOptionPriceType;
}

export interface CustomOptionValueRecord extends CustomOptionPrice {
  id: number;
  title: string;
  sortOrder: number;
  sku: string | null;
}

export interface CustomOptionRecord extends CustomOptionPrice {
  id: number;
  productId: number;
  type: CustomOptionType;
  title: string;
  required: boolean;
  sortOrder: number;
  sku: string | null;
  /** Text options: the longest text accepted; null for no limit. */
  maxCharacters: number | null;
  /** Select-like options' values in display order; empty for the others. */
  values: CustomOptionValueRecord[];
}

/** An option as the import or the back office gives it, without ids. */
export interface CustomOptionInput extends CustomOptionPrice {
  type: CustomOptionType;
  title: string;
  required: boolean;
  sortOrder: number;
  sku: string | null;
  maxCharacters: number | null;
  values: Array<CustomOptionPrice & { title: string; sortOrder: number; sku: string | null }>;
}

/** Store-view titles of a product's options, in the order of its options (and their values). */
export interface CustomOptionStoreTitles {
  options: Array<{ title: string | null; values: Array<string | null> }>;
}

const byOrder = <T extends { sortOrder: number; id: number }>(a: T, b: T) => a.sortOrder - b.sortOrder || a.id - b.id;

/** Checks an option list as a whole; throws a DomainError naming the first problem, changing nothing. */
export function validateCustomOptions(options: readonly CustomOptionInput[]): void {
  if (options.length > MAX_CUSTOM_OPTIONS)
    throw new DomainError('input', `A product has at most ${MAX_CUSTOM_OPTIONS} custom options.`);
  const titles = new Set<string>();
  for (const o of options) {
    const title = o.title.trim();
    if (title === '') throw new DomainError('input', 'A custom option needs a title.');
    if (title.length > MAX_CUSTOM_OPTION_TITLE)
      throw new DomainError(
        'input',
        `The custom option title "${title.slice(0, 40)}…" is longer than ${MAX_CUSTOM_OPTION_TITLE} characters.`,
      );
    if (!CUSTOM_OPTION_TYPES.includes(o.type))
      throw new DomainError('input', `"${String(o.type)}" is not a custom option type.`);
    const key = `${o.type}\u0000${title}`;
    if (titles.has(key)) throw new DomainError('input', `The custom option "${title}" appears twice.`);
    titles.add(key);
    checkPrice(o, title);
    if (o.maxCharacters !== null && (!Number.isInteger(o.maxCharacters) || o.maxCharacters < 0))
      throw new DomainError('input', `The custom option "${title}": max characters must be a whole number, 0 or more.`);
    if (SELECT_OPTION_TYPES.has(o.type)) {
      if (o.values.length === 0)
        throw new DomainError('input', `The custom option "${title}" needs at least one value.`);
      if (o.values.length > MAX_CUSTOM_OPTION_VALUES)
        throw new DomainError(
          'input',
          `The custom option "${title}" has more than ${MAX_CUSTOM_OPTION_VALUES} values.`,
        );
      const valueTitles = new Set<string>();
      for (const v of o.values) {
        const valueTitle = v.title.trim();
        if (valueTitle === '') throw new DomainError('input', `A value of the custom option "${title}" needs a title.`);
        if (valueTitles.has(valueTitle))
          throw new DomainError('input', `The custom option "${title}" has the value "${valueTitle}" twice.`);
        valueTitles.add(valueTitle);
        checkPrice(v, `${title}: ${valueTitle}`);
      }
    } else if (o.values.length > 0) {
      throw new DomainError('input', `The custom option "${title}" (${o.type}) takes no list of values.`);
    }
  }
}

function checkPrice(p: CustomOptionPrice, what: string): void {
  if (p.priceType !== 'fixed' && p.priceType !== 'percent')
    throw new DomainError('input', `The custom option "${what}": the price type is fixed or percent.`);
  if (!Number.isSafeInteger(p.price) || Math.abs(p.price) > 1e11)
    throw new DomainError('input', `The custom option "${what}" has a price out of range.`);
}

/** The custom options of each product, in display order; titles of `storeId` when it has its own. */
export async function loadCustomOptions(
  db: Kysely<Database>,
  productIds: readonly number[],
  storeId?: number,
): Promise<Map<number, CustomOptionRecord[]>> {
  const result = new Map<number, CustomOptionRecord[]>(productIds.map((id) => [id, []]));
  const ids = [...new Set(productIds)];
  if (ids.length === 0) return result;
  const options = await db.selectFrom('product_option').selectAll().where('product_id', 'in', ids).execute();
  if (options.length === 0) return result;
  const optionIds = options.map((o) => o.id);
  const [values, optionTitles] = await Promise.all([
    db.selectFrom('product_option_value').selectAll().where('option_id', 'in', optionIds).execute(),
    storeId === undefined
      ? Promise.resolve([])
      : db
          .selectFrom('product_option_store')
          .select(['option_id', 'title'])
          .where('store_id', '=', storeId)
          .where('option_id', 'in', optionIds)
          .execute(),
  ]);
  const valueTitles =
    storeId === undefined || values.length === 0
      ? []
      : await db
          .selectFrom('product_option_value_store')
          .select(['value_id', 'title'])
          .where('store_id', '=', storeId)
          .where(
            'value_id',
            'in',
            values.map((v) => v.id),
          )
          .execute();
  const optionTitle = new Map(optionTitles.map((t) => [t.option_id, t.title]));
  const valueTitle = new Map(valueTitles.map((t) => [t.value_id, t.title]));
  for (const o of options) {
    const record: CustomOptionRecord = {
      id: o.id,
      productId: o.product_id,
      type: o.type,
      title: optionTitle.get(o.id) ?? o.title,
      required: o.is_required === 1,
      sortOrder: o.sort_order,
      price: o.price,
      priceType: o.price_type,
      sku: o.sku,
      maxCharacters: o.max_characters === null || o.max_characters <= 0 ? null : o.max_characters,
      values: values
        .filter((v) => v.option_id === o.id)
        .map((v) => ({
          id: v.id,
          title: valueTitle.get(v.id) ?? v.title,
          sortOrder: v.sort_order,
          price: v.price,
          priceType: v.price_type,
          sku: v.sku,
        }))
        .sort(byOrder),
    };
    result.get(o.product_id)?.push(record);
  }
  for (const list of result.values()) list.sort(byOrder);
  return result;
}

const sameOption = (a: CustomOptionRecord, b: CustomOptionInput) => a.type === b.type && a.title === b.title.trim();

function unchanged(stored: readonly CustomOptionRecord[], wanted: readonly CustomOptionInput[]): boolean {
  if (stored.length !== wanted.length) return false;
  return wanted.every((w, i) => {
    const s = stored[i];
    return (
      s !== undefined &&
      sameOption(s, w) &&
      s.required === w.required &&
      s.sortOrder === w.sortOrder &&
      s.price === w.price &&
      s.priceType === w.priceType &&
      s.sku === w.sku &&
      s.maxCharacters === (w.maxCharacters && w.maxCharacters > 0 ? w.maxCharacters : null) &&
      s.values.length === w.values.length &&
      w.values.every((wv, j) => {
        const sv = s.values[j];
        return (
          sv !== undefined &&
          sv.title === wv.title.trim() &&
          sv.sortOrder === wv.sortOrder &&
          sv.price === wv.price &&
          sv.priceType === wv.priceType &&
          sv.sku === wv.sku
        );
      })
    );
  });
}

/**
 * Makes `options` the product's custom options, in the caller's write transaction. Options that
 * stay (same type and title) keep their ids and their values' ids (by title), so carts keep their
 * choices; the others, with their store-view titles, go. Returns false when nothing changed.
 */
export async function replaceCustomOptions(
  trx: Kysely<Database>,
  productId: number,
  options: readonly CustomOptionInput[],
): Promise<boolean> {
  validateCustomOptions(options);
  const stored = (await loadCustomOptions(trx, [productId])).get(productId) ?? [];
  // Compared in display order (the input's own order when sort orders tie).
  const wanted = options.map((o, i) => ({ o, i })).sort((a, b) => a.o.sortOrder - b.o.sortOrder || a.i - b.i);
  if (
    unchanged(
      stored,
      wanted.map((w) => ({ ...w.o, values: [...w.o.values].sort((a, b) => a.sortOrder - b.sortOrder) })),
    )
  )
    return false;
  const kept = new Set<number>();
  const keptValues = new Set<number>();
  for (const { o } of wanted) {
    const previous = stored.find((s) => !kept.has(s.id) && sameOption(s, o));
    const row = {
      product_id: productId,
      type: o.type,
      title: o.title.trim(),
      is_required: o.required ? 1 : 0,
      sort_order: o.sortOrder,
      price: SELECT_OPTION_TYPES.has(o.type) ? 0 : o.price,
      price_type: o.priceType,
      sku: o.sku,
      max_characters: o.maxCharacters,
    };
    let optionId: number;
    if (previous) {
      optionId = previous.id;
      kept.add(optionId);
      await trx.updateTable('product_option').set(row).where('id', '=', optionId).execute();
    } else {
      optionId = await nextId(trx, 'product_option');
      await trx
        .insertInto('product_option')
        .values({ id: optionId, ...row })
        .execute();
    }
    for (const v of o.values) {
      const old = previous?.values.find((pv) => !keptValues.has(pv.id) && pv.title === v.title.trim());
      const valueRow = {
        option_id: optionId,
        title: v.title.trim(),
        sort_order: v.sortOrder,
        price: v.price,
        price_type: v.priceType,
        sku: v.sku,
      };
      if (old) {
        keptValues.add(old.id);
        await trx.updateTable('product_option_value').set(valueRow).where('id', '=', old.id).execute();
      } else {
        const id = await nextId(trx, 'product_option_value');
        await trx
          .insertInto('product_option_value')
          .values({ id, ...valueRow })
          .execute();
      }
    }
  }
  const goneValues = stored.flatMap((s) => s.values.map((v) => v.id)).filter((id) => !keptValues.has(id));
  const goneOptions = stored.map((s) => s.id).filter((id) => !kept.has(id));
  if (goneValues.length > 0) {
    await trx.deleteFrom('product_option_value_store').where('value_id', 'in', goneValues).execute();
    await trx.deleteFrom('product_option_value').where('id', 'in', goneValues).execute();
  }
  if (goneOptions.length > 0) {
    await trx.deleteFrom('product_option_store').where('option_id', 'in', goneOptions).execute();
    await trx.deleteFrom('product_option').where('id', 'in', goneOptions).execute();
  }
  return true;
}

/**
 * A store view's titles of a product's options, given in the order of the product's options
 * (Magento's store-view rows repeat the options in the same order). A null or equal title falls
 * back to the default one. `'own'` renames the options themselves (the default store view's
 * values are the product's own). Returns false when nothing changed.
 */
export async function setCustomOptionStoreTitles(
  trx: Kysely<Database>,
  productId: number,
  storeId: number | 'own',
  titles: CustomOptionStoreTitles,
): Promise<boolean> {
  const stored = (await loadCustomOptions(trx, [productId])).get(productId) ?? [];
  const current =
    storeId === 'own' ? stored : ((await loadCustomOptions(trx, [productId], storeId)).get(productId) ?? []);
  let changed = false;
  for (const [i, option] of stored.entries()) {
    const given = titles.options[i];
    if (!given) continue;
    const title = given.title?.trim() || option.title;
    if (title !== current[i]?.title) {
      changed = true;
      if (storeId === 'own')
        await trx.updateTable('product_option').set({ title }).where('id', '=', option.id).execute();
      else {
        await trx
          .deleteFrom('product_option_store')
          .where('option_id', '=', option.id)
          .where('store_id', '=', storeId)
          .execute();
        if (title !== option.title)
          await trx
            .insertInto('product_option_store')
            .values({ option_id: option.id, store_id: storeId, title })
            .execute();
      }
    }
    for (const [j, value] of option.values.entries()) {
      const valueTitle = given.values[j]?.trim() || value.title;
      if (valueTitle === current[i]?.values[j]?.title) continue;
      changed = true;
      if (storeId === 'own') {
        await trx.updateTable('product_option_value').set({ title: valueTitle }).where('id', '=', value.id).execute();
        continue;
      }
      await trx
        .deleteFrom('product_option_value_store')
        .where('value_id', '=', value.id)
        .where('store_id', '=', storeId)
        .execute();
      if (valueTitle !== value.title)
        await trx
          .insertInto('product_option_value_store')
          .values({ value_id: value.id, store_id: storeId, title: valueTitle })
          .execute();
    }
  }
  return changed;
}

/** Every store view's own titles of the products' options, for the export: store id → product → titles. */
export async function customOptionStoreTitles(
  db: Kysely<Database>,
  productIds: readonly number[],
): Promise<Map<number, Map<number, CustomOptionStoreTitles>>> {
  const result = new Map<number, Map<number, CustomOptionStoreTitles>>();
  if (productIds.length === 0) return result;
  const stores = await db
    .selectFrom('product_option_store as s')
    .innerJoin('product_option as o', 'o.id', 's.option_id')
    .select('s.store_id')
    .where('o.product_id', 'in', [...productIds])
    .union(
      db
        .selectFrom('product_option_value_store as s')
        .innerJoin('product_option_value as v', 'v.id', 's.value_id')
        .innerJoin('product_option as o', 'o.id', 'v.option_id')
        .select('s.store_id')
        .where('o.product_id', 'in', [...productIds]),
    )
    .execute();
  for (const { store_id: storeId } of stores) {
    const base = await loadCustomOptions(db, productIds);
    const local = await loadCustomOptions(db, productIds, storeId);
    const perProduct = new Map<number, CustomOptionStoreTitles>();
    for (const [productId, options] of local) {
      const defaults = base.get(productId) ?? [];
      const differs = options.some(
        (o, i) => o.title !== defaults[i]?.title || o.values.some((v, j) => v.title !== defaults[i]?.values[j]?.title),
      );
      if (differs)
        perProduct.set(productId, {
          options: options.map((o) => ({ title: o.title, values: o.values.map((v) => v.title) })),
        });
    }
    result.set(storeId, perProduct);
  }
  return result;
}

/** What one option adds to a unit's price, in minor units of `finalPrice`'s currency. */
export function optionPriceOf(p: CustomOptionPrice, finalPrice: number): number {
  return p.priceType === 'percent' ? Math.round((finalPrice * p.price) / 10_000) : p.price;
}
