import type { Kysely } from 'kysely';
import type { CustomOptionType, Database } from '../../db/tables';
import { inWriteTransaction } from '../../kernel/transaction';
import {
  CUSTOM_OPTION_TYPES,
  SELECT_OPTION_TYPES,
  loadCustomOptions,
  replaceCustomOptions,
  setCustomOptionStoreTitles,
  validateCustomOptions,
  type CustomOptionInput,
  type CustomOptionRecord,
  type CustomOptionStoreTitles,
} from '../catalog';
import { isDomainError } from '../../kernel/domainError';
import { EMPTY_VALUE } from './magentoCsvColumns';
import { parseAmount, RowError } from './rowValidation';
import type { Rejection } from './importPlanner';

// Magento's `custom_options` column, as its exporter writes it and its importer reads it
// (CatalogImportExport's Model/Import/Product/Option.php): options separated by `|`, each a
// comma-separated list of `key=value` (name, type, required, price, price_type, sku,
// max_characters, option_title…). A select-like option is one entry per value, repeating the
// option's name and type. A store-view row's cell gives that store's titles, option by option in
// the same order. An empty cell keeps what the product has; `__EMPTY__VALUE__` removes them all.

const OPTION_SEPARATOR = '|';
const PAIR_SEPARATOR = ',';
/** Magento writes file-upload options too; a shopper cannot upload files here. */
const FILE_REASON =
  'custom_options: option "%s" asks the shopper for a file, which this shop cannot take; the product is refused so it never sells without it';

/** One row's options: the product's own (`options`), or a store view's titles. */
export interface RowCustomOptions {
  row: number;
  sku: string;
  /** Lower-case store view code of a store-view row; absent for the product's own row. */
  storeView?: string;
  /** The product's options; [] to remove them (`__EMPTY__VALUE__`). */
  options?: CustomOptionInput[];
  titles?: CustomOptionStoreTitles;
}

interface Entry {
  name: string;
  type: string;
  fields: Map<string, string>;
}

function entriesOf(cell: string): Entry[] {
  return cell
    .split(OPTION_SEPARATOR)
    .filter((part) => part.trim() !== '')
    .map((part) => {
      const fields = new Map<string, string>();
      for (const pair of part.split(PAIR_SEPARATOR)) {
        const at = pair.indexOf('=');
        if (at < 0) continue;
        fields.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
      }
      return { name: fields.get('name') ?? '', type: fields.get('type') ?? '', fields };
    });
}

/** Consecutive entries with the same name and type are one option (a select's values). */
function grouped(entries: readonly Entry[]): Entry[][] {
  const groups: Entry[][] = [];
  for (const entry of entries) {
    const last = groups[groups.length - 1];
    const head = last?.[0];
    if (last && head && head.name === entry.name && head.type === entry.type) last.push(entry);
    else groups.push([entry]);
  }
  return groups;
}

function priceOf(
  fields: Map<string, string>,
  digits: number,
  what: string,
): { price: number; priceType: 'fixed' | 'percent' } {
  const priceType = (fields.get('price_type') || 'fixed').toLowerCase();
  if (priceType !== 'fixed' && priceType !== 'percent')
    throw new RowError(`custom_options: option "${what}" has price_type "${priceType}" (fixed or percent)`);
  const raw = fields.get('price') || '0';
  // A percentage is kept in hundredths of a percent, an amount in minor units.
  const price = parseAmount(`custom_options: the price of "${what}"`, raw, priceType === 'percent' ? 2 : digits, true);
  return { price, priceType: priceType };
}

function flag(fields: Map<string, string>, key: string): boolean {
  // Magento casts the value to an integer: "1", "1;sku=x" (a typo in its own fixture) and "yes" differ.
  return Number.parseInt(fields.get(key) ?? '0', 10) === 1;
}

