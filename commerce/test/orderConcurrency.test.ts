import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCommerce } from '../src/commerce';
import type { Commerce } from '../src/commerce';
import { addToCart, newCart, openShop, PLACE_ORDER, prepareCheckout, request, simpleProduct } from './cartHarness';
import type { Shop } from './cartHarness';

let shop: Shop;

beforeAll(async () => {
  shop = await openShop();
}, 60_000);

afterAll(async () => shop?.close());

async function readyCarts(count: number, sku: string): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const id = await newCart(shop);
    const added = await addToCart(shop, id, [{ sku, quantity: 1 }]);
    expect(added.data.addProductsToCart.user_errors).toEqual([]);
    await prepareCheckout(shop, id, { email: `buyer${i}@example.com` });
    ids.push(id);
  }
  return ids;
}

const ordersFor = (productId: number) =>
  (
    shop.sql
      .prepare('select count(distinct order_id) as n from sales_order_item where product_id = ?')
      .get(productId) as { n: number }
  ).n;
const stockOf = (id: number) =>
  shop.sql.prepare('select stock_qty, in_stock from product where id = ?').get(id) as {
    stock_qty: number;
    in_stock: number;
  };

describe('one cart placed by several requests at once', () => {
  it('makes one order, and every request answers its number', async () => {
    const product = simpleProduct(shop, { price: 1500, stock: 10, offset: 2 });
    const [cart] = await readyCarts(1, product.sku);
    const results = await Promise.all(Array.from({ length: 4 }, () => shop.gql(PLACE_ORDER, { id: cart })));
    expect(results.map((r) => r.errors)).toEqual([undefined, undefined, undefined, undefined]);
    const numbers = new Set(results.map((r) => r.data.placeOrder.orderV2?.number));
    expect(numbers.size).toBe(1);
    expect([...numbers][0]).toMatch(/^\d{9}$/);
    expect(ordersFor(product.id)).toBe(1);
    expect(stockOf(product.id).stock_qty).toBe(9);
  }, 60_000);
});

describe('buyers racing for the last units', () => {
  it('20 parallel checkouts for 5 units: exactly 5 orders, stock 0, order numbers unique', async () => {
    const product = simpleProduct(shop, { price: 1500, stock: 5 });
    const carts = await readyCarts(20, product.sku);
    const results = await Promise.all(carts.map((id) => shop.gql(PLACE_ORDER, { id })));
    const placed = results.filter((r) => r.data?.placeOrder?.orderV2);
    const refused = results.filter((r) => r.data?.placeOrder?.errors?.length);
    expect(results.every((r) => r.errors === undefined)).toBe(true);
    expect(placed).toHaveLength(5);
    expect(refused).toHaveLength(15);
    expect(new Set(refused.map((r) => r.data.placeOrder.errors[0].message))).toEqual(
      new Set(['Not all of your products are available in the requested quantity.']),
    );
    expect(new Set(placed.map((r) => r.data.placeOrder.orderV2.number)).size).toBe(5);
    expect(stockOf(product.id)).toEqual({ stock_qty: 0, in_stock: 0 });
    expect(ordersFor(product.id)).toBe(5);
  }, 60_000);

  it('two commerce instances on one database (as two server processes) never sell more than the stock', async () => {
    const product = simpleProduct(shop, { price: 1500, stock: 3, offset: 1 });
    const carts = await readyCarts(12, product.sku);
    const second: Commerce = await createCommerce({
      ...shop.database,
      mailDir: path.join(shop.dir, 'mail2'),
      seedDemo: true,
    });
    try {
      const results = await Promise.all(
        carts.map((id, i) => request(i % 2 === 0 ? shop.commerce : second, PLACE_ORDER, { id })),
      );
      expect(results.every((r) => r.errors === undefined)).toBe(true);
      const placed = results.filter((r) => r.data.placeOrder.orderV2);
      expect(placed).toHaveLength(3);
      expect(new Set(placed.map((r) => r.data.placeOrder.orderV2.number)).size).toBe(3);
      expect(stockOf(product.id)).toEqual({ stock_qty: 0, in_stock: 0 });
      expect(ordersFor(product.id)).toBe(3);
      // Every cart that lost the race is still open and unchanged; every winner is closed.
      const active = shop.sql
        .prepare(`select count(*) as n from cart where is_active = 1 and id in (${carts.map(() => '?').join(',')})`)
        .get(...carts) as { n: number };
      expect(active.n).toBe(9);
    } finally {
      await second.close();
    }
  }, 60_000);
});
