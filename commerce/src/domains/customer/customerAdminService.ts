import { sql, type Kysely } from 'kysely';
import type { CustomerAddressTable, CustomerTable, Database, SalesOrderTable } from '../../db/tables';
import { inWriteTransaction } from '../../kernel/transaction';
import { recordAudit, type Actor } from '../audit';
import { isLocked, UNLOCKED, revokeAllCustomerTokens } from '../auth';
import { noSuchEntityError } from '../errors';
import { assertPaging, orderSummaries } from '../sales';

// What the back office reads and changes about customer accounts: the list with its search, one
// account with its addresses and orders, and locking an account (it cannot sign in) and
// unlocking it again.

/** A lock that does not run out: the account stays locked until staff unlock it. */
export const LOCKED_BY_STAFF_UNTIL = '9999-12-31T23:59:59.000Z';
/** How many of a customer's orders the detail lists, newest first (orderCount counts them all). */
export const CUSTOMER_ORDERS_SHOWN = 50;

export interface CustomerSummaryRecord {
  customer: CustomerTable;
  locked: boolean;
  orderCount: number;
}

export interface AdminCustomerRecord extends CustomerSummaryRecord {
  addresses: CustomerAddressTable[];
  /** Newest first, at most CUSTOMER_ORDERS_SHOWN. */
  orders: Array<{ order: SalesOrderTable; itemCount: number }>;
  /** Minor units in the base currency: every order but canceled ones, converted at its own rate. */
  lifetimeTotal: number;
  baseCurrency: string;
}

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function createCustomerAdminService(db: Kysely<Database>, now: () => Date) {
  async function orderCounts(ids: number[]): Promise<Map<number, number>> {
    if (ids.length === 0) return new Map();
    const rows = await db
      .selectFrom('sales_order')
      .select(['customer_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('customer_id', 'in', ids)
      .groupBy('customer_id')
      .execute();
    return new Map(rows.map((r) => [r.customer_id!, Number(r.n)]));
  }

  async function list(search: string | null | undefined, page: number, pageSize: number) {
    assertPaging(page, pageSize);
    const text = search?.trim().slice(0, 100) ?? '';
    let query = db.selectFrom('customer');
    if (text) {
      const pattern = likePattern(text.toLowerCase());
      // "Ada Lovelace" as typed finds Ada Lovelace: the whole name is searched as well as its parts.
      // ESCAPE spelled out: SQLite's LIKE has no escape character unless one is named.
      query = query.where(
        sql<boolean>`(lower(email) like ${pattern} escape '\\' or lower(firstname || ' ' || lastname) like ${pattern} escape '\\')`,
      );
    }
    const [rows, total] = await Promise.all([
      query
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute(),
      query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    const counts = await orderCounts(rows.map((r) => r.id));
    const at = now();
    return {
      items: rows.map((customer): CustomerSummaryRecord => ({
        customer,
        locked: isLocked(customer, at),
        orderCount: counts.get(customer.id) ?? 0,
      })),
      totalCount: Number(total.n),
    };
  }

  async function load(id: number): Promise<AdminCustomerRecord | null> {
    const customer = await db.selectFrom('customer').selectAll().where('id', '=', id).executeTakeFirst();
    if (!customer) return null;
    const [addresses, orders, totals, base] = await Promise.all([
      db.selectFrom('customer_address').selectAll().where('customer_id', '=', id).orderBy('id').execute(),
      db
        .selectFrom('sales_order')
        .selectAll()
        .where('customer_id', '=', id)
        .orderBy('id', 'desc')
        .limit(CUSTOMER_ORDERS_SHOWN)
        .execute(),
      db
        .selectFrom('sales_order')
        .select(['grand_total', 'base_to_order_rate', 'status'])
        .where('customer_id', '=', id)
        .execute(),
      db.selectFrom('store_config').select('value').where('key', '=', 'base_currency_code').executeTakeFirst(),
    ]);
    return {
      customer,
      locked: isLocked(customer, now()),
      orderCount: totals.length,
      // In the base currency, as the dashboard adds up revenue, so euros and dollars add up.
      lifetimeTotal: totals
        .filter((o) => o.status !== 'canceled')
        .reduce((sum, o) => sum + Math.round(o.grand_total / (o.base_to_order_rate || 1)), 0),
      baseCurrency: base?.value ?? 'USD',
      addresses,
      orders: await orderSummaries(db, orders),
    };
  }

  /**
   * Locks (the account cannot sign in, and every open session ends now) or unlocks (clears the
   * lock and the count of failed sign-ins). One transaction with its audit entry.
   */
  async function setLocked(id: number, lock: boolean, actor: Actor): Promise<AdminCustomerRecord> {
    const at = now();
    await inWriteTransaction(db, { actor }, async ({ db: trx }) => {
      const customer = await trx
        .selectFrom('customer')
        .select(['id', 'email', 'failures_num', 'first_failure', 'lock_expires'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (!customer) throw noSuchEntityError(`There is no customer ${id}.`);
      const before = { locked: isLocked(customer, at), lockExpires: customer.lock_expires };
      // Already as asked: nothing changes, nothing to record.
      if (
        lock
          ? customer.lock_expires === LOCKED_BY_STAFF_UNTIL
          : customer.lock_expires === null && customer.failures_num === 0
      )
        return;
      const next = lock ? { lock_expires: LOCKED_BY_STAFF_UNTIL } : { ...UNLOCKED };
      await trx
        .updateTable('customer')
        .set({ ...next, updated_at: at.toISOString() })
        .where('id', '=', id)
        .execute();
      if (lock) await revokeAllCustomerTokens(trx, id);
      await recordAudit(
        trx,
        actor,
        {
          action: lock ? 'customer.lock' : 'customer.unlock',
          entityType: 'customer',
          entityId: id,
          before,
          after: { locked: lock, lockExpires: lock ? LOCKED_BY_STAFF_UNTIL : null },
        },
        at,
      );
    });
    return (await load(id))!;
  }

  return { list, load, setLocked };
}

export type CustomerAdminService = ReturnType<typeof createCustomerAdminService>;
