import type { Migration } from 'kysely';
import { sanitiseHtml } from '../kernel/safeHtml';
import type { UntypedDb } from './untyped';

// Product and category descriptions were stored as they came, from the import and the back
// office, and the storefront renders them in its page: a <meta http-equiv=refresh> sent shoppers
// away, a <style> blanked the page. Every write now stores what the rich-text sanitiser returns;
// this cleans what was stored before, in every store view. Rows are read a page at a time by key
// (constant memory on a large catalog) and only those the sanitiser changes are written.

const PAGE = 500;

interface RichTextTable {
  table: string;
  /** The primary key, in order. */
  key: readonly string[];
  columns: readonly string[];
}

const RICH_TEXT: readonly RichTextTable[] = [
  { table: 'product', key: ['id'], columns: ['description', 'short_description'] },
  { table: 'product_store', key: ['store_id', 'product_id'], columns: ['description', 'short_description'] },
  { table: 'category', key: ['id'], columns: ['description'] },
  { table: 'category_store', key: ['store_id', 'category_id'], columns: ['description'] },
];

type Row = Record<string, unknown>;

async function cleanTable(db: UntypedDb, { table, key, columns }: RichTextTable): Promise<void> {
  let after: Row | null = null;
  for (;;) {
    let query = db
      .selectFrom(table)
      .select([...key, ...columns])
      .limit(PAGE);
    for (const k of key) query = query.orderBy(k);
    if (after) {
      const last: Row = after;
      // (k1, k2) > (v1, v2), written out: both engines, no row-value syntax needed.
      query = query.where((eb) =>
        eb.or(
          key.map((k, i) => eb.and([...key.slice(0, i).map((prev) => eb(prev, '=', last[prev])), eb(k, '>', last[k])])),
        ),
      );
    }
    const rows: Row[] = await query.execute();
    if (rows.length === 0) return;
    for (const row of rows) {
      const changes: Row = {};
      for (const column of columns) {
        const value = row[column];
        if (typeof value !== 'string') continue;
        const clean = sanitiseHtml(value).html;
        if (clean !== value) changes[column] = clean;
      }
      if (Object.keys(changes).length === 0) continue;
      let update = db.updateTable(table).set(changes);
      for (const k of key) update = update.where(k, '=', row[k]);
      await update.execute();
    }
    after = rows[rows.length - 1]!;
  }
}

export function safeRichTextMigration(): Migration {
  return {
    async up(db: UntypedDb) {
      for (const table of RICH_TEXT) await cleanTable(db, table);
    },
  };
}
