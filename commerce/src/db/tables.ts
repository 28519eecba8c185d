import type { Generated } from 'kysely';

// Money columns hold integer minor units (cents); the currency sits next to them so that a
// second currency never has to guess how to read a number.

export interface StoreConfigTable {
  key: string;
  value: string;
}

// Store views (Magento's "store views"): each has its code, locale and currencies. The default
// store (id 1) reads the catalog tables as they are; any other store reads its own texts from the
// *_store tables, falling back to the default store's text where a value is null or missing.

export interface StoreViewTable {
  id: number;
  code: string;
  name: string;
  /** Magento style: en_US, fr_FR. */
  locale: string;
  default_display_currency_code: string;
  /** Comma-separated ISO 4217 codes a shopper may pick in this store; includes the default. */
  allowed_currency_codes: string;
  sort_order: number;
  is_active: number;
}

/** A store view's own value of a storeConfig setting, over the shop-wide one in store_config. */
export interface StoreViewConfigTable {
  store_id: number;
  key: string;
  value: string;
}

/** Units of currency_to per unit of currency_from (the base currency). */
export interface CurrencyRateTable {
  currency_from: string;
  currency_to: string;
  rate: number;
}

export interface ProductStoreTable {
  product_id: number;
  store_id: number;
  name: string | null;
  url_key: string | null;
  description: string | null;
  short_description: string | null;
  meta_title: string | null;
  meta_description: string | null;
}

export interface CategoryStoreTable {
  category_id: number;
  store_id: number;
  name: string | null;
  url_key: string | null;
  url_path: string | null;
  description: string | null;
  meta_title: string | null;
  meta_description: string | null;
}

export interface CmsPageStoreTable {
  page_id: number;
  store_id: number;
  title: string | null;
  content_heading: string | null;
  content: string | null;
  meta_title: string | null;
  meta_description: string | null;
  meta_keywords: string | null;
}

export interface CmsBlockStoreTable {
  block_id: number;
  store_id: number;
  title: string | null;
  content: string | null;
}

export interface AttributeStoreTable {
  attribute_code: string;
  store_id: number;
  label: string;
}

