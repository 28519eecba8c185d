import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { CompareListTable, Database, ProductTable } from '../../db/tables';
import { nextId } from '../../db/idSequence';
import { lockedForWrite } from '../../db/rowLocks';
import { inWriteTransaction } from '../../kernel/transaction';
import { RATE_RULES, type RateLimiter } from '../../kernel/rateLimiter';
import { authorizationError, inputError } from '../errors';

// Magento's compare lists (CompareListGraphQl): a guest's list is reached by its secret uid alone;
// a signed-in customer has one list, which createCompareList reuses. A list that belongs to a
// customer answers to that customer only. Products are named by their numeric ids, as in Magento.

/** More than this many products side by side is no longer a comparison, and bounds a guest's row count. */
export const MAX_COMPARE_ITEMS = 10;
const MAX_UID_LENGTH = 64;
/** A guest's list nobody changed for this long is deleted (a guest cart's usual lifetime). */
export const GUEST_LIST_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Lists deleted per statement by the clean-up, so it never holds the write lock for long. */
const SWEEP_BATCH = 500;

export interface CompareListView {
  list: CompareListTable;
  /** The list's products a shopper may see (enabled, visible), in the order they were added. */
  products: ProductTable[];
}

export const compareListTooLong = () =>
  inputError(`A compare list holds at most ${MAX_COMPARE_ITEMS} products; remove one to add another.`);
const listNotFound = (uid: string) => inputError(`The compare list "${uid}" does not exist.`);
const notYours = (uid: string) => authorizationError(`The current user cannot use the compare list "${uid}".`);

/** The uid as sent, trimmed; a clear error for one that cannot be a list's. */
function checkedUid(uid: string): string {
  const text = String(uid).trim();
  if (text === '') throw inputError('Specify the "uid" of the compare list.');
  if (text.length > MAX_UID_LENGTH || !/^[\w-]+$/.test(text)) throw listNotFound(text);
  return text;
}

/** Product ids as sent: whole positive numbers, each once, in the order given. */
function checkedProductIds(ids: ReadonlyArray<string | number | null | undefined>): number[] {
  const result: number[] = [];
  for (const id of ids) {
    const text = String(id ?? '').trim();
    if (!/^\d{1,15}$/.test(text) || Number(text) === 0) throw inputError(`"${text}" is not a product id.`);
    if (!result.includes(Number(text))) result.push(Number(text));
  }
  if (result.length > MAX_COMPARE_ITEMS) throw compareListTooLong();
  return result;
}

/** Deletes a customer's compare list with its items, in the caller's transaction (the account is deleted). */
export async function deleteCustomerCompareList(db: Kysely<Database>, customerId: number): Promise<void> {
  const lists = db.selectFrom('compare_list').select('id').where('customer_id', '=', customerId);
  await db.deleteFrom('compare_list_item').where('list_id', 'in', lists).execute();
  await db.deleteFrom('compare_list').where('customer_id', '=', customerId).execute();
}

