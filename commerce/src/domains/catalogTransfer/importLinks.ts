import type { Kysely } from 'kysely';
import type { Database, ProductLinkType } from '../../db/tables';
import { inWriteTransaction } from '../../kernel/transaction';
import { EMPTY_VALUE, LINK_COLUMNS, LIST_SEPARATOR } from './magentoCsvColumns';
import { MAX_LINKS_PER_TYPE, replaceProductLinks } from './productLinks';
import type { Rejection } from './importPlanner';

// Product links of Magento's CSV (related_skus, crosssell_skus, upsell_skus and their
// *_position columns). They are applied once every product row of the file is in, since a row
// may link to a product further down. A linked sku that is neither in the shop nor in the file is
// reported with its row and column, and the row's other links are imported.

/** What one row says of its links: per type, the skus in position order, or [] to clear them. */
export interface RowLinks {
  row: number;
  sku: string;
  lists: Array<{ type: ProductLinkType; column: string; skus: string[] }>;
}

/** The row's link cells; null when it has none (an empty cell keeps the stored links, as in Magento). */
export function rowLinks(row: number, sku: string, cells: Record<string, string | undefined>): RowLinks | null {
  const lists: RowLinks['lists'] = [];
  for (const { type, skus, positions } of LINK_COLUMNS) {
    const cell = (cells[skus] ?? '').trim();
    if (cell === '') continue;
    if (cell === EMPTY_VALUE) {
      lists.push({ type, column: skus, skus: [] });
      continue;
    }
    const named = cell
      .split(LIST_SEPARATOR)
      .map((s) => s.trim())
      .filter((s) => s !== '');
    const places = (cells[positions] ?? '').split(LIST_SEPARATOR).map((p) => Number(p.trim()));
    // Positions, when given for each sku, order the list; otherwise the cell's order does.
    const ordered = named
      .map((linked, i) => ({ linked, i, place: Number.isFinite(places[i]) ? (places[i] as number) : i }))
      .sort((a, b) => a.place - b.place || a.i - b.i)
      .map((e) => e.linked);
    lists.push({ type, column: skus, skus: [...new Set(ordered)].slice(0, MAX_LINKS_PER_TYPE) });
  }
  return lists.length > 0 ? { row, sku, lists } : null;
}

/**
 * Writes the links of `rows` (rows whose product was refused are left out by the caller).
 * `inFile(sku)`: the sku is a product row of the file that was accepted (in a dry run it is not
 * in the database yet). Returns the rejections: one per row, column and missing sku.
 */
export async function importLinks(
  db: Kysely<Database>,
  rows: readonly RowLinks[],
  inFile: (sku: string) => boolean,
  dryRun: boolean,
): Promise<Rejection[]> {
  const rejections: Rejection[] = [];
  const ids = new Map<string, number>();
  const wanted = [...new Set(rows.flatMap((r) => [r.sku, ...r.lists.flatMap((l) => l.skus)]))];
  for (let i = 0; i < wanted.length; i += 400)
    for (const f of await db
      .selectFrom('product')
      .select(['id', 'sku'])
      .where('sku', 'in', wanted.slice(i, i + 400))
      .execute())
      ids.set(f.sku, Number(f.id));
  const writes: Array<{ productId: number; type: ProductLinkType; linked: number[] }> = [];
  for (const r of rows) {
    const productId = ids.get(r.sku);
    for (const list of r.lists) {
      const linked: number[] = [];
      for (const sku of list.skus) {
        const id = ids.get(sku);
        if (sku === r.sku) {
          rejections.push({ row: r.row, sku: r.sku, reason: `${list.column}: a product cannot link to itself` });
        } else if (id !== undefined) linked.push(id);
        else if (!(dryRun && inFile(sku)))
          rejections.push({
            row: r.row,
            sku: r.sku,
            reason: `${list.column}: sku ${sku} is not in the shop or in the file; the other links are imported`,
          });
      }
      if (productId !== undefined) writes.push({ productId, type: list.type, linked });
    }
  }
  if (dryRun || writes.length === 0) return rejections;
  for (let i = 0; i < writes.length; i += 500)
    await inWriteTransaction(db, async (uow) => {
      for (const w of writes.slice(i, i + 500)) await replaceProductLinks(uow.db, w.productId, w.type, w.linked);
      uow.catalogChanged();
    });
  return rejections;
}
