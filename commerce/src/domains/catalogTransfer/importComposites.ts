import type { Kysely } from 'kysely';
import type { BundleOptionType, Database, ProductType } from '../../db/tables';
import {
  DEFAULT_BUNDLE_SETTINGS,
  loadBundles,
  replaceBundle,
  replaceGroupedItems,
  type BundleOptionInput,
  type BundleSettings,
} from '../catalog';
import { isDomainError } from '../../kernel/domainError';
import { inWriteTransaction } from '../../kernel/transaction';
import { EMPTY_VALUE } from './magentoCsvColumns';
import { RowError, parseAmount } from './rowValidation';
import { refreshBundleListing, refreshGroupedListing } from './compositeListing';

// Magento's bundle and grouped columns, as its exporter writes them and its importer reads them
// (BundleImportExport, GroupedImportExport):
//   bundle_values         name=Box,type=dropdown,required=1,sku=mug,price=0.0000,default=1,
//                         default_qty=1.0000,price_type=fixed,can_change_qty=0|name=…
//                         (one selection per part, options named by title; `;` also separates)
//   bundle_price_type, bundle_sku_type, bundle_weight_type   dynamic | fixed
//   bundle_price_view     Price range | As low as
//   bundle_shipment_type  together | separately (also `shipment_type` in additional_attributes)
//   associated_skus       sku=qty,sku=qty (a grouped product's members and default quantities)
// Members are named by sku and may come later in the file, so they are applied once every product
// row is in; a member that is not a simple product refuses the row.

/** Magento's option type names in files, to ours (its importer reads both). */
const OPTION_TYPES: Readonly<Record<string, BundleOptionType>> = {
  dropdown: 'select',
  select: 'select',
  radiobutton: 'radio',
  radio: 'radio',
  checkbox: 'checkbox',
  multiselect: 'multi',
  multi: 'multi',
};
/** Ours to what Magento's exporter writes. */
const FILE_OPTION_TYPES: Readonly<Record<BundleOptionType, string>> = {
  select: 'dropdown',
  radio: 'radiobutton',
  checkbox: 'checkbox',
  multi: 'multiselect',
};

interface ParsedSelection {
  sku: string;
  isDefault: boolean;
  qty: number;
  canChangeQty: boolean;
  price: number;
  priceType: 'fixed' | 'percent';
}

export interface RowComposite {
  row: number;
  sku: string;
  bundle?: {
    settings: Partial<BundleSettings>;
    options?: Array<{ title: string; type: BundleOptionType; required: boolean; selections: ParsedSelection[] }>;
  };
  grouped?: Array<{ sku: string; qty: number }>;
}

function dynamicFlag(column: string, raw: string): number {
  const value = raw.trim().toLowerCase();
  if (value === 'dynamic' || value === '0') return 1;
  if (value === 'fixed' || value === '1') return 0;
  throw new RowError(`${column} "${raw}" is dynamic or fixed`);
}

function wholeQty(what: string, raw: string, min: number): number {
  if (!/^\d+(?:\.0+)?$/.test(raw.trim()))
    throw new RowError(
      `${what} "${raw}": quantities are whole numbers in this shop (Magento's decimals .0000 are read)`,
    );
  const qty = Number(raw.trim());
  if (qty < min || qty > 10_000) throw new RowError(`${what} "${raw}" is out of range`);
  return qty;
}

function flag(what: string, raw: string | undefined, fallback: boolean): boolean {
  if (raw === undefined || raw === '') return fallback;
  if (raw === '1') return true;
  if (raw === '0') return false;
  throw new RowError(`${what} must be 1 or 0 (got "${raw}")`);
}

