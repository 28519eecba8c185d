import { sql } from 'kysely';
import type { Migration } from 'kysely';
import type { UntypedDb } from './untyped';

/**
 * product_facet_value: the attribute options of each listed product as the facet counts last
 * counted them, so a product save can take its old share out of category_facet_count without a
 * whole rebuild (issue 33). Derived, like category_product_index; filled here from the catalog.
 */
export function incrementalIndexMigration(): Migration {
  return {
    async up(db: UntypedDb) {
      await db.schema
        .createTable('product_facet_value')
        .addColumn('product_id', 'integer', (c) => c.notNull())
        .addColumn('attribute_code', 'text', (c) => c.notNull())
        .addColumn('option_id', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('product_facet_value_pk', ['product_id', 'attribute_code', 'option_id'])
        .execute();
      await sql`
        INSERT INTO product_facet_value (product_id, attribute_code, option_id)
        SELECT v.product_id, v.attribute_code, v.option_id
        FROM product_attribute_value v
        WHERE v.product_id IN (SELECT DISTINCT product_id FROM category_product_index)
      `.execute(db);
    },
  };
}
