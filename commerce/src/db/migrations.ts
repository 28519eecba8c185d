import { inspect } from 'node:util';
import { Migrator } from 'kysely';
import type { Migration, MigrationProvider } from 'kysely';
import type { SearchIndex } from './searchIndex';
import { checkoutMigration } from './checkoutMigration';
import { catalogFilterIndexMigration, catalogIndexMigration } from './catalogIndexMigration';
import { customerMigration } from './customerMigration';
import { idSequenceMigration } from './idSequence';
import { rateLimitMigration } from './rateLimitMigration';
import { mailOutboxMigration } from './mailOutboxMigration';
import { catalogChangedAtMigration } from './catalogChangedAtMigration';
import { attributeIdMigration } from './attributeIdMigration';
import { attributeManagementMigration } from './attributeManagementMigration';
import { orderTokenIndexMigration } from './orderTokenIndexMigration';
import { backOfficeMigration } from './backOfficeMigration';
import { storeViewMigration } from './storeViewMigration';
import { catalogImportMigration } from './catalogImportMigration';
import { safeRichTextMigration } from './safeRichTextMigration';
import { auditClientMigration } from './auditClientMigration';
import { writeProbeMigration } from './writeProbeMigration';
import { paymentsMigration } from './paymentsMigration';
import { paymentVaultMigration } from './paymentVaultMigration';
import { partialFulfilmentMigration } from './partialFulfilmentMigration';
import { searchSynonymMigration } from './searchSynonymMigration';
import { veniaMigration } from './veniaMigration';
import { directoryRulesMigration } from './directoryRulesMigration';
import { cartRuleConditionsMigration } from './cartRuleConditionsMigration';
import { staffPasswordResetMigration } from './staffPasswordResetMigration';
import { customerGroupsMigration } from './customerGroupsMigration';
import { incrementalIndexMigration } from './incrementalIndexMigration';
import { catalogChangeLogMigration } from './catalogChangeLogMigration';
import { productLinksReviewsMigration } from './productLinksReviewsMigration';
import { compareListMigration } from './compareListMigration';
import { searchTermMigration } from './searchTermMigration';
import { searchStoreFallbackMigration } from './searchStoreFallbackMigration';
import { customOptionsMigration } from './customOptionsMigration';
import { stripeSavedCardsMigration } from './stripeSavedCardsMigration';
import { bundleGroupedMigration } from './bundleGroupedMigration';
import { downloadablePurchasesMigration } from './downloadablePurchasesMigration';
import { downloadableProductsMigration } from './downloadableProductsMigration';
import type { UntypedDb } from './untyped';

// Column types are the portable subset both SQLite and PostgreSQL accept; ids are assigned by
// the application, so no engine-specific auto-increment syntax is needed.

