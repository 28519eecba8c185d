import type { CategoryTable, ShippingCarrierTable, StoreViewTable } from '../../db/tables';
import { DEFAULT_STORE_ID } from '../../kernel/storeScope';

// What a Magento 2.4 installation starts with, before a merchant sets anything: one website,
// store group and store view, US dollars, Magento's catalog defaults, the root categories and
// its one active carrier. An empty shop (SEED_DEMO=false) starts from these; the demo builds on
// them (demo/catalogContent.ts, demo/checkoutSeed.ts) with its own name and settings.

const base64 = (value: string) => Buffer.from(value).toString('base64');

/** Magento's root category ids: 1 holds every store's root, 2 is the default store's root. */
export const ROOT_CATALOG_ID = 1;
export const DEFAULT_ROOT_CATEGORY_ID = 2;
export const DEFAULT_ROOT_CATEGORY_NAME = 'Default Category';

/** storeConfig values of a new Magento installation, as strings. */
export const MAGENTO_STORE_CONFIG: Readonly<Record<string, string>> = {
  id: String(DEFAULT_STORE_ID),
  store_code: 'default',
  store_name: 'Default Store View',
  store_group_code: 'main_website_store',
  store_group_name: 'Main Website Store',
  website_code: 'base',
  website_name: 'Main Website',
  locale: 'en_US',
  base_currency_code: 'USD',
  default_display_currency_code: 'USD',
  timezone: 'America/Los_Angeles',
  weight_unit: 'lbs',
  base_url: '/',
  secure_base_url: '/',
  base_link_url: '/',
  secure_base_link_url: '/',
  base_media_url: '/media/',
  secure_base_media_url: '/media/',
  cms_home_page: 'home',
  cms_no_route: 'no-route',
  product_url_suffix: '.html',
  category_url_suffix: '.html',
  grid_per_page: '12',
  grid_per_page_values: '12,24,36',
  list_per_page: '10',
  list_per_page_values: '5,10,15,20,25',
  list_mode: 'grid-list',
  catalog_default_sort_by: 'position',
  default_title: 'Default Store View',
  title_prefix: '',
  title_suffix: '',
  title_separator: '-',
  root_category_id: String(DEFAULT_ROOT_CATEGORY_ID),
  root_category_uid: base64(String(DEFAULT_ROOT_CATEGORY_ID)),
  show_cms_breadcrumbs: '1',
  product_reviews_enabled: '1',
  allow_guests_to_write_product_reviews: '1',
  magento_wishlist_general_is_enabled: '1',
  is_default_store: 'true',
  is_default_store_group: 'true',
};

/** The store view a store config describes (store view 1, the default). */
export function defaultStoreView(config: Readonly<Record<string, string>>, allowedCurrencies?: string): StoreViewTable {
  const currency = config.default_display_currency_code ?? config.base_currency_code ?? 'USD';
  return {
    id: DEFAULT_STORE_ID,
    code: config.store_code ?? 'default',
    // Magento's store view name is what storeConfig.store_name answers: the shop's name in that store.
    name: config.store_name ?? 'Default Store View',
    locale: config.locale ?? 'en_US',
    default_display_currency_code: currency,
    allowed_currency_codes: allowedCurrencies ?? currency,
    sort_order: 0,
    is_active: 1,
  };
}

const rootCategory = (
  row: Pick<CategoryTable, 'id' | 'parent_id' | 'path' | 'level' | 'position' | 'name' | 'include_in_menu'>,
): CategoryTable => {
  const urlKey = row.name.toLowerCase().replace(/\s+/g, '-');
  // In the column order of the table, as the demo's generated rows are compared whole.
  return {
    id: row.id,
    parent_id: row.parent_id,
    path: row.path,
    level: row.level,
    position: row.position,
    name: row.name,
    url_key: urlKey,
    url_path: urlKey,
    description: null,
    meta_title: null,
    meta_description: null,
    image: null,
    include_in_menu: row.include_in_menu,
    is_active: 1,
  };
};

/** Magento's two root categories: Root Catalog above every store's root, and Default Category. */
export const MAGENTO_ROOT_CATEGORIES: readonly CategoryTable[] = [
  rootCategory({
    id: ROOT_CATALOG_ID,
    parent_id: null,
    path: String(ROOT_CATALOG_ID),
    level: 0,
    position: 0,
    name: 'Root Catalog',
    include_in_menu: 0,
  }),
  rootCategory({
    id: DEFAULT_ROOT_CATEGORY_ID,
    parent_id: ROOT_CATALOG_ID,
    path: `${ROOT_CATALOG_ID}/${DEFAULT_ROOT_CATEGORY_ID}`,
    level: 1,
    position: 1,
    name: DEFAULT_ROOT_CATEGORY_NAME,
    include_in_menu: 1,
  }),
];

/** Magento's one carrier active out of the box: Flat Rate, $5.00 per item (OfflineShipping's config.xml). */
export const MAGENTO_FLAT_RATE: ShippingCarrierTable = {
  code: 'flatrate',
  kind: 'flatrate',
  title: 'Flat Rate',
  method_code: 'flatrate',
  method_title: 'Fixed',
  price: 500,
  price_type: 'per_item',
  free_threshold: null,
  is_active: 1,
  sort_order: 10,
};