/** `bundle_values` → options in file order, each with its selections. */
export function parseBundleValues(
  cell: string,
  digits: number,
): NonNullable<NonNullable<RowComposite['bundle']>['options']> {
  const options: NonNullable<NonNullable<RowComposite['bundle']>['options']> = [];
  for (const part of cell.split('|')) {
    if (part.trim() === '') continue;
    const values: Record<string, string> = {};
    for (const pair of part.split(/[,;]/)) {
      const equals = pair.indexOf('=');
      if (equals <= 0) continue;
      values[pair.slice(0, equals).trim()] = pair.slice(equals + 1).trim();
    }
    const title = values.name ?? '';
    const sku = values.sku ?? '';
    if (title === '') throw new RowError('bundle_values: a selection has no option name');
    if (sku === '') throw new RowError(`bundle_values: a selection of "${title}" has no sku`);
    const type = OPTION_TYPES[(values.type ?? 'dropdown').toLowerCase()];
    if (!type) throw new RowError(`bundle_values: option "${title}" has the unknown type "${values.type ?? ''}"`);
    const priceType = (values.price_type ?? 'fixed').toLowerCase();
    if (priceType !== 'fixed' && priceType !== 'percent')
      throw new RowError(`bundle_values: "${sku}" in "${title}" has price_type "${priceType}" (fixed or percent)`);
    const selection: ParsedSelection = {
      sku,
      isDefault: flag(`bundle_values: default of "${sku}"`, values.default, false),
      qty: values.default_qty ? wholeQty(`bundle_values: default_qty of "${sku}"`, values.default_qty, 1) : 1,
      canChangeQty: flag(`bundle_values: can_change_qty of "${sku}"`, values.can_change_qty, true),
      price: parseAmount(
        `bundle_values: the price of "${sku}"`,
        values.price ?? '0',
        priceType === 'percent' ? 2 : digits,
        true,
      ),
      priceType,
    };
    let option = options.find((o) => o.title === title);
    if (!option) {
      option = {
        title,
        type,
        required: flag(`bundle_values: required of "${title}"`, values.required, true),
        selections: [],
      };
      options.push(option);
    }
    option.selections.push(selection);
  }
  return options;
}

/** The bundle or grouped columns of a product row; null when the row sets none. Throws RowError on a bad cell. */
export function rowComposite(
  row: number,
  sku: string,
  type: ProductType | undefined,
  cells: Record<string, string | undefined>,
  attributes: Map<string, { text: string }> | undefined,
  digits: number,
): RowComposite | null {
  const cell = (name: string) => {
    const value = cells[name]?.trim();
    return value === undefined || value === '' ? undefined : value;
  };
  const bundleColumns = [
    'bundle_values',
    'bundle_price_type',
    'bundle_sku_type',
    'bundle_price_view',
    'bundle_weight_type',
    'bundle_shipment_type',
  ];
  // Magento writes the shipment type among the additional attributes too; it is no attribute here.
  const shipmentAttribute = attributes?.get('shipment_type')?.text;
  if (type === 'bundle') attributes?.delete('shipment_type');
  const composite: RowComposite = { row, sku };
  if (type === 'bundle') {
    const settings: Partial<BundleSettings> = {};
    const price = cell('bundle_price_type');
    if (price !== undefined) settings.dynamic_price = dynamicFlag('bundle_price_type', price);
    const skuType = cell('bundle_sku_type');
    if (skuType !== undefined) settings.dynamic_sku = dynamicFlag('bundle_sku_type', skuType);
    const weight = cell('bundle_weight_type');
    if (weight !== undefined) settings.dynamic_weight = dynamicFlag('bundle_weight_type', weight);
    const view = cell('bundle_price_view');
    if (view !== undefined) {
      const v = view.toLowerCase();
      if (v === 'price range' || v === '0') settings.price_view = 'PRICE_RANGE';
      else if (v === 'as low as' || v === '1') settings.price_view = 'AS_LOW_AS';
      else throw new RowError(`bundle_price_view "${view}" is "Price range" or "As low as"`);
    }
    const shipment = cell('bundle_shipment_type') ?? shipmentAttribute;
    if (shipment !== undefined) {
      const v = shipment.trim().toLowerCase();
      if (v === 'together' || v === '0') settings.ship_bundle_items = 'TOGETHER';
      else if (v === 'separately' || v === '1') settings.ship_bundle_items = 'SEPARATELY';
      else throw new RowError(`bundle_shipment_type "${shipment}" is together or separately`);
    }
    const values = cell('bundle_values');
    composite.bundle = {
      settings,
      ...(values === undefined ? {} : { options: values === EMPTY_VALUE ? [] : parseBundleValues(values, digits) }),
    };
  } else {
    const given = bundleColumns.find((c) => cell(c) !== undefined && cell(c) !== EMPTY_VALUE);
    if (given && type !== undefined) throw new RowError(`${given} is given for a ${type} product`);
  }
  const associated = cell('associated_skus');
  if (associated !== undefined && associated !== EMPTY_VALUE) {
    if (type !== 'grouped')
      throw new RowError(`associated_skus is given for a ${type ?? 'product without product_type'}`);
    composite.grouped = [];
    for (const part of associated.split(',')) {
      if (part.trim() === '') continue;
      const equals = part.lastIndexOf('=');
      const memberSku = (equals < 0 ? part : part.slice(0, equals)).trim();
      const qty =
        equals < 0 ? 0 : wholeQty(`associated_skus: the quantity of "${memberSku}"`, part.slice(equals + 1), 0);
      if (memberSku === '') throw new RowError('associated_skus: a member has no sku');
      composite.grouped.push({ sku: memberSku, qty });
    }
  } else if (associated === EMPTY_VALUE && type === 'grouped') composite.grouped = [];
  return composite.bundle || composite.grouped ? composite : null;
}