/** The product's options from its own row's cell; throws RowError with the reason the row is refused. */
export function parseCustomOptionsCell(cell: string, digits: number): CustomOptionInput[] {
  const options: CustomOptionInput[] = [];
  for (const [index, group] of grouped(entriesOf(cell)).entries()) {
    const head = group[0] as Entry;
    const title = head.name;
    if (title === '') throw new RowError('custom_options: an option has no name');
    const type = head.type.toLowerCase();
    if (type === 'file') throw new RowError(FILE_REASON.replace('%s', title));
    if (!CUSTOM_OPTION_TYPES.includes(type as CustomOptionType))
      throw new RowError(`custom_options: option "${title}" has the unknown type "${head.type}"`);
    const optionType = type as CustomOptionType;
    const maxCharacters = Number.parseInt(head.fields.get('max_characters') ?? '', 10);
    const select = SELECT_OPTION_TYPES.has(optionType);
    const sortOrder = Number.parseInt(head.fields.get('sort_order') ?? '', 10);
    options.push({
      type: optionType,
      title,
      required: flag(head.fields, 'required'),
      sortOrder: Number.isFinite(sortOrder) ? sortOrder : index + 1,
      sku: select ? null : head.fields.get('sku') || null,
      maxCharacters: Number.isFinite(maxCharacters) && maxCharacters > 0 ? maxCharacters : null,
      ...(select ? { price: 0, priceType: 'fixed' as const } : priceOf(head.fields, digits, title)),
      values: select
        ? group.map((e, i) => {
            const valueTitle = e.fields.get('option_title') ?? '';
            if (valueTitle === '') throw new RowError(`custom_options: a value of "${title}" has no option_title`);
            const valueOrder = Number.parseInt(e.fields.get('option_sort_order') ?? '', 10);
            return {
              title: valueTitle,
              sortOrder: Number.isFinite(valueOrder) ? valueOrder : i + 1,
              sku: e.fields.get('sku') || null,
              ...priceOf(e.fields, digits, `${title}: ${valueTitle}`),
            };
          })
        : [],
    });
  }
  try {
    validateCustomOptions(options);
  } catch (error) {
    if (isDomainError(error)) throw new RowError(`custom_options: ${error.message}`);
    throw error;
  }
  return options;
}

/** A store-view row's titles: the n-th option of the cell titles the product's n-th option. */
export function parseCustomOptionTitles(cell: string): CustomOptionStoreTitles {
  return {
    options: grouped(entriesOf(cell)).map((group) => ({
      title: group[0]?.name || null,
      values: SELECT_OPTION_TYPES.has((group[0]?.type ?? '').toLowerCase() as CustomOptionType)
        ? group.map((e) => e.fields.get('option_title') || null)
        : [],
    })),
  };
}

/** The row's custom options, or null when its cell is empty (the product keeps what it has). */
export function rowCustomOptions(
  row: number,
  sku: string,
  storeView: string | undefined,
  cell: string | undefined,
  digits: number,
): RowCustomOptions | null {
  const value = (cell ?? '').trim();
  if (value === '') return null;
  if (storeView !== undefined)
    return value === EMPTY_VALUE ? null : { row, sku, storeView, titles: parseCustomOptionTitles(value) };
  return { row, sku, options: value === EMPTY_VALUE ? [] : parseCustomOptionsCell(value, digits) };
}

/**
 * Writes the options of the accepted rows once every product is in: the products' own first, then
 * store views' titles. `storeIds`: store view code → id (the default store's titles are the
 * product's own). Returns rejections of store-view rows whose product has no such options.
 */
