import { sql } from 'kysely';
import type { Migration } from 'kysely';
import { rebuildCatalogIndexTables } from './catalogIndex';
import type { UntypedDb } from './untyped';

// Derived tables that make category pages cheap (rebuilt from the catalog tables, never edited
// by hand), and the catalog version that tells every process when its cached answers are stale.

export function catalogIndexMigration(): Migration {
  return {
    async up(db: UntypedDb) {
      await db.schema
        .createTable('category_product_index')
        .addColumn('category_id', 'integer', (c) => c.notNull())
        .addColumn('product_id', 'integer', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('price', 'integer', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('category_product_index_pk', ['category_id', 'product_id'])
        .execute();
      // One index per sort order, each ending in product_id: a page is then a short index walk and
      // counts never touch the table itself.
      await db.schema
        .createIndex('category_product_index_position_idx')
        .on('category_product_index')
        .columns(['category_id', 'position', 'product_id'])
        .execute();
      await db.schema
        .createIndex('category_product_index_price_idx')
        .on('category_product_index')
        .columns(['category_id', 'price', 'product_id'])
        .execute();
      await db.schema
        .createIndex('category_product_index_name_idx')
        .on('category_product_index')
        .columns(['category_id', 'name', 'product_id'])
        .execute();
      await db.schema
        .createIndex('category_product_index_product_idx')
        .on('category_product_index')
        .columns(['product_id', 'category_id'])
        .execute();

      await db.schema
        .createTable('category_facet_count')
        .addColumn('category_id', 'integer', (c) => c.notNull())
        .addColumn('facet', 'text', (c) => c.notNull())
        .addColumn('value', 'integer', (c) => c.notNull())
        .addColumn('product_count', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('category_facet_count_pk', ['category_id', 'facet', 'value'])
        .execute();

      await db.schema
        .createTable('catalog_version')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('version', 'integer', (c) => c.notNull())
        .execute();
      await db.insertInto('catalog_version').values({ id: 1, version: 1 }).execute();

      // A database seeded before this migration gets its index now.
      await rebuildCatalogIndexTables(db, { productStatus: false, facetValues: false });
      // Without statistics on the new tables the planner may not start from them.
      await sql`ANALYZE`.execute(db);
    },
  };
}

/** Attribute filters as a covering index scan (option ids alone would need a table read per row). */
export function catalogFilterIndexMigration(): Migration {
  return {
    async up(db: UntypedDb) {
      await db.schema
        .createIndex('product_attribute_value_filter_idx')
        .on('product_attribute_value')
        .columns(['attribute_code', 'option_id', 'product_id'])
        .execute();
      // Databases that ran the first version of 0004 lack the price histograms.
      await rebuildCatalogIndexTables(db, { productStatus: false, facetValues: false });
      await sql`ANALYZE`.execute(db);
    },
  };
}