/**
 * Applies the bundles' and grouped products' members once every product of the file is in; a
 * row whose members cannot be found or are not simple products is reported and keeps what it
 * had. Then the composites' listing prices and stock follow their members.
 */
export async function importComposites(
  db: Kysely<Database>,
  rows: readonly RowComposite[],
  dryRun: boolean,
  /** The type of a product the file's accepted rows make (a dry run has written none of them). */
  inFile: (sku: string) => ProductType | undefined,
): Promise<Array<{ row: number; sku: string; reason: string }>> {
  const rejected: Array<{ row: number; sku: string; reason: string }> = [];
  if (rows.length === 0) return rejected;
  const skus = new Set<string>();
  for (const r of rows) {
    skus.add(r.sku);
    for (const o of r.bundle?.options ?? []) for (const s of o.selections) skus.add(s.sku);
    for (const m of r.grouped ?? []) skus.add(m.sku);
  }
  const products = new Map(
    (
      await db
        .selectFrom('product')
        .select(['id', 'sku', 'type'])
        .where('sku', 'in', [...skus])
        .execute()
    ).map((p) => [p.sku, p]),
  );
  const planned = (sku: string) => {
    const type = dryRun ? inFile(sku) : undefined;
    return type === undefined ? undefined : { id: -1, sku, type };
  };
  const member = (sku: string, what: string) => {
    const p = products.get(sku) ?? planned(sku);
    if (!p) throw new RowError(`${what}: sku ${sku} is not in the shop or in the file`);
    if (p.type !== 'simple')
      throw new RowError(`${what}: sku ${sku} is a ${p.type} product; only simple products can be members`);
    return p.id;
  };
  const bundles: number[] = [];
  const groups: number[] = [];
  await inWriteTransaction(db, async ({ db: trx }) => {
    const existing = await loadBundles(
      trx,
      rows.filter((r) => r.bundle).flatMap((r) => products.get(r.sku)?.id ?? []),
    );
    for (const r of rows) {
      const self = products.get(r.sku) ?? planned(r.sku);
      if (!self) continue; // the product row itself was refused, and reported
      try {
        if (r.bundle) {
          const before = existing.get(self.id);
          const settings: BundleSettings = { ...DEFAULT_BUNDLE_SETTINGS, ...before?.settings, ...r.bundle.settings };
          const options: BundleOptionInput[] = r.bundle.options
            ? r.bundle.options.map((o) => ({
                title: o.title,
                type: o.type,
                required: o.required,
                selections: o.selections.map((s) => ({
                  productId: member(s.sku, 'bundle_values'),
                  isDefault: s.isDefault,
                  qty: s.qty,
                  canChangeQty: s.canChangeQty,
                  price: s.price,
                  priceType: s.priceType,
                })),
              }))
            : (before?.options ?? []).map((o) => ({
                title: o.title,
                type: o.type,
                required: o.required,
                selections: o.selections.map((s) => ({
                  productId: s.product.id,
                  isDefault: s.isDefault,
                  qty: s.qty,
                  canChangeQty: s.canChangeQty,
                  price: s.price,
                  priceType: s.priceType,
                })),
              }));
          if (!dryRun) await replaceBundle(trx, self.id, settings, options);
          bundles.push(self.id);
        }
        if (r.grouped) {
          const items = r.grouped.map((m) => ({ childId: member(m.sku, 'associated_skus'), qty: m.qty }));
          if (!dryRun) await replaceGroupedItems(trx, self.id, items);
          groups.push(self.id);
        }
      } catch (error) {
        if (error instanceof RowError) rejected.push({ row: r.row, sku: r.sku, reason: error.message });
        else if (isDomainError(error))
          rejected.push({
            row: r.row,
            sku: r.sku,
            reason: `${r.bundle ? 'bundle_values' : 'associated_skus'}: ${error.message}`,
          });
        else throw error;
      }
    }
    if (!dryRun) {
      await refreshBundleListing(trx, bundles);
      await refreshGroupedListing(trx, groups);
    }
  });
  return rejected;
}

