import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { Database, ProductLinkType } from '../../db/tables';
import { productLinksOf, type ProductLinkRecord } from './productLinks';
import {
  loadBundles,
  loadCustomOptions,
  loadDownloadables,
  loadGroupedItems,
  type BundleRecord,
  type CustomOptionRecord,
  type GroupedItemRecord,
  type StoredDownloadables,
} from '../catalog';
import { associatedSkusCell, bundleSettingsCells, bundleValuesCell } from './importComposites';
import { downloadableCells } from './importDownloadableLinks';
import { customOptionsCell } from './importCustomOptions';
import { shopDb, transferDb, type TransferDatabase, type TransferProductTable } from './transferTables';
import type { Kysely } from 'kysely';
import { minorDigits } from '../../kernel/money';
import { baseCurrencyCode } from '../../kernel/storeConfig';
import { loadCatalogMaps, loadStatesOfRows, type CatalogMaps, type ProductState } from './catalogState';
import {
  DEFAULT_ATTRIBUTE_SET,
  DEFAULT_WEBSITE,
  EXPORT_COLUMNS,
  LIST_SEPARATOR,
  MULTI_SEPARATOR,
  STATUS_ENABLED,
  VISIBILITY_LABELS,
  type CsvColumn,
} from './magentoCsvColumns';
import { PRODUCT_MEDIA_URL } from './productImages';
import { neutraliseCell } from './csvFormulaCells';

// Writes the catalog as Magento 2's product CSV, the format the import reads, so an export
// imported into an empty shop and exported again gives the same file. Products go out a page at
// a time (constant memory): each configurable's variants first, then the configurable, as
// Magento's own export orders them; the order is the catalog's position order.

const PAGE = 500;

export interface CatalogExportReport {
  products: number;
}

function amount(minor: number, digits: number): string {
  return (minor / 10 ** digits).toFixed(digits);
}

/** `/media/catalog/product/a/b/x.jpg` → `/a/b/x.jpg`, as Magento names gallery files. */
function imageValue(url: string): string {
  return url.startsWith(`${PRODUCT_MEDIA_URL}/`) ? url.slice(PRODUCT_MEDIA_URL.length) : url;
}

function attributesCell(maps: CatalogMaps, attributes: Map<string, string[]>, skip: readonly string[]): string {
  return [...attributes.entries()]
    .filter(([code, labels]) => !skip.includes(code) && labels.length > 0)
    .sort(
      ([a], [b]) =>
        (maps.attributes.get(a)?.position ?? 0) - (maps.attributes.get(b)?.position ?? 0) || a.localeCompare(b),
    )
    .map(([code, labels]) => `${code}=${labels.join(MULTI_SEPARATOR)}`)
    .join(LIST_SEPARATOR);
}

function productRecord(
  state: ProductState,
  maps: CatalogMaps,
  digits: number,
  variants: ProductState[],
  links: readonly ProductLinkRecord[],
  customOptions: readonly CustomOptionRecord[],
  composite: {
    bundle?: BundleRecord | undefined;
    grouped?: readonly GroupedItemRecord[] | undefined;
    downloadables?: StoredDownloadables | undefined;
  } = {},
): Record<CsvColumn, string> {
  const linked = (type: ProductLinkType) => links.filter((l) => l.linkType === type);
  const skusOf = (type: ProductLinkType) =>
    linked(type)
      .map((l) => l.sku)
      .join(LIST_SEPARATOR);
  const positionsOf = (type: ProductLinkType) =>
    linked(type)
      .map((l) => String(l.position))
      .join(LIST_SEPARATOR);
  const p = state.row;
  const [base, ...rest] = state.images;
  const configurable = state.type === 'configurable';
  const codes = state.configurableCodes;
  return {
    sku: p.sku,
    store_view_code: '',
    attribute_set_code: DEFAULT_ATTRIBUTE_SET,
    product_type: p.type,
    categories: state.categories.join(LIST_SEPARATOR),
    product_websites: DEFAULT_WEBSITE,
    name: p.name,
    description: p.description,
    short_description: p.short_description,
    weight: p.weight == null ? '' : String(Number(p.weight)),
    product_online: String(Number(p.status ?? STATUS_ENABLED)),
    visibility: VISIBILITY_LABELS[Number(p.visibility)] ?? String(p.visibility),
    price: amount(Number(p.price), digits),
    special_price: p.special_price == null ? '' : amount(Number(p.special_price), digits),
    url_key: p.url_key,
    meta_title: p.meta_title ?? '',
    meta_description: p.meta_description ?? '',
    base_image: base ? imageValue(base.url) : '',
    base_image_label: base?.label ?? '',
    additional_attributes: attributesCell(maps, state.attributes, configurable ? codes : []),
    qty: String(Number(p.stock_qty)),
    is_in_stock: String(Number(p.in_stock)),
    additional_images: base ? [base, ...rest].map((i) => imageValue(i.url)).join(LIST_SEPARATOR) : '',
    additional_image_labels: base ? [base, ...rest].map((i) => i.label).join(LIST_SEPARATOR) : '',
    related_skus: skusOf('related'),
    related_position: positionsOf('related'),
    crosssell_skus: skusOf('crosssell'),
    crosssell_position: positionsOf('crosssell'),
    upsell_skus: skusOf('upsell'),
    upsell_position: positionsOf('upsell'),
    custom_options: customOptionsCell(customOptions, digits),
    configurable_variations: configurable
      ? variants
          .map((v) =>
            [`sku=${v.sku}`, ...codes.map((code) => `${code}=${v.attributes.get(code)?.[0] ?? ''}`)].join(
              LIST_SEPARATOR,
            ),
          )
          .join(MULTI_SEPARATOR)
      : '',
    configurable_variation_labels: configurable
      ? codes.map((code) => `${code}=${maps.attributes.get(code)?.label ?? code}`).join(LIST_SEPARATOR)
      : '',
    ...compositeCells(composite, digits),
    ...downloadableCells(composite.downloadables, (minor) => amount(minor, digits)),
  };
}

