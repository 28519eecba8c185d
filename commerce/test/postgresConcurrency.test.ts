// Races that SQLite never shows (it has one writer at a time) but PostgreSQL does: many
// connections and two commerce instances (as two server processes) writing at once. Runs on both
// engines; on the commerce-postgres project it is the proof that the PostgreSQL port holds.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCommerce } from '../src/commerce';
import type { Commerce } from '../src/commerce';
import {
  addToCart,
  newCart,
  openShop,
  PLACE_ORDER,
  prepareCheckout,
  readCart,
  request,
  simpleProduct,
} from './cartHarness';
import type { Shop } from './cartHarness';
import { testEngine } from './postgresTestDatabase';

let shop: Shop;
let second: Commerce;

beforeAll(async () => {
  shop = await openShop();
  second = await createCommerce({ ...shop.database, mailDir: path.join(shop.dir, 'mail2') });
}, 60_000);

afterAll(async () => {
  await second?.close();
  await shop?.close();
});

const CREATE_CUSTOMER = `mutation($input: CustomerCreateInput!) { createCustomerV2(input: $input) { customer { email } } }`;

async function readyCart(sku: string, email: string): Promise<string> {
  const id = await newCart(shop);
  const added = await addToCart(shop, id, [{ sku, quantity: 1 }]);
  expect(added.data.addProductsToCart.user_errors).toEqual([]);
  await prepareCheckout(shop, id, { email });
  return id;
}

describe('the engine under test', () => {
  it('is the one the project asked for', () => {
    if (testEngine() === 'postgres') expect(shop.database.databaseUrl).toMatch(/^postgres:\/\//);
    else expect(shop.database.sqlitePath).toMatch(/\.db$/);
  });
});

describe('concurrent writers', () => {
  it('orders for different products placed at once on two instances get unique, consecutive numbers', async () => {
    const before = (shop.sql.prepare('select count(*) as n from sales_order').get() as { n: number }).n;
    const products = Array.from({ length: 8 }, (_, i) =>
      simpleProduct(shop, { price: 1000 + i, stock: 10, offset: 2 + i }),
    );
    const carts = await Promise.all(products.map((p, i) => readyCart(p.sku, `different${i}@example.com`)));
    const results = await Promise.all(
      carts.map((id, i) => request(i % 2 === 0 ? shop.commerce : second, PLACE_ORDER, { id })),
    );
    expect(results.map((r) => r.errors)).toEqual(results.map(() => undefined));
    expect(results.map((r) => r.data.placeOrder.errors)).toEqual(results.map(() => []));
    const numbers = results.map((r) => Number(r.data.placeOrder.orderV2.number)).sort((a, b) => a - b);
    expect(numbers).toEqual(numbers.map((_, i) => before + 1 + i));
    for (const p of products)
      expect(
        (shop.sql.prepare('select stock_qty from product where id = ?').get(p.id) as { stock_qty: number }).stock_qty,
      ).toBe(9);
  }, 60_000);

  it('one cart placed four times at once on two instances makes exactly one order, which every attempt answers', async () => {
    const product = simpleProduct(shop, { price: 2500, stock: 10, offset: 12 });
    const id = await readyCart(product.sku, 'twice@example.com');
    const results = await Promise.all(
      [shop.commerce, second, shop.commerce, second].map((c) => request(c, PLACE_ORDER, { id })),
    );
    expect(results.map((r) => r.errors)).toEqual(results.map(() => undefined));
    // placeOrder is idempotent (issue 30): every attempt answers the one order the cart became.
    const numbers = results.map((r) => r.data.placeOrder.orderV2?.number);
    expect(numbers[0]).toBeTruthy();
    expect(new Set(numbers)).toEqual(new Set([numbers[0]]));
    expect(
      (shop.sql.prepare('select stock_qty from product where id = ?').get(product.id) as { stock_qty: number })
        .stock_qty,
    ).toBe(9);
    expect(shop.sql.prepare('select count(*) as n from sales_order where cart_id = ?').get(id)).toEqual({ n: 1 });
  }, 60_000);

  it('products added to one cart at once on two instances all become lines', async () => {
    const products = Array.from({ length: 6 }, (_, i) => simpleProduct(shop, { price: 500, stock: 5, offset: 20 + i }));
    const id = await newCart(shop);
    const results = await Promise.all(
      products.map((p, i) =>
        request(
          i % 2 === 0 ? shop.commerce : second,
          'mutation($id: String!, $items: [CartItemInput!]!) { addProductsToCart(cartId: $id, cartItems: $items) { user_errors { code } } }',
          { id, items: [{ sku: p.sku, quantity: 1 }] },
        ),
      ),
    );
    expect(results.map((r) => r.errors ?? r.data.addProductsToCart.user_errors)).toEqual(results.map(() => []));
    const cart = await readCart(shop, id);
    expect(cart.items.map((i: any) => i.product.sku).sort()).toEqual(products.map((p) => p.sku).sort());
  }, 60_000);

  it('sign-ups at once on two instances each get an account; the same e-mail twice gets one', async () => {
    const input = (email: string) => ({
      input: { firstname: 'Ada', lastname: 'Lovelace', email, password: 'Correct-Horse-9' },
    });
    const distinct = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        request(i % 2 === 0 ? shop.commerce : second, CREATE_CUSTOMER, input(`parallel${i}@example.com`)),
      ),
    );
    expect(distinct.map((r) => r.errors)).toEqual(distinct.map(() => undefined));
    const ids = shop.sql.prepare(`select id from customer where email like 'parallel%'`).all() as Array<{ id: number }>;
    expect(new Set(ids.map((r) => r.id)).size).toBe(6);

    const same = await Promise.all(
      [shop.commerce, second].map((c) => request(c, CREATE_CUSTOMER, input('same@example.com'))),
    );
    expect(same.filter((r) => r.data?.createCustomerV2?.customer)).toHaveLength(1);
    expect(same.flatMap((r) => r.errors ?? []).map((e) => e.message)).toEqual([
      'A customer with the same email address already exists in an associated website.',
    ]);
    expect(shop.sql.prepare(`select count(*) as n from customer where email = 'same@example.com'`).get()).toEqual({
      n: 1,
    });
  }, 60_000);
});

describe('search', () => {
  const names = async (text: string) =>
    (
      (await shop.gql(`{ products(search: "${text}", pageSize: 40) { items { name } } }`)).data.products
        .items as Array<{ name: string }>
    ).map((i) => i.name.toLowerCase());

  it('matches prefixes, ranks name hits above description hits, ignores diacritics', async () => {
    const jackets = await names('jack');
    const inName = jackets.map((n) => n.includes('jacket'));
    expect(inName.filter(Boolean).length).toBeGreaterThan(0);
    expect(inName.length).toBeGreaterThan(inName.filter(Boolean).length);
    // Every name hit comes before the first product found through its description only.
    expect(inName.indexOf(false)).toBe(inName.filter(Boolean).length);
    expect(await names('jäcket')).toEqual(await names('jacket'));
  });
});
