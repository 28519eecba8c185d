import type { Database } from '../db/tables';

// Who owns each table: the one room of commerce/src that writes it (INSERT, UPDATE, DELETE).
// Another domain that needs a row changed asks the owner, through the owner's front door
// (domains/<d>/index.ts). Reading another domain's table is allowed where the owner has no read
// for it; writing never is. `commerce/test/tableOwners.test.ts` scans commerce/src for writes and
// fails, naming file and table, when one stands outside its owner. The map is typed against the
// Kysely `Database`, so a table added there without an owner here does not typecheck.
//
// Migrations (db/*Migration.ts, db/migrations.ts) and the demo seed (demo/) build the database and
// fill it before the shop runs: they write every table, and the scan leaves them out.

/** A commerce domain's folder, or a room below the domains that keeps tables of its own. */
export type TableOwner =
  | `domains/${string}`
  /** The unit of work (catalog_version), the settings store (store_config) and the rate limiter. */
  | 'kernel'
  /** The derived catalog index, and the id sequences. */
  | 'db'
  /** The transactional outbox. */
  | 'mail'
  /** The readiness probe's scratch row. */
  | 'readiness.ts';

export const TABLE_OWNERS = {
  // The shop's settings by key: one reader and writer, kernel/storeConfig.ts; each domain keeps its keys.
  store_config: 'kernel',
  // The store views, their own settings and currencies.
  store_view: 'domains/store',
  store_view_config: 'domains/store',
  currency_rate: 'domains/store',
  // Search terms a merchant set up (Magento's search_term: redirects and popularity), read by storeConfig's searchTerm.
  search_term: 'domains/store',
  // A card payment's gateway operations, and the gateway events already applied: sales applies both to its orders.
  payment_transaction: 'domains/sales',
  payment_webhook_event: 'domains/sales',
  // Cards customers kept at a gateway (the vault): payment keeps and forgets them, sales reads them to pay.
  vault_payment_token: 'domains/payment',
  // Which Stripe Customer holds a customer's saved Stripe cards: payment makes it and reads it.
  stripe_customer: 'domains/payment',
  // The product catalog is written by catalogTransfer (CSV import, product edits, configurables,
  // stock); the catalog domain reads it and shapes it for the shop.
  product: 'domains/catalogTransfer',
  product_store: 'domains/catalogTransfer',
  attribute: 'domains/catalogTransfer',
  attribute_store: 'domains/catalogTransfer',
  attribute_option: 'domains/catalogTransfer',
  attribute_option_store: 'domains/catalogTransfer',
  product_attribute_value: 'domains/catalogTransfer',
  category_product: 'domains/catalogTransfer',
  product_media: 'domains/catalogTransfer',
  configurable_attribute: 'domains/catalogTransfer',
  // Related, up-sell and cross-sell links: imported and edited with the products.
  product_link: 'domains/catalogTransfer',
  catalog_import_job: 'domains/catalogTransfer',
  // Custom options of products and their store-view titles (catalog/customOptions.ts): the
  // import and the back office's product page write them through catalog's front door.
  product_option: 'domains/catalog',
  product_option_value: 'domains/catalog',
  product_option_store: 'domains/catalog',
  product_option_value_store: 'domains/catalog',
  bundle_product: 'domains/catalog',
  bundle_option: 'domains/catalog',
  bundle_selection: 'domains/catalog',
  grouped_item: 'domains/catalog',
  // Downloadable products' links and samples (catalog/downloadableLinks.ts), written by the import.
  downloadable_product: 'domains/catalog',
  downloadable_link: 'domains/catalog',
  downloadable_sample: 'domains/catalog',
  // Links bought with orders and their download counts (sales/downloadablePurchases.ts).
  downloadable_link_purchased: 'domains/sales',
  // The category tree is the catalog's (catalog/categoryAdminService.ts).
  category: 'domains/catalog',
  category_store: 'domains/catalog',
  // Search synonym groups the merchant edits (catalog/searchSynonymService.ts), read by the search vocabulary.
  search_synonym_group: 'domains/catalog',
  search_query: 'domains/catalog',
  // Shoppers' reviews and the ratings they give (catalog/reviewService.ts); staff moderate them there too.
  rating: 'domains/catalog',
  rating_store: 'domains/catalog',
  review: 'domains/catalog',
  review_vote: 'domains/catalog',
  // Every address of the shop (products, categories, CMS pages) and its redirects.
  url_rewrite: 'domains/routing',
  cms_page: 'domains/cms',
  cms_page_store: 'domains/cms',
  cms_block: 'domains/cms',
  cms_block_store: 'domains/cms',
  country: 'domains/directory',
  region: 'domains/directory',
  cart: 'domains/cart',
  cart_item: 'domains/cart',
  sales_rule: 'domains/promotions',
  sales_coupon: 'domains/promotions',
  sales_rule_customer: 'domains/promotions',
  shipping_carrier: 'domains/shipping',
  shipping_table_rate: 'domains/shipping',
  tax_rate: 'domains/tax',
  sales_order: 'domains/sales',
  sales_order_item: 'domains/sales',
  sales_invoice: 'domains/sales',
  sales_invoice_item: 'domains/sales',
  sales_shipment_item: 'domains/sales',
  sales_shipment: 'domains/sales',
  sales_creditmemo: 'domains/sales',
  sales_order_comment: 'domains/sales',
  customer: 'domains/customer',
  customer_address: 'domains/customer',
  customer_token: 'domains/auth',
  wishlist: 'domains/wishlist',
  wishlist_item: 'domains/wishlist',
  // Shoppers' compare lists, guests' and customers' (compare/compareListService.ts).
  compare_list: 'domains/compare',
  compare_list_item: 'domains/compare',
  newsletter_subscriber: 'domains/newsletter',
  contact_message: 'domains/contact',
  staff_user: 'domains/staff',
  staff_session: 'domains/staff',
  staff_password_reset: 'domains/staff',
  audit_log: 'domains/audit',
  category_product_index: 'db',
  category_facet_count: 'db',
  product_facet_value: 'db',
  product_search_word: 'db',
  id_sequence: 'db',
  // Customer groups and the customer tax classes they carry (customer/customerGroupService.ts).
  customer_group: 'domains/customer',
  tax_class: 'domains/tax',
  // Tier prices (quantity discounts) are catalog data, edited with the product.
  catalog_product_entity_tier_price: 'domains/catalogTransfer',
  catalog_version: 'kernel',
  catalog_change_log: 'kernel',
  rate_limit: 'kernel',
  mail_outbox: 'mail',
  write_probe: 'readiness.ts',
} as const satisfies Record<keyof Database, TableOwner>;

export type OwnedTable = keyof typeof TABLE_OWNERS;
