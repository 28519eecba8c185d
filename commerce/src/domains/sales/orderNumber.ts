import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import { nextId } from '../../db/idSequence';

/**
 * Next order id and its number; only called inside the write transaction that inserts the order,
 * so numbers are unique and gapless across connections and server processes.
 */
export async function nextOrderNumber(trx: Kysely<Database>): Promise<{ id: number; number: string }> {
  const id = await nextId(trx, 'sales_order');
  return { id, number: String(id).padStart(9, '0') };
}
