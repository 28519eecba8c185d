
// Money columns hold integer minor units (cents); the currency sits next to them so that a
// second currency never has to guess how to read a number.

export interface StoreConfigTable {
  key: string;
  value: string;
}

export interface CategoryTable {
  id: number;
  parent_id: number | null;
  /** Slash-separated ids from the root, Magento style: '1/2/5'. */
  path: string;
  level: number;
  position: number;
  name: string;
  url_key: string;
  url_path: string;
  description: string | null;
  meta_title: string | null;
  meta_description: string | null;
  image: string | null;
  include_in_menu: number;
  is_active: number;
}

export type ProductType = 'simple' | 'configurable';

export interface ProductTable {
  id: number;
  type: ProductType;
  /** Set on configurable variants: the configurable product they belong to. */
  parent_id: number | null;
  sku: string;
  name: string;
  url_key: string;
  /** 4 = shown in catalog and search, 1 = not visible on its own (variants). */
  visibility: number;
  description: string;
  short_description: string;
  meta_title: string | null;
  meta_description: string | null;
  currency: string;
  price: number;
  special_price: number | null;
  /** Lowest price a shopper can pay (min over variants for configurables), for sort and filter. */
  min_price: number;
  max_price: number;
  min_regular_price: number;
  max_regular_price: number;
  stock_qty: number;
  in_stock: number;
  /** Insertion order of the catalog, used by the position sort outside categories. */
  position: number;
}

export interface AttributeTable {
  code: string;
  label: string;
  position: number;
  /** 'swatch_color' options carry a hex value; 'select' options only a label. */
  input: string;
  is_filterable: number;
}

export interface AttributeOptionTable {
  id: number;
  attribute_code: string;
  label: string;
  swatch_value: string | null;
  position: number;
}

export interface ProductAttributeValueTable {
  product_id: number;
  attribute_code: string;
  option_id: number;
}

export interface CategoryProductTable {
  category_id: number;
  product_id: number;
  position: number;
}

export interface ProductMediaTable {
  id: number;
  product_id: number;
  url: string;
  label: string;
  position: number;
  disabled: number;
}

export interface ConfigurableAttributeTable {
  product_id: number;
  attribute_code: string;
  position: number;
}

export interface UrlRewriteTable {
  id: number;
  request_path: string;
  target_path: string;
  entity_type: 'PRODUCT' | 'CATEGORY' | 'CMS_PAGE';
  entity_id: number;
  /** 0 for the canonical url, 301/302 for urls that redirect to target_path. */
  redirect_type: number;
}

export interface CmsPageTable {
  id: number;
  identifier: string;
  title: string;
  content_heading: string | null;
  content: string;
  meta_title: string | null;
  meta_description: string | null;
  meta_keywords: string | null;
  page_layout: string;
  is_active: number;
}

export interface CmsBlockTable {
  id: number;
  identifier: string;
  title: string;
  content: string;
  is_active: number;
}

export interface CountryTable {
  id: string;
  iso3: string;
  name: string;
}

export interface RegionTable {
  id: number;
  country_id: string;
  code: string;
  name: string;
}

export interface Database {
  store_config: StoreConfigTable;
  category: CategoryTable;
  product: ProductTable;
  attribute: AttributeTable;
  attribute_option: AttributeOptionTable;
  product_attribute_value: ProductAttributeValueTable;
  category_product: CategoryProductTable;
  product_media: ProductMediaTable;
  configurable_attribute: ConfigurableAttributeTable;
  url_rewrite: UrlRewriteTable;
  cms_page: CmsPageTable;
  cms_block: CmsBlockTable;
  country: CountryTable;
  region: RegionTable;
}
