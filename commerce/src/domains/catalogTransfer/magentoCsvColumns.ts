// Magento 2's product CSV, as its own catalog export (System › Data Transfer › Export) writes it
// and its import reads it: one row per product, a header row with Magento's column names. We
// read the columns below and ignore the rest (Magento exports about a hundred), so a file
// straight from a Magento shop imports; we write the same columns back, in Magento's order.

/** The columns we read and write, in the order Magento's export puts them. */
export const EXPORT_COLUMNS = [
  'sku',
  'store_view_code',
  'attribute_set_code',
  'product_type',
  'categories',
  'product_websites',
  'name',
  'description',
  'short_description',
  'weight',
  'product_online',
  'visibility',
  'price',
  'special_price',
  'url_key',
  'meta_title',
  'meta_description',
  'base_image',
  'base_image_label',
  'additional_attributes',
  'qty',
  'is_in_stock',
  'additional_images',
  'additional_image_labels',
  'related_skus',
  'related_position',
  'crosssell_skus',
  'crosssell_position',
  'upsell_skus',
  'upsell_position',
  'custom_options',
  'configurable_variations',
  'configurable_variation_labels',
  'bundle_price_type',
  'bundle_sku_type',
  'bundle_price_view',
  'bundle_weight_type',
  'bundle_values',
  'bundle_shipment_type',
  'associated_skus',
  // Magento's exporter adds the downloadable columns after its own (DownloadableImportExport).
  'downloadable_links',
  'downloadable_samples',
] as const;

export type CsvColumn = (typeof EXPORT_COLUMNS)[number];

/**
 * Columns of Magento's export we accept and leave alone: they mean something in Magento (tax
 * classes, websites, dates, stock options) that this shop has no setting for.
 */
export const IGNORED_COLUMNS = new Set<string>(['attribute_set_code', 'product_websites']);

const SAME = (reason: string, columns: string[]): Array<[string, string]> => columns.map((c) => [c, reason]);

/**
 * Columns of Magento's export that carry data this shop does not import yet, with the reason the
 * report gives. A file that fills one is imported without it, and the report says so, by column:
 * a run that leaves data behind never only says "imported".
 */
export const UNSUPPORTED_COLUMNS: ReadonlyMap<string, string> = new Map([
  ...SAME('special price dates are not imported: the special price applies until it is removed', [
    'special_price_from_date',
    'special_price_to_date',
  ]),
  ['tax_class_name', "tax classes are not imported: products are taxed by the destination's rate"],
  ['meta_keywords', 'meta keywords are not imported'],
  ...SAME('"new" dates are not imported', ['new_from_date', 'new_to_date', 'news_from_date', 'news_to_date']),
  ...SAME('cart quantity limits and backorders are not imported', [
    'min_cart_qty',
    'max_cart_qty',
    'allow_backorders',
    'qty_increments',
    'enable_qty_increments',
    'is_qty_decimal',
    'out_of_stock_qty',
    'notify_on_stock_below',
  ]),
  ['country_of_manufacture', 'country of manufacture is not imported'],
  ...SAME('image roles other than the base image are not imported', [
    'small_image',
    'small_image_label',
    'thumbnail_image',
    'thumbnail_image_label',
    'swatch_image',
    'swatch_image_label',
  ]),
  ['hide_from_product_page', 'hidden gallery images are not imported'],
  ...SAME('minimum advertised price (MAP) and MSRP are not imported', [
    'map_price',
    'msrp_price',
    'map_enabled',
    'msrp_display_actual_price_type',
  ]),
  ['gift_message_available', 'gift messages are not imported'],
  ...SAME('design and layout settings are not imported (the storefront has one layout)', [
    'custom_design',
    'custom_design_from',
    'custom_design_to',
    'custom_layout_update',
    'page_layout',
    'product_options_container',
    'display_product_options_in',
  ]),
]);

/** The columns of each product link type: the linked skus and, in the same order, their positions. */
export const LINK_COLUMNS = [
  { type: 'related', skus: 'related_skus', positions: 'related_position' },
  { type: 'crosssell', skus: 'crosssell_skus', positions: 'crosssell_position' },
  { type: 'upsell', skus: 'upsell_skus', positions: 'upsell_position' },
] as const;

/** Magento 1 and early Magento 2 column names, read as today's (CatalogImportExport's legacy names). */
export const LEGACY_COLUMNS: Readonly<Record<string, string>> = {
  _type: 'product_type',
  _attribute_set: 'attribute_set_code',
  _store: 'store_view_code',
  _product_websites: 'product_websites',
  status: 'product_online',
};

/** Written for every product: this shop has one website and one attribute set. */
export const DEFAULT_ATTRIBUTE_SET = 'Default';
export const DEFAULT_WEBSITE = 'base';

/** Magento's value that clears a field on import (an empty cell keeps the stored value). */
export const EMPTY_VALUE = '__EMPTY__VALUE__';

/** Separates several categories, images and name=value pairs in one cell. */
export const LIST_SEPARATOR = ',';
/** Separates the variations of configurable_variations, and the values of one multi-valued attribute. */
export const MULTI_SEPARATOR = '|';
/** Separates category names in a path: `Default Category/Women/Tops`; `\/` is a slash inside a name. */
export const CATEGORY_PATH_SEPARATOR = '/';

/** A path's names: split at `/`, not at `\/`, which Magento writes for a slash inside a name. */
export function splitCategoryPath(path: string): string[] {
  return path.split(/(?<!\\)\//).map((name) => name.replace(/\\\//g, '/'));
}

/** A path from names, a slash inside a name written `\/` as Magento writes it. */
export function joinCategoryPath(names: readonly string[]): string {
  return names.map((name) => name.replace(/\//g, '\\/')).join(CATEGORY_PATH_SEPARATOR);
}

/** Magento's visibility labels, by its numeric value (the value our product.visibility holds). */
export const VISIBILITY_LABELS: Readonly<Record<number, string>> = {
  1: 'Not Visible Individually',
  2: 'Catalog',
  3: 'Search',
  4: 'Catalog, Search',
};

/** Magento's product_online: 1 enabled, 2 disabled (0 is read as disabled too). */
export const STATUS_ENABLED = 1;
export const STATUS_DISABLED = 2;

/** Columns that name a product field of their own: additional_attributes must not set them. */
export const RESERVED_ATTRIBUTE_CODES = new Set<string>([
  ...EXPORT_COLUMNS,
  'status',
  'price_type',
  'quantity_and_stock_status',
  'category_ids',
  'image',
  'small_image',
  'thumbnail',
]);
