import { sql, type CreateTableBuilder, type Migration } from 'kysely';
import type { UntypedDb } from './untyped';

// Store views, their currencies and their own catalog and CMS texts. A shop migrated from a
// single store gets one store view (id 1) made from its store_config, so nothing it serves changes.
// Carts, orders and url rewrites gain the store they belong to; existing rows belong to store 1.

type TableBuilder = CreateTableBuilder<string, string>;
const textColumns = (table: TableBuilder, columns: readonly string[]): TableBuilder =>
  columns.reduce<TableBuilder>((t, column) => t.addColumn(column, 'text'), table);

export function storeViewMigration(): Migration {
  return {
    async up(db: UntypedDb) {
      await db.schema
        .createTable('store_view')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('code', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('locale', 'text', (c) => c.notNull())
        .addColumn('default_display_currency_code', 'text', (c) => c.notNull())
        .addColumn('allowed_currency_codes', 'text', (c) => c.notNull())
        .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      await db.schema
        .createTable('store_view_config')
        .addColumn('store_id', 'integer', (c) => c.notNull())
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('value', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('store_view_config_pk', ['store_id', 'key'])
        .execute();
      await db.schema
        .createTable('currency_rate')
        .addColumn('currency_from', 'text', (c) => c.notNull())
        .addColumn('currency_to', 'text', (c) => c.notNull())
        .addColumn('rate', 'double precision', (c) => c.notNull())
        .addPrimaryKeyConstraint('currency_rate_pk', ['currency_from', 'currency_to'])
        .execute();

      await textColumns(
        db.schema
          .createTable('product_store')
          .addColumn('product_id', 'integer', (c) => c.notNull())
          .addColumn('store_id', 'integer', (c) => c.notNull()),
        ['name', 'url_key', 'description', 'short_description', 'meta_title', 'meta_description'],
      )
        .addPrimaryKeyConstraint('product_store_pk', ['store_id', 'product_id'])
        .execute();
      await db.schema
        .createIndex('product_store_url_key_idx')
        .on('product_store')
        .columns(['store_id', 'url_key'])
        .execute();
      await textColumns(
        db.schema
          .createTable('category_store')
          .addColumn('category_id', 'integer', (c) => c.notNull())
          .addColumn('store_id', 'integer', (c) => c.notNull()),
        ['name', 'url_key', 'url_path', 'description', 'meta_title', 'meta_description'],
      )
        .addPrimaryKeyConstraint('category_store_pk', ['store_id', 'category_id'])
        .execute();
      await textColumns(
        db.schema
          .createTable('cms_page_store')
          .addColumn('page_id', 'integer', (c) => c.notNull())
          .addColumn('store_id', 'integer', (c) => c.notNull()),
        ['title', 'content_heading', 'content', 'meta_title', 'meta_description', 'meta_keywords'],
      )
        .addPrimaryKeyConstraint('cms_page_store_pk', ['store_id', 'page_id'])
        .execute();
      await textColumns(
        db.schema
          .createTable('cms_block_store')
          .addColumn('block_id', 'integer', (c) => c.notNull())
          .addColumn('store_id', 'integer', (c) => c.notNull()),
        ['title', 'content'],
      )
        .addPrimaryKeyConstraint('cms_block_store_pk', ['store_id', 'block_id'])
        .execute();
      await db.schema
        .createTable('attribute_store')
        .addColumn('attribute_code', 'text', (c) => c.notNull())
        .addColumn('store_id', 'integer', (c) => c.notNull())
        .addColumn('label', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('attribute_store_pk', ['store_id', 'attribute_code'])
        .execute();
      await db.schema
        .createTable('attribute_option_store')
        .addColumn('option_id', 'integer', (c) => c.notNull())
        .addColumn('store_id', 'integer', (c) => c.notNull())
        .addColumn('label', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('attribute_option_store_pk', ['store_id', 'option_id'])
        .execute();

      // A request path is unique within its store: the same address may mean different pages in
      // two stores. The column constraint cannot be dropped on SQLite, so the table is rebuilt.
      await db.schema
        .createTable('url_rewrite_by_store')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('request_path', 'text', (c) => c.notNull())
        .addColumn('target_path', 'text', (c) => c.notNull())
        .addColumn('entity_type', 'text', (c) => c.notNull())
        .addColumn('entity_id', 'integer', (c) => c.notNull())
        .addColumn('redirect_type', 'integer', (c) => c.notNull())
        .addColumn('store_id', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      await sql`INSERT INTO url_rewrite_by_store (id, request_path, target_path, entity_type, entity_id, redirect_type, store_id)
        SELECT id, request_path, target_path, entity_type, entity_id, redirect_type, 1 FROM url_rewrite`.execute(db);
      await db.schema.dropTable('url_rewrite').execute();
      await db.schema.alterTable('url_rewrite_by_store').renameTo('url_rewrite').execute();
      await db.schema
        .createIndex('url_rewrite_store_path_idx')
        .on('url_rewrite')
        .columns(['request_path', 'store_id'])
        .unique()
        .execute();
      await db.schema
        .createIndex('url_rewrite_entity_store_idx')
        .on('url_rewrite')
        .columns(['entity_type', 'entity_id', 'store_id'])
        .execute();

      await db.schema
        .alterTable('cart')
        .addColumn('store_id', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      await db.schema
        .alterTable('sales_order')
        .addColumn('store_id', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      await db.schema
        .alterTable('sales_order')
        .addColumn('base_currency', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema
        .alterTable('sales_order')
        .addColumn('base_to_order_rate', 'double precision', (c) => c.notNull().defaultTo(1))
        .execute();
      await sql`UPDATE sales_order SET base_currency = currency`.execute(db);

      // An existing shop keeps serving what it served: its one store becomes store view 1.
      const stored = await db.selectFrom('store_config').select(['key', 'value']).execute();
      if (stored.length > 0) {
        const config = Object.fromEntries(stored.map((r: { key: string; value: string }) => [r.key, r.value]));
        const currency = config.default_display_currency_code ?? config.base_currency_code ?? 'USD';
        await db
          .insertInto('store_view')
          .values({
            id: 1,
            code: config.store_code ?? 'default',
            name: config.store_name ?? 'Default Store View',
            locale: config.locale ?? 'en_US',
            default_display_currency_code: currency,
            allowed_currency_codes: currency,
            sort_order: 0,
            is_active: 1,
          })
          .execute();
        const base = config.base_currency_code ?? 'USD';
        await db.insertInto('currency_rate').values({ currency_from: base, currency_to: base, rate: 1 }).execute();
      }
    },
  };
}
