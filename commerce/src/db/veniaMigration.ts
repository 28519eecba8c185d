import type { Migration } from 'kysely';
import type { UntypedDb } from './untyped';

// What Magento clients such as Venia read beyond Magento 2.4.7's core:
// - search terms the shop knows (Magento's search_query): how often each was searched for, and
//   the address a search for it goes to instead of the results;
// - gift messages, Magento Open Source's: on a cart and on each cart line, then on the order and
//   its lines, as JSON `{ to, from, message }`.
export function veniaMigration(): Migration {
  return {
    async up(db: UntypedDb) {
      await db.schema
        .createTable('search_term')
        .addColumn('store_id', 'integer', (c) => c.notNull())
        .addColumn('query_text', 'text', (c) => c.notNull())
        .addColumn('redirect', 'text')
        .addColumn('popularity', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('search_term_pk', ['store_id', 'query_text'])
        .execute();
      for (const table of ['cart', 'cart_item', 'sales_order', 'sales_order_item'])
        await db.schema.alterTable(table).addColumn('gift_message', 'text').execute();
    },
  };
}
