import type { Kysely, Migration } from 'kysely';
import type { Database } from './tables';
import type { UntypedDb } from './untyped';
import type { BACK_OFFICE_SEQUENCED_TABLES } from './backOfficeMigration';

/** Tables whose ids the application assigns from a counter row. */
export const SEQUENCED_TABLES = [
  'sales_order',
  'customer',
  'customer_address',
  'contact_message',
  'wishlist',
  'wishlist_item',
] as const;
export type SequencedTable =
  | (typeof SEQUENCED_TABLES)[number]
  | (typeof BACK_OFFICE_SEQUENCED_TABLES)[number]
  | 'search_synonym_group'
  | 'review'
  | 'compare_list'
  | 'customer_group'
  | 'tax_class'
  | 'tier_price'
  | 'product_option'
  | 'product_option_value'
  | 'bundle_option'
  | 'bundle_selection'
  | 'search_query'
  | 'downloadable_link'
  | 'downloadable_sample'
  | 'attribute'
  | 'attribute_option'
  | 'downloadable_link_purchased';

/**
 * The next id for `table`, from its counter row. Call it inside the write transaction that inserts
 * the row: the UPDATE locks the counter until commit, so concurrent transactions (other
 * connections, other server processes) get distinct ids, and a rolled-back transaction gives its
 * number back — order numbers stay unique and without gaps. `max(id) + 1` is only safe while one
 * writer at a time exists, which SQLite guarantees and PostgreSQL does not.
 */
export async function nextId(trx: Kysely<Database>, table: SequencedTable): Promise<number> {
  const row = await trx
    .updateTable('id_sequence')
    .set((eb) => ({ value: eb('value', '+', 1) }))
    .where('name', '=', table)
    .returning('value')
    .executeTakeFirstOrThrow();
  return Number(row.value);
}

/**
 * The next id of a table that other writers (the catalog import) also fill with max(id) + 1: the
 * counter's next value, moved past the table's largest id when those writers went beyond it. The
 * counter row stays locked until commit, so concurrent callers still get distinct ids.
 */
export async function nextIdAboveRows(trx: Kysely<Database>, table: 'attribute' | 'attribute_option'): Promise<number> {
  const next = await nextId(trx, table);
  const row = await trx
    .selectFrom(table)
    .select((eb) => eb.fn.max('id').as('max'))
    .executeTakeFirst();
  const taken = Number(row?.max ?? 0);
  if (next > taken) return next;
  await trx
    .updateTable('id_sequence')
    .set({ value: taken + 1 })
    .where('name', '=', table)
    .execute();
  return taken + 1;
}

export function idSequenceMigration(): Migration {
  return {
    async up(db: UntypedDb) {
      await db.schema
        .createTable('id_sequence')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('value', 'integer', (c) => c.notNull())
        .execute();
      // Existing rows keep their ids: each counter starts at its table's highest id.
      for (const table of SEQUENCED_TABLES) {
        const row = await db
          .selectFrom(table)
          .select((eb) => eb.fn.max('id').as('max'))
          .executeTakeFirst();
        await db
          .insertInto('id_sequence')
          .values({ name: table, value: Number(row?.max ?? 0) })
          .execute();
      }
    },
  };
}
