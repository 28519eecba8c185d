import { sql, type Migration } from 'kysely';
import type { UntypedDb } from './untyped';

// Integer ids for attributes and for a configurable product's attribute links, which Magento's
// deprecated fields still carry (`ConfigurableProductOptions.attribute_id`, `.id`). Existing rows
// are numbered in their display order, which is how the demo catalog numbers new ones.
export function attributeIdMigration(): Migration {
  return {
    async up(db: UntypedDb) {
      await db.schema.alterTable('attribute').addColumn('id', 'integer').execute();
      await sql`UPDATE attribute SET id = (
        SELECT COUNT(*) FROM attribute a2
        WHERE a2.position < attribute.position OR (a2.position = attribute.position AND a2.code <= attribute.code)
      )`.execute(db);
      await db.schema.createIndex('attribute_id_idx').on('attribute').column('id').unique().execute();

      await db.schema.alterTable('configurable_attribute').addColumn('id', 'integer').execute();
      await sql`UPDATE configurable_attribute SET id = (
        SELECT COUNT(*) FROM configurable_attribute c2
        WHERE c2.product_id < configurable_attribute.product_id
          OR (c2.product_id = configurable_attribute.product_id AND (c2.position < configurable_attribute.position
            OR (c2.position = configurable_attribute.position AND c2.attribute_code <= configurable_attribute.attribute_code)))
      )`.execute(db);
      await db.schema
        .createIndex('configurable_attribute_id_idx')
        .on('configurable_attribute')
        .column('id')
        .unique()
        .execute();
    },
  };
}