export async function importCustomOptions(
  db: Kysely<Database>,
  rows: readonly RowCustomOptions[],
  storeIds: ReadonlyMap<string, number>,
  defaultStoreCode: string,
  dryRun: boolean,
): Promise<Rejection[]> {
  if (dryRun || rows.length === 0) return [];
  const ids = new Map<string, number>();
  const skus = [...new Set(rows.map((r) => r.sku))];
  for (let i = 0; i < skus.length; i += 400)
    for (const f of await db
      .selectFrom('product')
      .select(['id', 'sku'])
      .where('sku', 'in', skus.slice(i, i + 400))
      .execute())
      ids.set(f.sku, Number(f.id));
  const own = rows.filter((r) => r.options !== undefined);
  const titled = rows.filter((r) => r.titles !== undefined);
  const rejections: Rejection[] = [];
  for (let i = 0; i < own.length; i += 500)
    await inWriteTransaction(db, async (uow) => {
      let changed = false;
      for (const r of own.slice(i, i + 500)) {
        const id = ids.get(r.sku);
        if (id !== undefined && (await replaceCustomOptions(uow.db, id, r.options ?? []))) changed = true;
      }
      if (changed) uow.catalogChanged();
    });
  for (let i = 0; i < titled.length; i += 500)
    await inWriteTransaction(db, async (uow) => {
      let changed = false;
      for (const r of titled.slice(i, i + 500)) {
        const id = ids.get(r.sku);
        const storeId = r.storeView === defaultStoreCode.toLowerCase() ? 'own' : storeIds.get(r.storeView ?? '');
        // A row for a store view the shop lacks was refused with the store view's texts.
        if (id === undefined || storeId === undefined || !r.titles) continue;
        const options: CustomOptionRecord[] = (await loadCustomOptions(uow.db, [id])).get(id) ?? [];
        if (options.length < r.titles.options.length)
          rejections.push({
            row: r.row,
            sku: r.sku,
            reason: `custom_options: the store view's row names ${r.titles.options.length} options, the product has ${options.length}; the titles of those it has are imported`,
          });
        if (await setCustomOptionStoreTitles(uow.db, id, storeId, r.titles)) changed = true;
      }
      if (changed) uow.catalogChanged();
    });
  return rejections;
}

function exportPrice(p: { price: number; priceType: 'fixed' | 'percent' }, digits: number): string {
  return p.priceType === 'percent' ? (p.price / 100).toFixed(2) : (p.price / 10 ** digits).toFixed(digits);
}

/** The product's options as Magento's exporter writes the column (what parseCustomOptionsCell reads). */
export function customOptionsCell(options: readonly CustomOptionRecord[], digits: number): string {
  return options
    .flatMap((o) => {
      const head = [`name=${o.title}`, `type=${o.type}`, `required=${o.required ? 1 : 0}`];
      const tail = (p: { price: number; priceType: 'fixed' | 'percent' }, sku: string | null) => [
        `price=${exportPrice(p, digits)}`,
        `sku=${sku ?? ''}`,
        `max_characters=${o.maxCharacters ?? 0}`,
        'file_extension=',
        'image_size_x=0',
        'image_size_y=0',
        `price_type=${p.priceType}`,
      ];
      return SELECT_OPTION_TYPES.has(o.type)
        ? o.values.map((v) => [...head, ...tail(v, v.sku), `option_title=${v.title}`].join(PAIR_SEPARATOR))
        : [[...head, ...tail(o, o.sku)].join(PAIR_SEPARATOR)];
    })
    .join(OPTION_SEPARATOR);
}

/**
 * Magento's legacy format (`_custom_option_*` columns, as Magento 2.0's exporter wrote them): a
 * product's row starts its options, and rows without a sku below it continue them: a row with
 * `_custom_option_type` starts an option, one with only `_custom_option_row_*` adds a value to it,
 * and one with `_custom_option_store` repeats a title for a store view.
 */
export class LegacyCustomOptions {
  private current: { row: number; sku: string; options: CustomOptionInput[] } | null = null;

  constructor(private readonly digits: number) {}

  /** A product row starts its options (call finish() for the previous product first). */
  startProduct(row: number, sku: string, cells: Record<string, string | undefined>): void {
    this.current = { row, sku, options: [] };
    this.continueProduct(cells);
  }