/** A bundle's `bundle_values` cell, as Magento's exporter writes it. */
export function bundleValuesCell(
  options: ReadonlyArray<{
    title: string;
    type: BundleOptionType;
    required: boolean;
    selections: ReadonlyArray<{
      product: { sku: string };
      isDefault: boolean;
      qty: number;
      canChangeQty: boolean;
      price: number;
      priceType: 'fixed' | 'percent';
    }>;
  }>,
  digits: number,
): string {
  const amount = (minor: number, places: number) => (minor / 10 ** places).toFixed(4);
  return options
    .flatMap((o) =>
      o.selections.map((s) =>
        [
          `name=${o.title}`,
          `type=${FILE_OPTION_TYPES[o.type]}`,
          `required=${o.required ? 1 : 0}`,
          `sku=${s.product.sku}`,
          `price=${amount(s.price, s.priceType === 'percent' ? 2 : digits)}`,
          `default=${s.isDefault ? 1 : 0}`,
          `default_qty=${s.qty.toFixed(4)}`,
          `price_type=${s.priceType}`,
          `can_change_qty=${s.canChangeQty ? 1 : 0}`,
        ].join(','),
      ),
    )
    .join('|');
}

/** A bundle's other columns as Magento's exporter writes them. */
export function bundleSettingsCells(settings: BundleSettings) {
  const kind = (dynamic: number) => (dynamic === 1 ? 'dynamic' : 'fixed');
  return {
    bundle_price_type: kind(settings.dynamic_price),
    bundle_sku_type: kind(settings.dynamic_sku),
    bundle_weight_type: kind(settings.dynamic_weight),
    bundle_price_view: settings.price_view === 'AS_LOW_AS' ? 'As low as' : 'Price range',
    bundle_shipment_type: settings.ship_bundle_items === 'SEPARATELY' ? 'separately' : 'together',
  };
}

/** A grouped product's `associated_skus` cell, as Magento's exporter writes it. */
export function associatedSkusCell(items: ReadonlyArray<{ product: { sku: string }; qty: number }>): string {
  return items.map((i) => `${i.product.sku}=${i.qty.toFixed(4)}`).join(',');
}
