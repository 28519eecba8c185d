import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import { inputError } from '../errors';
import type { StoredOrder } from '../sales';

export interface CustomerOrdersArgs {
  filter?: { number?: { eq?: string | null; in?: Array<string | null> | null; match?: string | null } | null } | null;
  currentPage?: number | null;
  pageSize?: number | null;
  sort?: { sort_field: 'NUMBER' | 'CREATED_AT'; sort_direction: 'ASC' | 'DESC' } | null;
}

export interface CustomerOrdersPage {
  items: StoredOrder[];
  total_count: number;
  page_info: { current_page: number; page_size: number; total_pages: number };
}

/** Only this customer's orders, newest first unless sorted otherwise; lines loaded in one query. */
export async function listCustomerOrders(
  db: Kysely<Database>,
  customerId: number,
  args: CustomerOrdersArgs,
): Promise<CustomerOrdersPage> {
  const currentPage = args.currentPage ?? 1;
  const pageSize = args.pageSize ?? 20;
  if (currentPage < 1) throw inputError('currentPage value must be greater than 0.');
  if (pageSize < 1) throw inputError('pageSize value must be greater than 0.');

  let query = db.selectFrom('sales_order').where('customer_id', '=', customerId);
  const number = args.filter?.number;
  if (number?.eq) query = query.where('number', '=', number.eq);
  const listed = number?.in?.filter((n): n is string => typeof n === 'string');
  if (listed) query = query.where('number', 'in', listed.length > 0 ? listed : ['']);
  // Order numbers are digits: dropping LIKE wildcards is simpler than an ESCAPE clause per engine.
  const fragment = number?.match?.replace(/[%_\\]/g, '');
  if (fragment) query = query.where('number', 'like', `%${fragment}%`);

  const total = Number((await query.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst())?.n ?? 0);
  const totalPages = Math.ceil(total / pageSize);
  if (totalPages > 0 && currentPage > totalPages) {
    throw inputError(`currentPage value ${currentPage} specified is greater than the ${totalPages} page(s) available.`);
  }
  const direction = args.sort?.sort_direction === 'ASC' ? 'asc' : 'desc';
  const column = args.sort?.sort_field === 'NUMBER' ? 'number' : 'created_at';
  const orders = await query
    .selectAll()
    .orderBy(column, direction)
    .orderBy('id', direction)
    .limit(pageSize)
    .offset((currentPage - 1) * pageSize)
    .execute();
  const lines =
    orders.length === 0
      ? []
      : await db
          .selectFrom('sales_order_item')
          .selectAll()
          .where(
            'order_id',
            'in',
            orders.map((o) => o.id),
          )
          .orderBy('order_id')
          .orderBy('line')
          .execute();
  return {
    items: orders.map((order) => ({ order, items: lines.filter((l) => l.order_id === order.id) })),
    total_count: total,
    page_info: { current_page: currentPage, page_size: pageSize, total_pages: totalPages },
  };
}

export function createCustomerOrderService(db: Kysely<Database>) {
  return {
    list: (customerId: number, args: CustomerOrdersArgs) => listCustomerOrders(db, customerId, args),
    /** Every order of the customer on one page (Magento's older `customerOrders` does not page). */
    all: async (customerId: number) => {
      const { total_count } = await listCustomerOrders(db, customerId, { pageSize: 1 });
      return listCustomerOrders(db, customerId, { pageSize: Math.max(1, total_count) });
    },
  };
}

export type CustomerOrderService = ReturnType<typeof createCustomerOrderService>;