export interface AttributeOptionStoreTable {
  option_id: number;
  store_id: number;
  label: string;
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

/** Virtual products (catalog/virtualProducts.ts) are never shipped. */
export type ProductType = 'simple' | 'configurable' | 'bundle' | 'grouped' | 'virtual' | 'downloadable';

/** A downloadable product's titles and whether its links are bought one by one (migration 0042). */
export interface DownloadableProductTable {
  product_id: number;
  links_title: string;
  samples_title: string;
  links_purchased_separately: number;
}

/** A link a buyer of a downloadable product may download (Magento's downloadable_link). */
export interface DownloadableLinkTable {
  id: number;
  product_id: number;
  title: string;
  /** Minor units added to the product's price. */
  price: number;
  /** 0 = unlimited. */
  number_of_downloads: number;
  is_shareable: number;
  sort_order: number;
  link_type: 'file' | 'url';
  link_file: string | null;
  link_url: string | null;
  sample_type: 'file' | 'url' | null;
  sample_file: string | null;
  sample_url: string | null;
}

/** A sample of a downloadable product anyone may download (Magento's downloadable_sample). */
export interface DownloadableSampleTable {
  id: number;
  product_id: number;
  title: string;
  sort_order: number;
  sample_type: 'file' | 'url';
  sample_file: string | null;
  sample_url: string | null;
}

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

/**
 * Magento's product_online (migration 0015): 1 enabled, 2 disabled, hidden wherever a shopper
 * looks. Queries filter on it; the services' product rows do not carry it.
 */
export interface ProductStatusColumn {
  status: Generated<number>;
}

export interface AttributeTable {
  /** Integer id, for Magento's deprecated id fields; the code is the key everywhere else. */
  id: number;
  code: string;
  label: string;
  position: number;
  /** 'swatch_color' options carry a hex value; 'select' options only a label. */
  input: string;
  is_filterable: number;
  /** 1: its option labels are words a search finds the product by. */
  is_searchable: number;
  /** 1: the product page lists the product's value (Magento's is_visible_on_front). */
  is_visible_on_front: number;
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
  /** Integer id of this product-attribute link (Magento's `ConfigurableProductOptions.id`). */
  id: number;
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
  /** The store view the address belongs to; the default store's addresses serve every store without its own. */
  store_id: number;
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
  /** 1: an address in this country must name one of its regions (Magento's general/region/state_required). */
  region_required: number;
  /** 1: an address in this country may leave the postcode out (general/country/optional_zip_countries). */
  postcode_optional: number;
}

export interface RegionTable {
  id: number;
  country_id: string;
  code: string;
  name: string;
}

// Checkout: carts, cart price rules, carriers, tax rates and orders. Addresses are JSON text
// (see domains/checkout/cartAddress.ts for their shape).

export interface CartTable {
  /** The masked id: 32 random url-safe characters, the only handle a shopper has. */
  id: string;
  /** The store view the cart was made in; it is used in that store only. */
  store_id: number;
  /** The currency every amount of the cart is computed in (the store's display currency). */
  currency: string;
  email: string | null;
  is_active: number;
  coupon_code: string | null;
  shipping_address: string | null;
  billing_address: string | null;
  shipping_carrier_code: string | null;
  shipping_method_code: string | null;
  payment_method: string | null;
  purchase_order_number: string | null;
  /** JSON: what the chosen online method needs at placement (a gateway's payment-method token). */
  payment_data: string | null;
  created_at: string;
  updated_at: string;
  /** The owning customer; null for a guest cart. Only that customer's token may use the cart. */
  customer_id: number | null;
  /** JSON `{ to, from, message }`: Magento's gift message for the whole order; null without one. */
  gift_message?: string | null;
  /** Set on a cart staff opened for a customer in the back office (order creation). */
  created_by_staff_id?: number | null;
}

export interface CartItemTable {
  cart_id: string;
  /** Numbered from 1 within its cart. */
  id: number;
  /** The product added: the configurable parent for configurable lines. */
  product_id: number;
  /** The chosen variant of a configurable product; null for simple products. */
  variant_id: number | null;
  quantity: number;
  created_at: string;
  /** JSON `{ to, from, message }`: the line's gift message; null without one. */
  gift_message?: string | null;
  /** JSON of the custom options chosen, by option id (cart/customOptionChoices.ts); null without any. */
  custom_options?: string | null;
  /** JSON of a bundle's chosen selections and quantities (cart/bundleChoices.ts); null for other types. */
  bundle_options?: string | null;
  /** JSON: the downloadable links chosen, sorted ids (cart/downloadableChoices.ts); null for other types. */
  downloadable_links?: string | null;
}

export type SalesRuleAction = 'by_percent' | 'by_fixed' | 'cart_fixed' | 'buy_x_get_y' | 'free_shipping';

export interface SalesRuleTable {
  id: number;
  name: string;
  /** Shown to the shopper in the list of discounts. */
  label: string;
  action: SalesRuleAction;
  /** by_percent: basis points (1000 = 10 %); cart_fixed: minor units; free_shipping: unused. */
  amount: number;
  /** The subtotal (before discounts) must reach this, in minor units. */
  min_subtotal: number;
  /** Inclusive ISO dates (YYYY-MM-DD); null means unbounded. */
  from_date: string | null;
  to_date: string | null;
  /** How many orders may use the rule in total; null means unlimited. */
  uses_limit: number | null;
  times_used: number;
  is_active: number;
  sort_order: number;
  /** JSON: the cart condition tree (promotions/ruleConditions.ts); null: every cart. */
  conditions: string | null;
  /** JSON: the item condition choosing the lines the action applies to; null: every line. */
  action_conditions: string | null;
  /** JSON array of customer group ids; null: every group. */
  customer_group_ids: string | null;
  /** How many orders one customer may use the rule in; null: no limit. */
  uses_per_customer: number | null;
  /** 1: rules after this one (by sort order) are not applied. */
  stop_rules_processing: number;
  /** buy_x_get_y: X, the units bought for each Y given (amount is Y). */
  discount_step: number;
  /** At most this many units of a line are discounted; null: all. */
  discount_qty: number | null;
  /** Magento's simple_free_shipping: 0 none, 1 for the matching items, 2 for the whole cart. */
  free_shipping: number;
  /** JSON object: store view id → the label shoppers of that view read; missing: `label`. */
  store_labels: string | null;
}

/** The condition columns of a rule without conditions (every cart, every group, no per-customer limit). */
export const PLAIN_RULE_CONDITIONS = {
  conditions: null,
  action_conditions: null,
  customer_group_ids: null,
  uses_per_customer: null,
  stop_rules_processing: 0,
  discount_step: 0,
  discount_qty: null,
  free_shipping: 0,
  store_labels: null,
} as const satisfies Partial<SalesRuleTable>;

/** Magento's salesrule_customer: how many orders a customer placed with a rule. */
export interface SalesRuleCustomerTable {
  rule_id: number;
  customer_id: number;
  times_used: number;
}

/** A rule with at least one coupon applies only to carts carrying one of its codes. */
export interface SalesCouponTable {
  /** Stored upper-case; codes match case-insensitively. */
  code: string;
  rule_id: number;
  usage_limit: number | null;
  times_used: number;
}

export type ShippingCarrierKind = 'flatrate' | 'freeshipping' | 'tablerate';

export interface ShippingCarrierTable {
  code: string;
  kind: ShippingCarrierKind;
  title: string;
  method_code: string;
  method_title: string;
  /** flatrate: the rate per item or per order, in minor units. */
  price: number;
  price_type: 'per_item' | 'per_order';
  /** freeshipping: the subtotal after discounts that unlocks the method, in minor units. */
  free_threshold: number | null;
  is_active: number;
  sort_order: number;
}

export interface ShippingTableRateTable {
  carrier_code: string;
  /** ISO code, or '*' for every country without its own row. */
  country_id: string;
  price: number;
}

export interface TaxRateTable {
  id: number;
  country_id: string;
  /** Null: the rate applies to the whole country (a region's own rate wins). */
  region_id: number | null;
  /** Parts per million of the taxed amount: 72500 = 7.25 %. */
  rate_ppm: number;
  label: string;
}

export interface SalesOrderTable {
  id: number;
  /** Sequential, zero-padded to 9 digits: 000000001. */
  number: string;
  token: string;
  /** Unique: one cart can become one order only. */
  cart_id: string;
  email: string;
  status: string;
  /** The store view the order was placed in. */
  store_id: number;
  /** The currency the order's amounts are in; base_currency and base_to_order_rate relate them to the shop's base. */
  currency: string;
  base_currency: string;
  base_to_order_rate: number;
  subtotal: number;
  discount: number;
  shipping: number;
  tax: number;
  grand_total: number;
  coupon_code: string | null;
  shipping_carrier_title: string;
  shipping_method_title: string;
  payment_method: string;
  payment_title: string;
  /** JSON address; JSON `null` for an order with nothing to ship (catalog/virtualProducts.ts). */
  shipping_address: string;
  billing_address: string;
  /** JSON: [{ label, amount, applied_to, coupon }] */
  discounts: string;
  /** JSON: [{ label, amount, rate }] */
  taxes: string;
  created_at: string;
  /** The customer whose cart became this order; null for guest orders. */
  customer_id: number | null;
  /** Minor units invoiced (paid); 0 until the order is invoiced. */
  total_paid: number;
  /** Minor units refunded so far; never more than total_paid. */
  total_refunded: number;
  updated_at: string | null;
  /** JSON `{ to, from, message }`, copied from the cart; null without one. */
  gift_message?: string | null;
  /** The staff member who placed the order for the customer (back office); null for shoppers' own. */
  created_by_staff_id?: number | null;
}

export interface SalesOrderItemTable {
  order_id: number;
  line: number;
  product_id: number;
  product_type: string;
  sku: string;
  name: string;
  url_key: string;
  /** JSON: [{ label, value }] */
  options: string;
  quantity: number;
  price: number;
  row_total: number;
  discount: number;
  tax: number;
  qty_refunded: number;
  /** Units on invoices so far (sales_invoice_item); never more than quantity. */
  qty_invoiced: number;
  /** Units on shipments so far (sales_shipment_item); never more than quantity less qty_refunded. */
  qty_shipped: number;
  /** JSON `{ to, from, message }`, copied from the cart line; null without one. */
  gift_message?: string | null;
  /** JSON: the custom options bought, as they were when ordered (sales/orderCustomOptions.ts). */
  custom_options?: string | null;
  /** JSON: a bundle's items as bought (sales/orderBundleOptions.ts); null for other types. */
  bundle_options?: string | null;
  /** JSON: the downloadable links bought, `[{ id, title, sort_order }]`; null for other types. */
  downloadable_links?: string | null;
}

/** A downloadable link an order bought (Magento's downloadable_link_purchased_item, migration 0049). */
export interface DownloadableLinkPurchasedTable {
  id: number;
  order_id: number;
  order_line: number;
  customer_id: number | null;
  link_id: number;
  link_title: string;
  link_type: 'file' | 'url';
  link_file: string | null;
  link_url: string | null;
  /** 0 = unlimited. */
  downloads_bought: number;
  downloads_used: number;
  link_hash: string;
  created_at: string;
  updated_at: string | null;
}

/** Derived: every visible product of a category and its descendants, with listing sort keys. */
export interface CategoryProductIndexTable {
  category_id: number;
  product_id: number;
  position: number;
  /** The product's min_price, minor units. */
  price: number;
  name: string;
}

/** Derived: facet counts of a category's unfiltered listing (facet = attribute code or 'category_uid'). */
export interface CategoryFacetCountTable {
  category_id: number;
  facet: string;
  value: number;
  product_count: number;
}

/** The attribute options each listed product was counted with (db/catalogIndex.ts). */
export interface ProductFacetValueTable {
  product_id: number;
  attribute_code: string;
  option_id: number;
}

/** What a catalog version changed (db/catalogChangeLog.ts). */
export interface CatalogChangeLogTable {
  version: number;
  /** JSON array of product ids; null: anything may have changed. */
  products: string | null;
  /** JSON per word kind, per word: products more or fewer holding it (db/productWords.ts). */
  words: string | null;
  changed_at: string;
}

/** The words each product gives the search vocabularies, as last counted (db/productWords.ts). */
export interface ProductSearchWordTable {
  product_id: number;
  kind: number;
  /** Unique folded words, sorted, space-separated. */
  words: string;
}

export interface CatalogVersionTable {
  id: number;
  version: number;
  /** ISO 8601 time of the last bump (null only before migration 0011 ran). */
  changed_at: string | null;
}

// Customers: accounts, tokens, address book, wishlist, newsletter and contact messages.

export interface CustomerTable {
  id: number;
  /** Trimmed and lower-cased: sign-in and uniqueness ignore case. */
  email: string;
  firstname: string;
  lastname: string;
  middlename: string | null;
  prefix: string | null;
  suffix: string | null;
  /** YYYY-MM-DD */
  date_of_birth: string | null;
  gender: number | null;
  taxvat: string | null;
  /** scrypt$N$r$p$salt$digest (see domains/auth/passwordHash.ts): the parameters travel with the hash. */
  password_hash: string;
  default_billing: number | null;
  default_shipping: number | null;
  /** Failed sign-ins since first_failure; lock_expires is set when they reach the limit. ISO timestamps. */
  failures_num: number;
  first_failure: string | null;
  lock_expires: string | null;
  /** sha256 (hex) of the one outstanding password-reset token, and when it stops working (ISO). */
  reset_token_hash: string | null;
  reset_token_expires: string | null;
  /** The customer group (customer_group.customer_group_id); 1 = General. */
  group_id: number;
  /** The store view the account was made in; null for accounts older than the column. */
  store_id: number | null;
  created_at: string;
  updated_at: string;
}

/** Magento's customer_group: 0 NOT LOGGED IN, 1 General, 2 Wholesale, 3 Retailer are built in. */
export interface CustomerGroupTable {
  customer_group_id: number;
  customer_group_code: string;
  tax_class_id: number;
}

/** Magento's tax_class: customer classes (a group's) and product classes. */
export interface TaxClassTable {
  class_id: number;
  class_name: string;
  class_type: 'CUSTOMER' | 'PRODUCT';
  /** 1 when the shop's tax rates apply to customers of this class; 0 = they pay no tax. */
  taxed: number;
}

/** Magento's catalog_product_entity_tier_price: a quantity discount for a group or for all groups. */
export interface TierPriceTable {
  value_id: number;
  /** The product's id. */
  entity_id: number;
  all_groups: number;
  /** 0 when all_groups is 1. */
  customer_group_id: number;
  qty: number;
  /** Fixed unit price, minor units; null when percentage_value is set. */
  value: number | null;
  percentage_value: number | null;
}

export interface CustomerTokenTable {
  /** sha256 (hex) of the bearer token; the token itself is never stored. */
  token_hash: string;
  customer_id: number;
  /** ISO timestamp; the token lives customer_access_token_lifetime hours from here. */
  created_at: string;
}

export interface CustomerAddressTable {
  id: number;
  customer_id: number;
  /** JSON StoredAddress, as the cart keeps it. */
  address: string;
  created_at: string;
  updated_at: string;
}

export interface WishlistTable {
  id: number;
  customer_id: number;
  sharing_code: string;
  updated_at: string;
}

export interface WishlistItemTable {
  id: number;
  wishlist_id: number;
  /** The product shown: the configurable parent for configurable items. */
  product_id: number;
  /** The chosen variant; null for simple products and configurables saved without options. */
  variant_id: number | null;
  quantity: number;
  description: string | null;
  added_at: string;
}

/** A shopper's compare list: a guest's (customer_id null) is reached by its secret uid alone. */
export interface CompareListTable {
  id: number;
  uid: string;
  customer_id: number | null;
  updated_at: string;
}

export interface CompareListItemTable {
  list_id: number;
  product_id: number;
  /** Order of adding, so the compare page keeps the shopper's order. */
  position: number;
}

export type NewsletterStatus = 'SUBSCRIBED' | 'UNSUBSCRIBED' | 'NOT_ACTIVE' | 'UNCONFIRMED';

export interface NewsletterSubscriberTable {
  /** Lower-cased. */
  email: string;
  customer_id: number | null;
  status: NewsletterStatus;
  updated_at: string;
}

export interface ContactMessageTable {
  id: number;
  name: string;
  email: string;
  telephone: string | null;
  comment: string;
  created_at: string;
}

/** One counter per table whose ids the application assigns (db/idSequence.ts). */
export interface IdSequenceTable {
  name: string;
  value: number;
}

export interface RateLimitTable {
  /** The rule's name and a digest of the subject: no e-mail address or client address in clear. */
  key: string;
  /** Start of the current window, in seconds since the epoch. */
  window_start: number;
  hits: number;
}

export type MailOutboxStatus = 'pending' | 'sent' | 'failed';

export interface MailOutboxTable {
  id: string;
  /** What to render at delivery: 'order_confirmation' (payload: the order id), 'sales_document' (payload: { document, number }) or 'message' (payload: the mail). */
  kind: string;
  /** JSON; emptied once sent, so no reset link stays in the database after it went out. */
  payload: string;
  /** Names the .eml file: the same job always writes the same file, so a retry never makes two. */
  file_stem: string;
  status: MailOutboxStatus;
  attempts: number;
  next_attempt_at: number;
  /** A worker owns the job until then; after it (the worker died), another may take it. */
  claimed_until: number | null;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
}

/** One row, rewritten by every readiness check (readiness.ts). */
/** What a gateway was asked for an order, and what it answered. */
export interface PaymentTransactionTable {
  id: string;
  order_id: number;
  /** The payment method code: 'stripe_payments'. */
  provider: string;
  kind: 'authorization' | 'capture' | 'refund' | 'void';
  /** 1 for the first authorisation of an order, 2 for its retry, …; captures and refunds count their own. */
  attempt: number;
  status: 'pending' | 'requires_action' | 'succeeded' | 'failed' | 'canceled';
  /** The gateway's id: the payment intent for an authorisation, the refund's id for a refund. */
  gateway_id: string | null;
  /** The payment a capture, refund or void belongs to. */
  parent_gateway_id: string | null;
  /** Minor units of `currency`. */
  amount: number;
  currency: string;
  /** Sent with the gateway call; derived from the order, the operation and the attempt. */
  idempotency_key: string;
  failure_code: string | null;
  failure_message: string | null;
  created_at: string;
  updated_at: string;
  /** While set and in the future, one process is asking the gateway to start this authorisation. */
  claimed_until: string | null;
}

/** The Stripe Customer that holds a customer's saved Stripe cards: one per customer, made once. */
export interface StripeCustomerTable {
  customer_id: number;
  /** cus_…: Stripe's id; the cards themselves stay at Stripe. */
  stripe_customer_id: string;
  created_at: string;
}

/** A card a signed-in customer kept at the gateway (Magento's vault_payment_token). */
export interface VaultPaymentTokenTable {
  id: string;
  customer_id: number;
  /** Random; the only name the storefront sees. */
  public_hash: string;
  /** The method that kept it: 'braintree'. */
  payment_method_code: string;
  type: 'card' | 'account';
  /** The gateway's reusable payment-method token: never shown, never logged. */
  gateway_token: string;
  /** JSON: { type, maskedCC, expirationDate }, as Magento shows a kept card. */
  details: string;
  created_at: string;
}

export interface PaymentWebhookEventTable {
  provider: string;
  event_id: string;
  type: string;
  received_at: string;
}

export interface WriteProbeTable {
  id: number;
  probed_at: number;
}

export interface Database {
  store_config: StoreConfigTable;
  store_view: StoreViewTable;
  store_view_config: StoreViewConfigTable;
  currency_rate: CurrencyRateTable;
  product_store: ProductStoreTable;
  category_store: CategoryStoreTable;
  cms_page_store: CmsPageStoreTable;
  cms_block_store: CmsBlockStoreTable;
  attribute_store: AttributeStoreTable;
  attribute_option_store: AttributeOptionStoreTable;
  category: CategoryTable;
  product: ProductTable & ProductStatusColumn;
  attribute: AttributeTable;
  attribute_option: AttributeOptionTable;
  product_attribute_value: ProductAttributeValueTable;
  category_product: CategoryProductTable;
  product_media: ProductMediaTable;
  configurable_attribute: ConfigurableAttributeTable;
  downloadable_product: DownloadableProductTable;
  downloadable_link: DownloadableLinkTable;
  downloadable_sample: DownloadableSampleTable;
  downloadable_link_purchased: DownloadableLinkPurchasedTable;
  url_rewrite: UrlRewriteTable;
  cms_page: CmsPageTable;
  cms_block: CmsBlockTable;
  country: CountryTable;
  region: RegionTable;
  category_product_index: CategoryProductIndexTable;
  category_facet_count: CategoryFacetCountTable;
  product_facet_value: ProductFacetValueTable;
  catalog_version: CatalogVersionTable;
  catalog_change_log: CatalogChangeLogTable;
  product_search_word: ProductSearchWordTable;
  cart: CartTable;
  cart_item: CartItemTable;
  sales_rule: SalesRuleTable;
  sales_coupon: SalesCouponTable;
  sales_rule_customer: SalesRuleCustomerTable;
  shipping_carrier: ShippingCarrierTable;
  shipping_table_rate: ShippingTableRateTable;
  tax_rate: TaxRateTable;
  sales_order: SalesOrderTable;
  sales_order_item: SalesOrderItemTable;
  customer: CustomerTable;
  customer_token: CustomerTokenTable;
  customer_address: CustomerAddressTable;
  wishlist: WishlistTable;
  wishlist_item: WishlistItemTable;
  compare_list: CompareListTable;
  compare_list_item: CompareListItemTable;
  newsletter_subscriber: NewsletterSubscriberTable;
  contact_message: ContactMessageTable;
  id_sequence: IdSequenceTable;
  customer_group: CustomerGroupTable;
  tax_class: TaxClassTable;
  catalog_product_entity_tier_price: TierPriceTable;
  rate_limit: RateLimitTable;
  mail_outbox: MailOutboxTable;
  write_probe: WriteProbeTable;
  payment_transaction: PaymentTransactionTable;
  vault_payment_token: VaultPaymentTokenTable;
  stripe_customer: StripeCustomerTable;
  payment_webhook_event: PaymentWebhookEventTable;
  staff_user: StaffUserTable;
  staff_session: StaffSessionTable;
  staff_password_reset: StaffPasswordResetTable;
  audit_log: AuditLogTable;
  sales_invoice: SalesInvoiceTable;
  sales_invoice_item: SalesInvoiceItemTable;
  sales_shipment_item: SalesShipmentItemTable;
  sales_shipment: SalesShipmentTable;
  sales_creditmemo: SalesCreditmemoTable;
  sales_order_comment: SalesOrderCommentTable;
  catalog_import_job: CatalogImportJobTable;
  search_term: SearchTermTable;
  search_synonym_group: SearchSynonymGroupTable;
  search_query: SearchQueryTable;
  product_link: ProductLinkTable;
  rating: RatingTable;
  rating_store: RatingStoreTable;
  review: ReviewTable;
  review_vote: ReviewVoteTable;
  product_option: ProductOptionTable;
  product_option_value: ProductOptionValueTable;
  product_option_store: ProductOptionStoreTable;
  product_option_value_store: ProductOptionValueStoreTable;
  bundle_product: BundleProductTable;
  bundle_option: BundleOptionTable;
  bundle_selection: BundleSelectionTable;
  grouped_item: GroupedItemTable;
}

/** A bundle's settings (Magento's price_type, sku_type, weight_type, price_view, shipment_type). */
export interface BundleProductTable {
  product_id: number;
  dynamic_price: number;
  dynamic_sku: number;
  dynamic_weight: number;
  price_view: 'PRICE_RANGE' | 'AS_LOW_AS';
  ship_bundle_items: 'TOGETHER' | 'SEPARATELY';
}

/** Magento's bundle option input types. */
export type BundleOptionType = 'select' | 'radio' | 'checkbox' | 'multi';

/** One choice a bundle asks for (Magento's catalog_product_bundle_option). */
export interface BundleOptionTable {
  id: number;
  product_id: number;
  title: string;
  type: BundleOptionType;
  required: number;
  position: number;
}

/** A product offered in a bundle option (Magento's catalog_product_bundle_selection). */
export interface BundleSelectionTable {
  id: number;
  option_id: number;
  product_id: number;
  position: number;
  is_default: number;
  qty: number;
  can_change_qty: number;
  /** Fixed-price bundles only: minor units when fixed, hundredths of a percent when percent. */
  price: number;
  price_type: 'fixed' | 'percent';
}

/** A member of a grouped product (Magento's product link of type super), with its default quantity. */
export interface GroupedItemTable {
  product_id: number;
  child_id: number;
  qty: number;
  position: number;
}

/** Magento's custom option input types (catalog_product_option.type). */
export type CustomOptionType =
  'field' | 'area' | 'drop_down' | 'radio' | 'checkbox' | 'multiple' | 'date' | 'date_time' | 'time';

/** How a custom option's price is given: an amount, or a percentage of the product's final price. */
export type CustomOptionPriceType = 'fixed' | 'percent';

/** A custom option of a product (Magento's catalog_product_option). */
export interface ProductOptionTable {
  id: number;
  product_id: number;
  type: CustomOptionType;
  title: string;
  is_required: number;
  sort_order: number;
  /** Text and date options only: minor units when fixed, hundredths of a percent when percent. */
  price: number;
  price_type: CustomOptionPriceType;
  sku: string | null;
  /** Text options: the longest text accepted; null or 0 for no limit. */
  max_characters: number | null;
}

/** A value of a drop-down, radio, checkbox or multiple-select option, with its own price. */
export interface ProductOptionValueTable {
  id: number;
  option_id: number;
  title: string;
  sort_order: number;
  /** Minor units when fixed, hundredths of a percent when percent. */
  price: number;
  price_type: CustomOptionPriceType;
  sku: string | null;
}

/** A custom option's title in one store view. */
export interface ProductOptionStoreTable {
  option_id: number;
  store_id: number;
  title: string;
}

/** A custom option value's title in one store view. */
export interface ProductOptionValueStoreTable {
  value_id: number;
  store_id: number;
  title: string;
}

/** Magento's link types of catalog_product_link, by the names its CSV and GraphQL use. */
export type ProductLinkType = 'related' | 'upsell' | 'crosssell';

/** One product pointing at another (Magento's catalog_product_link), ordered by position per type. */
export interface ProductLinkTable {
  product_id: number;
  link_type: ProductLinkType;
  linked_product_id: number;
  position: number;
}

/** An aspect shoppers rate with 1–5 stars (Magento's rating): Quality, Value, Price. */
export interface RatingTable {
  id: number;
  code: string;
  position: number;
  is_active: number;
}

/** A rating's label in one store view; without a row the rating's code is its label. */
export interface RatingStoreTable {
  rating_id: number;
  store_id: number;
  label: string;
}

export type ReviewStatus = 'pending' | 'approved' | 'rejected';

/** A shopper's review of a product in one store view: shown once staff approve it. */
export interface ReviewTable {
  id: number;
  product_id: number;
  store_id: number;
  customer_id: number | null;
  nickname: string;
  summary: string;
  text: string;
  status: ReviewStatus;
  /** ISO 8601, UTC. */
  created_at: string;
}

/** The stars (1–5) a review gives one rating. */
export interface ReviewVoteTable {
  review_id: number;
  rating_id: number;
  value: number;
}

/** Words a shopper may use for the same thing (Magento's search_synonyms), for one store view or all (null). */
/** A search term as shoppers typed it in one store view (Magento's search_query). */
export interface SearchQueryTable {
  id: number;
  store_id: number;
  /** Normalised: lower case, single spaces, at most 128 characters. */
  query_text: string;
  /** How many times it was searched. */
  popularity: number;
  /** How many products it found the last time. */
  num_results: number;
  /** Where a search for it goes instead (a path on the shop or an absolute URL); null for none. */
  redirect: string | null;
  /** 1 when the term may be offered as a popular search. */
  display_in_terms: number;
  updated_at: string;
}

export interface SearchSynonymGroupTable {
  id: number;
  store_id: number | null;
  /** Lower-case words, comma-separated. */
  words: string;
}

/** A search term the shop knows (Magento's search_query), per store view. */
export interface SearchTermTable {
  store_id: number;
  query_text: string;
  /** Where a search for the term goes instead of the results; null for the results. */
  redirect: string | null;
  popularity: number;
}

// The back office: staff, their sessions, the audit log and an order's documents.

export type StaffRole = 'owner' | 'staff' | 'viewer';

export interface StaffUserTable {
  id: number;
  /** Trimmed and lower-cased. */
  email: string;
  name: string;
  role: StaffRole;
  password_hash: string;
  /** Base32 TOTP secret once enrolled; null before. */
  totp_secret: string | null;
  totp_last_step: number | null;
  is_active: number;
  failures_num: number;
  first_failure: string | null;
  lock_expires: string | null;
  created_at: string;
  updated_at: string;
}

export interface StaffSessionTable {
  token_hash: string;
  staff_id: number;
  stage: 'password' | 'full';
  csrf_token: string;
  pending_totp_secret: string | null;
  created_at: string;
  last_seen_at: string;
}

/** A one-time password reset link an owner made for a staff member (migration 0051). */
export interface StaffPasswordResetTable {
  /** SHA-256 of the link's token; the token itself is never stored. */
  token_hash: string;
  staff_id: number;
  expires_at: string;
  created_at: string;
}

export interface AuditLogTable {
  id: number;
  staff_id: number | null;
  staff_email: string;
  action: string;
  entity_type: string;
  entity_id: string;
  /** JSON of the changed values before and after; null where there was nothing (a creation). */
  before: string | null;
  after: string | null;
  created_at: string;
  /** The client's network address for back-office requests; null from the command line and before it was kept. */
  client_address: string | null;
}

export interface SalesInvoiceTable {
  id: number;
  order_id: number;
  number: string;
  /** Minor units, as the order's: grand_total = subtotal - discount + shipping + tax. */
  subtotal: number;
  discount: number;
  /** The order's whole shipping charge on its first invoice, 0 on later ones (as Magento). */
  shipping: number;
  tax: number;
  grand_total: number;
  created_at: string;
}

/** One ordered line's share of an invoice. */
export interface SalesInvoiceItemTable {
  invoice_id: number;
  line: number;
  quantity: number;
  row_total: number;
  discount: number;
  tax: number;
}

/** One ordered line's units in a shipment. */
export interface SalesShipmentItemTable {
  shipment_id: number;
  line: number;
  quantity: number;
}

export interface SalesShipmentTable {
  id: number;
  order_id: number;
  number: string;
  carrier: string;
  carrier_title: string;
  tracking_number: string;
  created_at: string;
}

export interface SalesCreditmemoTable {
  id: number;
  order_id: number;
  number: string;
  subtotal: number;
  shipping: number;
  tax: number;
  grand_total: number;
  /** JSON: [{ line, quantity, amount }] */
  lines: string;
  returned_to_stock: number;
  created_at: string;
}

export interface SalesOrderCommentTable {
  id: number;
  order_id: number;
  message: string;
  is_visible_to_customer: number;
  author: string;
  created_at: string;
}

export interface CatalogImportJobTable {
  id: string;
  staff_id: number;
  file_name: string;
  status: 'running' | 'finished' | 'failed';
  dry_run: number;
  rows_done: number;
  rows_total: number | null;
  bytes_done: number;
  bytes_total: number;
  report: string | null;
  error: string | null;
  created_at: string;
  finished_at: string | null;
}
