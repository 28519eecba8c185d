import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';

/** Next order id and its number; only called inside the write transaction that inserts the order. */
export async function nextOrderNumber(trx: Kysely<Database>): Promise<{ id: number; number: string }> {
  const row = await trx.selectFrom('sales_order').select((eb) => eb.fn.max('id').as('max')).executeTakeFirst();
  const id = Number(row?.max ?? 0) + 1;
  return { id, number: String(id).padStart(9, '0') };
}