/** The bundle and grouped columns (importComposites.ts): empty for other products. */
function compositeCells(
  composite: { bundle?: BundleRecord | undefined; grouped?: readonly GroupedItemRecord[] | undefined },
  digits: number,
): Record<
  | 'bundle_price_type'
  | 'bundle_sku_type'
  | 'bundle_price_view'
  | 'bundle_weight_type'
  | 'bundle_shipment_type'
  | 'bundle_values'
  | 'associated_skus',
  string
> {
  const bundle = composite.bundle;
  const settings = bundle ? bundleSettingsCells(bundle.settings) : undefined;
  return {
    bundle_price_type: settings?.bundle_price_type ?? '',
    bundle_sku_type: settings?.bundle_sku_type ?? '',
    bundle_price_view: settings?.bundle_price_view ?? '',
    bundle_weight_type: settings?.bundle_weight_type ?? '',
    bundle_shipment_type: settings?.bundle_shipment_type ?? '',
    bundle_values: bundle ? bundleValuesCell(bundle.options, digits) : '',
    associated_skus: composite.grouped ? associatedSkusCell(composite.grouped) : '',
  };
}

async function* records(
  db: Kysely<TransferDatabase>,
  progress: CatalogExportReport,
): AsyncGenerator<Record<CsvColumn, string>> {
  const maps = await loadCatalogMaps(db);
  const digits = minorDigits(await baseCurrencyCode(shopDb(db)));
  let after: { position: number; id: number } | null = null;
  for (;;) {
    let query = db.selectFrom('product').selectAll().where('parent_id', 'is', null);
    if (after) {
      const { position, id } = after;
      query = query.where((eb) =>
        eb.or([eb('position', '>', position), eb.and([eb('position', '=', position), eb('id', '>', id)])]),
      );
    }
    const tops: TransferProductTable[] = await query.orderBy('position').orderBy('id').limit(PAGE).execute();
    if (tops.length === 0) break;
    const last = tops[tops.length - 1] as TransferProductTable;
    after = { position: Number(last.position), id: Number(last.id) };
    const configurableIds = tops.filter((t) => t.type === 'configurable').map((t) => Number(t.id));
    const variantRows: TransferProductTable[] = configurableIds.length
      ? await db.selectFrom('product').selectAll().where('parent_id', 'in', configurableIds).orderBy('id').execute()
      : [];
    const states = await loadStatesOfRows(db, maps, [...tops, ...variantRows]);
    const links = await productLinksOf(
      shopDb(db),
      [...tops, ...variantRows].map((r) => Number(r.id)),
    );
    const customOptions = await loadCustomOptions(
      shopDb(db),
      [...tops, ...variantRows].map((r) => Number(r.id)),
    );
    const bundles = await loadBundles(
      shopDb(db),
      tops.filter((t) => t.type === 'bundle').map((t) => Number(t.id)),
    );
    const groups = await loadGroupedItems(
      shopDb(db),
      tops.filter((t) => t.type === 'grouped').map((t) => Number(t.id)),
    );
    const downloadables = await loadDownloadables(
      shopDb(db),
      tops.filter((t) => t.type === 'downloadable').map((t) => Number(t.id)),
    );
    const byParent = new Map<number, ProductState[]>();
    for (const row of variantRows) {
      const list = byParent.get(Number(row.parent_id)) ?? [];
      const state = states.get(row.sku);
      if (state) list.push(state);
      byParent.set(Number(row.parent_id), list);
    }
    for (const top of tops) {
      const state = states.get(top.sku);
      if (!state) continue;
      const variants = byParent.get(state.id) ?? [];
      for (const variant of variants) {
        progress.products++;
        yield productRecord(
          variant,
          maps,
          digits,
          [],
          links.get(variant.id) ?? [],
          customOptions.get(variant.id) ?? [],
        );
      }
      progress.products++;
      yield productRecord(state, maps, digits, variants, links.get(state.id) ?? [], customOptions.get(state.id) ?? [], {
        bundle: bundles.get(state.id),
        grouped: groups.get(state.id),
        downloadables: downloadables.get(state.id),
      });
    }
  }
}

/** Writes the whole catalog to `output` as Magento's product CSV (header row first). */
export async function exportCatalogCsv(shop: Kysely<Database>, output: Writable): Promise<CatalogExportReport> {
  const report: CatalogExportReport = { products: 0 };
  await pipeline(
    Readable.from(records(transferDb(shop), report)),
    // No cell reaches a spreadsheet as a formula; the import undoes exactly this (csvFormulaCells.ts).
    stringify({ header: true, columns: [...EXPORT_COLUMNS], cast: { string: neutraliseCell } }),
    output,
  );
  return report;
}