export function createCompareListService(db: Kysely<Database>, now: () => Date, rateLimits: RateLimiter) {
  async function view(list: CompareListTable): Promise<CompareListView> {
    const rows = await db
      .selectFrom('compare_list_item as i')
      .innerJoin('product as p', 'p.id', 'i.product_id')
      .selectAll('p')
      .where('i.list_id', '=', list.id)
      .where('p.status', '=', 1)
      .where('p.visibility', '=', 4)
      .orderBy('i.position')
      .execute();
    return { list, products: rows.map(({ status: _status, ...product }) => product) };
  }

  /** The list by uid, refused when it is another customer's (or a customer's, to a guest). */
  async function accessible(
    trx: Kysely<Database>,
    uid: string,
    customerId: number | null,
  ): Promise<CompareListTable | undefined> {
    const list = await lockedForWrite(
      trx,
      trx.selectFrom('compare_list').selectAll().where('uid', '=', uid),
    ).executeTakeFirst();
    if (list && list.customer_id !== null && list.customer_id !== customerId) throw notYours(uid);
    return list;
  }

  /** Adds the products the list lacks, in order; all of them or, with an error, none. */
  async function addTo(trx: Kysely<Database>, list: CompareListTable, productIds: number[]): Promise<void> {
    if (productIds.length > 0) {
      const shown = await trx
        .selectFrom('product')
        .select('id')
        .where('id', 'in', productIds)
        .where('status', '=', 1)
        .where('visibility', '=', 4)
        .execute();
      const missing = productIds.find((id) => !shown.some((p) => p.id === id));
      if (missing !== undefined)
        throw inputError(`The product "${missing}" cannot be compared: there is no such product.`);
    }
    const present = await trx
      .selectFrom('compare_list_item')
      .select(['product_id', 'position'])
      .where('list_id', '=', list.id)
      .execute();
    const added = productIds.filter((id) => !present.some((p) => p.product_id === id));
    if (present.length + added.length > MAX_COMPARE_ITEMS) throw compareListTooLong();
    let position = present.reduce((max, p) => Math.max(max, p.position), 0);
    for (const productId of added)
      await trx
        .insertInto('compare_list_item')
        .values({ list_id: list.id, product_id: productId, position: ++position })
        .execute();
    await trx.updateTable('compare_list').set({ updated_at: now().toISOString() }).where('id', '=', list.id).execute();
  }

  async function insertList(trx: Kysely<Database>, customerId: number | null): Promise<CompareListTable> {
    const list: CompareListTable = {
      id: await nextId(trx, 'compare_list'),
      uid: randomBytes(24).toString('base64url'),
      customer_id: customerId,
      updated_at: now().toISOString(),
    };
    await trx.insertInto('compare_list').values(list).execute();
    return list;
  }

  const customerList = (trx: Kysely<Database>, customerId: number) =>
    lockedForWrite(
      trx,
      trx.selectFrom('compare_list').selectAll().where('customer_id', '=', customerId),
    ).executeTakeFirst();

  return {
    /** compareList(uid): null for an unknown uid, refused for another customer's list. */
    async byUid(uid: string, customerId: number | null): Promise<CompareListView | null> {
      const list = await accessible(db, checkedUid(uid), customerId);
      return list ? view(list) : null;
    },

    /** Customer.compare_list: the customer's list, or null before there is one. */
    async forCustomer(customerId: number): Promise<CompareListView | null> {
      const list = await db
        .selectFrom('compare_list')
        .selectAll()
        .where('customer_id', '=', customerId)
        .executeTakeFirst();
      return list ? view(list) : null;
    },

    /** A new guest list, or the customer's one list (made on first use) with the products added. */
    async create(
      customerId: number | null,
      products: ReadonlyArray<string | number | null | undefined>,
      client: string,
    ): Promise<CompareListView> {
      const productIds = checkedProductIds(products);
      // Only a guest's call makes a new row each time; a customer's reuses the one list.
      if (customerId === null && client !== 'unknown')
        await rateLimits.consume(RATE_RULES.compareListPerClient, client);
      const list = await inWriteTransaction(db, async ({ db: trx }) => {
        // A second first add in parallel meets the unique index and is retried, finding this list.
        const list =
          (customerId === null ? undefined : await customerList(trx, customerId)) ??
          (await insertList(trx, customerId));
        await addTo(trx, list, productIds);
        return list;
      });
      return view(list);
    },

    async add(
      uid: string,
      customerId: number | null,
      products: ReadonlyArray<string | number | null | undefined>,
    ): Promise<CompareListView> {
      const id = checkedUid(uid);
      const productIds = checkedProductIds(products);
      const list = await inWriteTransaction(db, async ({ db: trx }) => {
        const list = await accessible(trx, id, customerId);
        if (!list) throw listNotFound(id);
        await addTo(trx, list, productIds);
        return list;
      });
      return view(list);
    },

    async remove(
      uid: string,
      customerId: number | null,
      products: ReadonlyArray<string | number | null | undefined>,
    ): Promise<CompareListView> {
      const id = checkedUid(uid);
      const productIds = checkedProductIds(products);
      const list = await inWriteTransaction(db, async ({ db: trx }) => {
        const list = await accessible(trx, id, customerId);
        if (!list) throw listNotFound(id);
        if (productIds.length > 0)
          await trx
            .deleteFrom('compare_list_item')
            .where('list_id', '=', list.id)
            .where('product_id', 'in', productIds)
            .execute();
        await trx
          .updateTable('compare_list')
          .set({ updated_at: now().toISOString() })
          .where('id', '=', list.id)
          .execute();
        return list;
      });
      return view(list);
    },

    /**
     * Deletes guests' lists nobody changed for `days` days, with their items, a batch at a time;
     * answers how many went. Customers' lists stay with their accounts.
     */
    async deleteStaleGuestLists(days: number = GUEST_LIST_DAYS): Promise<number> {
      const before = new Date(now().getTime() - days * DAY_MS).toISOString();
      let deleted = 0;
      for (;;) {
        const gone = await inWriteTransaction(db, async ({ db: trx }) => {
          const stale = await trx
            .selectFrom('compare_list')
            .select('id')
            .where('customer_id', 'is', null)
            .where('updated_at', '<', before)
            .orderBy('updated_at')
            .limit(SWEEP_BATCH)
            .execute();
          const ids = stale.map((list) => list.id);
          if (ids.length === 0) return 0;
          await trx.deleteFrom('compare_list_item').where('list_id', 'in', ids).execute();
          // Checked again: a list changed since it was read stays.
          const result = await trx
            .deleteFrom('compare_list')
            .where('id', 'in', ids)
            .where('customer_id', 'is', null)
            .where('updated_at', '<', before)
            .executeTakeFirst();
          return Number(result.numDeletedRows);
        });
        deleted += gone;
        if (gone < SWEEP_BATCH) return deleted;
      }
    },

    /** Deletes the list; false when there is none by that uid. */
    async delete(uid: string, customerId: number | null): Promise<boolean> {
      const id = checkedUid(uid);
      return inWriteTransaction(db, async ({ db: trx }) => {
        const list = await accessible(trx, id, customerId);
        if (!list) return false;
        await trx.deleteFrom('compare_list_item').where('list_id', '=', list.id).execute();
        await trx.deleteFrom('compare_list').where('id', '=', list.id).execute();
        return true;
      });
    },

    /**
     * Gives a guest's list to the customer. A customer who already has a list keeps it, and the
     * guest's products join it as far as the size limit allows (the first ones first); the guest's
     * list is then deleted, so its uid no longer opens anything.
     */
    async assign(uid: string, customerId: number): Promise<CompareListView | null> {
      const id = checkedUid(uid);
      const list = await inWriteTransaction(db, async ({ db: trx }) => {
        const guest = await accessible(trx, id, customerId);
        if (!guest) return null;
        if (guest.customer_id === customerId) return guest;
        const own = await customerList(trx, customerId);
        if (!own) {
          await trx
            .updateTable('compare_list')
            .set({ customer_id: customerId, updated_at: now().toISOString() })
            .where('id', '=', guest.id)
            .execute();
          return { ...guest, customer_id: customerId };
        }
        const itemsOf = (listId: number) =>
          trx
            .selectFrom('compare_list_item as i')
            .innerJoin('product as p', 'p.id', 'i.product_id')
            .select('i.product_id')
            .where('i.list_id', '=', listId)
            .where('p.status', '=', 1)
            .where('p.visibility', '=', 4)
            .orderBy('i.position')
            .execute();
        const guestItems = await itemsOf(guest.id);
        const ownItems = await itemsOf(own.id);
        const room = Math.max(0, MAX_COMPARE_ITEMS - ownItems.length);
        const joining = guestItems
          .map((i) => i.product_id)
          .filter((productId) => !ownItems.some((o) => o.product_id === productId))
          .slice(0, room);
        await addTo(trx, own, joining);
        await trx.deleteFrom('compare_list_item').where('list_id', '=', guest.id).execute();
        await trx.deleteFrom('compare_list').where('id', '=', guest.id).execute();
        return own;
      });
      return list ? view(list) : null;
    },
  };
}

export type CompareListService = ReturnType<typeof createCompareListService>;