  /** The product whose options are being read: its row and sku. */
  get pending(): { row: number; sku: string } | null {
    return this.current ? { row: this.current.row, sku: this.current.sku } : null;
  }

  /** A row without sku; RowError when no product row is above it or it cannot be read. */
  continueProduct(cells: Record<string, string | undefined>, defaultStoreCode?: string): void {
    const current = this.current;
    const cell = (name: string) => (cells[`_custom_option_${name}`] ?? '').trim();
    if (!current)
      throw new RowError('a row without sku must follow a product row (Magento’s legacy custom option rows)');
    const store = cell('store');
    if (store !== '') {
      // A store view's title: the default store view's titles are the product's own, so one that
      // repeats them loses nothing; another store view's is not read from this format.
      const option = current.options[current.options.length - 1];
      const title = cell('title');
      const rowTitle = cell('row_title');
      const same =
        store.toLowerCase() === (defaultStoreCode ?? 'default').toLowerCase() &&
        (title === '' || title === option?.title) &&
        (rowTitle === '' || option?.values.some((v) => v.title === rowTitle));
      if (!same)
        throw new RowError(
          `_custom_option_store "${store}": store-view titles are read from the custom_options column of store-view rows, not from this legacy row`,
        );
      return;
    }
    const type = cell('type').toLowerCase();
    if (type !== '') {
      const title = cell('title');
      if (type === 'file')
        throw new RowError(FILE_REASON.replace('%s', title).replace('custom_options', '_custom_option_type'));
      if (!CUSTOM_OPTION_TYPES.includes(type as CustomOptionType))
        throw new RowError(`_custom_option_type: option "${title}" has the unknown type "${type}"`);
      const optionType = type as CustomOptionType;
      const select = SELECT_OPTION_TYPES.has(optionType);
      const max = Number.parseInt(cell('max_characters'), 10);
      const sort = Number.parseInt(cell('sort_order'), 10);
      current.options.push({
        type: optionType,
        title,
        required: Number.parseInt(cell('is_required') || '0', 10) === 1,
        sortOrder: Number.isFinite(sort) && sort > 0 ? sort : current.options.length + 1,
        sku: select ? null : cell('sku') || null,
        maxCharacters: Number.isFinite(max) && max > 0 ? max : null,
        ...(select ? { price: 0, priceType: 'fixed' as const } : this.price(cell('price'), title)),
        values: [],
      });
    }
    const rowTitle = cell('row_title');
    if (rowTitle !== '') {
      const option = current.options[current.options.length - 1];
      if (!option || !SELECT_OPTION_TYPES.has(option.type))
        throw new RowError(
          `_custom_option_row_title "${rowTitle}" has no drop-down, radio, checkbox or multiple option above it`,
        );
      const sort = Number.parseInt(cell('row_sort'), 10);
      option.values.push({
        title: rowTitle,
        sortOrder: Number.isFinite(sort) && sort > 0 ? sort : option.values.length + 1,
        sku: cell('row_sku') || null,
        ...this.price(cell('row_price'), `${option.title}: ${rowTitle}`),
      });
    }
  }

  /** The last product's options, once the file is read (or the next product starts). */
  finish(): RowCustomOptions | null {
    const done = this.current;
    this.current = null;
    if (!done || done.options.length === 0) return null;
    try {
      validateCustomOptions(done.options);
    } catch (error) {
      if (isDomainError(error)) throw new RowError(`_custom_option_*: ${error.message}`);
      throw error;
    }
    return { row: done.row, sku: done.sku, options: done.options };
  }

  /** Stops continuing a product whose row was refused. */
  drop(): void {
    this.current = null;
  }

  private price(raw: string, what: string) {
    const percent = raw.endsWith('%');
    const amount = percent ? raw.slice(0, -1) : raw;
    return {
      price: parseAmount(`_custom_option_price of "${what}"`, amount || '0', percent ? 2 : this.digits, true),
      priceType: percent ? ('percent' as const) : ('fixed' as const),
    };
  }
}
