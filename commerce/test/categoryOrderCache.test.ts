// Category listings' orders kept across product saves (categoryOrderCache.ts, issue 33): patched
// from the change log, they must equal the listing query's order after every kind of change; orders
// it cannot patch (by name, or after a change the log cannot describe) are read again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/connection';
import type { DatabaseConnection } from '../src/db/connection';
import { createCategoryOrderCache, type CategorySortField } from '../src/domains/catalog/categoryOrderCache';
import { resolveProductFilters } from '../src/domains/catalog/productFilters';
import { pageOfProductIds } from '../src/domains/catalog/productSearch';
import { inWriteTransaction } from '../src/kernel/transaction';
import { encodeUid } from '../src/kernel/uids';
import { startTestCommerce } from './catalogTestServer';
import type { TestCommerce } from './catalogTestServer';

let api: TestCommerce;
let connection: DatabaseConnection;

beforeAll(async () => {
  api = await startTestCommerce();
  connection = openDatabase(api.database);
});
afterAll(async () => {
  await connection?.close();
  await api?.close();
});

const orders: Array<[CategorySortField, boolean]> = [
  ['price', false],
  ['price', true],
  ['position', false],
  ['position', true],
  ['name', false],
];

/** The listing query's order (what a page without the cache reads). */
async function listed(categoryId: number, field: CategorySortField, descending: boolean): Promise<number[]> {
  const filters = await resolveProductFilters(connection.db, { category_uid: { eq: encodeUid(categoryId) } });
  return pageOfProductIds(
    connection.db,
    connection.searchIndex,
    filters,
    null,
    { field, direction: descending ? 'DESC' : 'ASC' },
    { pageSize: 100_000, currentPage: 1 },
  );
}

describe('category order cache', () => {
  it('patches orders by price and position after product changes, and reads orders by name again', async () => {
    const { db } = connection;
    const cache = createCategoryOrderCache(db, 1_000_000);
    const [biggest, other] = await db
      .selectFrom('category_product_index')
      .select(['category_id', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('category_id')
      .orderBy('n', 'desc')
      .orderBy('category_id')
      .limit(2)
      .execute();
    const categories = [Number(biggest!.category_id), Number(other!.category_id)];
    const compare = async () => {
      for (const categoryId of categories)
        for (const [field, descending] of orders)
          expect(
            Array.from(await cache(categoryId, field, descending)),
            `${categoryId} ${field} ${descending}`,
          ).toEqual(await listed(categoryId, field, descending));
    };
    await compare();
    const loaded = cache.loads();
    expect(loaded).toBe(categories.length * orders.length);

    const members = await db
      .selectFrom('category_product_index')
      .select(['product_id', 'price', 'position'])
      .where('category_id', '=', categories[0]!)
      .orderBy('product_id')
      .execute();
    const [a, b, c, d] = [members[2]!, members[5]!, members[9]!, members[13]!];
    const outsider = await db
      .selectFrom('category_product_index')
      .select(['product_id', 'price', 'position', 'name'])
      .where('category_id', '!=', categories[1]!)
      .where('product_id', 'not in', (eb) =>
        eb.selectFrom('category_product_index').select('product_id').where('category_id', '=', categories[1]!),
      )
      .executeTakeFirstOrThrow();
    const change = (products: number[], work: (trx: typeof db) => Promise<unknown>) =>
      inWriteTransaction(db, async (uow) => {
        await work(uow.db);
        uow.catalogChanged({ products });
      });
    // A new price between others; a tie on price with another product (ties go by id); a new
    // position; a product leaving one category; one joining another; two changes in one version.
    await change([a.product_id], (trx) =>
      trx.updateTable('category_product_index').set({ price: 4321 }).where('product_id', '=', a.product_id).execute(),
    );
    await change([b.product_id], (trx) =>
      trx
        .updateTable('category_product_index')
        .set({ price: c.price })
        .where('product_id', '=', b.product_id)
        .execute(),
    );
    await compare();
    await change([c.product_id, d.product_id], async (trx) => {
      await trx
        .updateTable('category_product_index')
        .set({ position: 1 })
        .where('product_id', '=', c.product_id)
        .execute();
      await trx
        .deleteFrom('category_product_index')
        .where('product_id', '=', d.product_id)
        .where('category_id', '=', categories[0]!)
        .execute();
    });
    await change([outsider.product_id], (trx) =>
      trx
        .insertInto('category_product_index')
        .values({
          category_id: categories[1]!,
          product_id: outsider.product_id,
          price: 1,
          position: 0,
          name: outsider.name,
        })
        .execute(),
    );
    await compare();
    // Orders by price and position were patched; only those by name were read again, once per change checked.
    expect(cache.loads()).toBe(loaded + 2 * categories.length);

    // A change the log cannot describe: every order is read again.
    const before = cache.loads();
    await inWriteTransaction(db, async (uow) => uow.catalogChanged());
    await compare();
    expect(cache.loads()).toBe(before + categories.length * orders.length);
  });
});