function catalogMigration(): Migration {
  return {
    async up(db: UntypedDb) {
      await db.schema
        .createTable('store_config')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('category')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('parent_id', 'integer')
        .addColumn('path', 'text', (c) => c.notNull())
        .addColumn('level', 'integer', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('url_key', 'text', (c) => c.notNull())
        .addColumn('url_path', 'text', (c) => c.notNull())
        .addColumn('description', 'text')
        .addColumn('meta_title', 'text')
        .addColumn('meta_description', 'text')
        .addColumn('image', 'text')
        .addColumn('include_in_menu', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      await db.schema.createIndex('category_parent_idx').on('category').columns(['parent_id', 'position']).execute();
      await db.schema.createIndex('category_url_path_idx').on('category').column('url_path').execute();

      await db.schema
        .createTable('product')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('parent_id', 'integer')
        .addColumn('sku', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('url_key', 'text', (c) => c.notNull())
        .addColumn('visibility', 'integer', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('short_description', 'text', (c) => c.notNull())
        .addColumn('meta_title', 'text')
        .addColumn('meta_description', 'text')
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('price', 'integer', (c) => c.notNull())
        .addColumn('special_price', 'integer')
        .addColumn('min_price', 'integer', (c) => c.notNull())
        .addColumn('max_price', 'integer', (c) => c.notNull())
        .addColumn('min_regular_price', 'integer', (c) => c.notNull())
        .addColumn('max_regular_price', 'integer', (c) => c.notNull())
        .addColumn('stock_qty', 'integer', (c) => c.notNull())
        .addColumn('in_stock', 'integer', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('product_parent_idx').on('product').column('parent_id').execute();
      await db.schema.createIndex('product_url_key_idx').on('product').column('url_key').execute();
      await db.schema
        .createIndex('product_visibility_position_idx')
        .on('product')
        .columns(['visibility', 'position'])
        .execute();
      await db.schema
        .createIndex('product_visibility_price_idx')
        .on('product')
        .columns(['visibility', 'min_price'])
        .execute();
      await db.schema
        .createIndex('product_visibility_name_idx')
        .on('product')
        .columns(['visibility', 'name'])
        .execute();

      await db.schema
        .createTable('attribute')
        .addColumn('code', 'text', (c) => c.primaryKey())
        .addColumn('label', 'text', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('input', 'text', (c) => c.notNull())
        .addColumn('is_filterable', 'integer', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('attribute_option')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('attribute_code', 'text', (c) => c.notNull())
        .addColumn('label', 'text', (c) => c.notNull())
        .addColumn('swatch_value', 'text')
        .addColumn('position', 'integer', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('attribute_option_code_idx')
        .on('attribute_option')
        .columns(['attribute_code', 'position'])
        .execute();

      await db.schema
        .createTable('product_attribute_value')
        .addColumn('product_id', 'integer', (c) => c.notNull())
        .addColumn('attribute_code', 'text', (c) => c.notNull())
        .addColumn('option_id', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('product_attribute_value_pk', ['product_id', 'attribute_code', 'option_id'])
        .execute();
      await db.schema
        .createIndex('product_attribute_value_option_idx')
        .on('product_attribute_value')
        .columns(['option_id', 'product_id'])
        .execute();

      await db.schema
        .createTable('category_product')
        .addColumn('category_id', 'integer', (c) => c.notNull())
        .addColumn('product_id', 'integer', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('category_product_pk', ['category_id', 'product_id'])
        .execute();
      await db.schema
        .createIndex('category_product_position_idx')
        .on('category_product')
        .columns(['category_id', 'position', 'product_id'])
        .execute();
      await db.schema
        .createIndex('category_product_product_idx')
        .on('category_product')
        .columns(['product_id', 'category_id'])
        .execute();

      await db.schema
        .createTable('product_media')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('product_id', 'integer', (c) => c.notNull())
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('label', 'text', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createIndex('product_media_product_idx')
        .on('product_media')
        .columns(['product_id', 'position'])
        .execute();

      await db.schema
        .createTable('configurable_attribute')
        .addColumn('product_id', 'integer', (c) => c.notNull())
        .addColumn('attribute_code', 'text', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('configurable_attribute_pk', ['product_id', 'attribute_code'])
        .execute();

      await db.schema
        .createTable('url_rewrite')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('request_path', 'text', (c) => c.notNull().unique())
        .addColumn('target_path', 'text', (c) => c.notNull())
        .addColumn('entity_type', 'text', (c) => c.notNull())
        .addColumn('entity_id', 'integer', (c) => c.notNull())
        .addColumn('redirect_type', 'integer', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('url_rewrite_entity_idx')
        .on('url_rewrite')
        .columns(['entity_type', 'entity_id'])
        .execute();

      await db.schema
        .createTable('cms_page')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('identifier', 'text', (c) => c.notNull().unique())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('content_heading', 'text')
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('meta_title', 'text')
        .addColumn('meta_description', 'text')
        .addColumn('meta_keywords', 'text')
        .addColumn('page_layout', 'text', (c) => c.notNull())
        .addColumn('is_active', 'integer', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('cms_block')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('identifier', 'text', (c) => c.notNull().unique())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('is_active', 'integer', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('country')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('iso3', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('region')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('country_id', 'text', (c) => c.notNull())
        .addColumn('code', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('region_country_idx').on('region').column('country_id').execute();
    },
  };
}

function searchMigration(searchIndex: SearchIndex): Migration {
  return { up: (db) => searchIndex.createStructure(db) };
}

export function createMigrationProvider(searchIndex: SearchIndex): MigrationProvider {
  return {
    getMigrations() {
      return Promise.resolve({
        '0001_catalog': catalogMigration(),
        '0002_product_search': searchMigration(searchIndex),
        '0003_checkout': checkoutMigration(),
        '0004_catalog_index': catalogIndexMigration(),
        '0005_catalog_filter_index': catalogFilterIndexMigration(),
        '0006_customers': customerMigration(),
        '0007_id_sequence': idSequenceMigration(),
        '0008_rate_limit': rateLimitMigration(),
        '0009_mail_outbox': mailOutboxMigration(),
        '0010_order_token_index': orderTokenIndexMigration(),
        '0011_catalog_changed_at': catalogChangedAtMigration(),
        '0012_attribute_ids': attributeIdMigration(),
        '0013_store_views': storeViewMigration(),
        '0014_back_office': backOfficeMigration(),
        '0015_catalog_import': catalogImportMigration(),
        '0016_safe_rich_text': safeRichTextMigration(),
        '0017_audit_client_address': auditClientMigration(),
        '0018_write_probe': writeProbeMigration(),
        '0019_payments': paymentsMigration(),
        '0020_venia': veniaMigration(),
        '0021a_directory_address_rules': directoryRulesMigration(),
        '0024_search_synonyms': searchSynonymMigration(),
        '0025_payment_vault': paymentVaultMigration(),
        '0027_partial_fulfilment': partialFulfilmentMigration(),
        '0029_product_links_reviews': productLinksReviewsMigration(),
        '0031_incremental_index': incrementalIndexMigration(),
        '0035_custom_options': customOptionsMigration(),
        '0036_catalog_change_log': catalogChangeLogMigration(),
        '0037_compare_lists': compareListMigration(),
        '0039_customer_groups_tier_prices': customerGroupsMigration(),
        '0041_stripe_saved_cards': stripeSavedCardsMigration(),
        '0042_virtual_downloadable_products': downloadableProductsMigration(),
        '0043_bundle_grouped_products': bundleGroupedMigration(),
        '0044_search_terms': searchTermMigration(searchIndex),
        '0046_cart_rule_conditions_staff_orders': cartRuleConditionsMigration(),
        '0049_downloadable_purchases': downloadablePurchasesMigration(),
        '0050_attribute_management': attributeManagementMigration(),
        '0051_reports_staff': staffPasswordResetMigration(),
        '0052_search_store_fallback': searchStoreFallbackMigration(searchIndex),
      });
    },
  };
}

export async function migrateToLatest(db: UntypedDb, searchIndex: SearchIndex): Promise<string[]> {
  const migrator = new Migrator({ db, provider: createMigrationProvider(searchIndex) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(inspect(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
