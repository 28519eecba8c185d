import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADDRESS_CA,
  addToCart,
  CART_FIELDS,
  newCart,
  openShop,
  readCart,
  setShippingAddress,
  simpleProduct,
} from './cartHarness';
import type { Fixture, Shop } from './cartHarness';

// Pricing a cart takes the shop's settings (rules, carriers, rates, titles, payment switches)
// from a cache kept per catalog version (domains/cart/pricingSettings.ts). These tests change the
// settings through a second connection, as another process or the back office would.

let shop: Shop;
let mug: Fixture;

beforeAll(async () => {
  shop = await openShop();
  mug = simpleProduct(shop, { price: 2500, stock: 100 });
});
afterAll(() => shop.close());

/** What the back office's unit of work does after every change a shopper can see (here, from outside). */
function catalogChangedElsewhere(): void {
  shop.sql.prepare('update catalog_version set version = version + 1 where id = 1').run();
}

async function statementsOf(query: string, variables: Record<string, unknown>): Promise<number> {
  const response = await shop.commerce.fetch(
    new Request('http://localhost/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query, variables }),
    }),
  );
  const body = (await response.json()) as { errors?: unknown };
  expect(body.errors).toBeUndefined();
  return Number(response.headers.get('x-query-count'));
}

const statementsOfCartRead = (cartId: string) =>
  statementsOf(`query($id: String!) { cart(cart_id: $id) { ${CART_FIELDS} } }`, { id: cartId });

async function cartWithAddress(quantity: number): Promise<string> {
  const id = await newCart(shop);
  expect((await addToCart(shop, id, [{ sku: mug.sku, quantity }])).errors).toBeUndefined();
  expect((await setShippingAddress(shop, id, ADDRESS_CA)).errors).toBeUndefined();
  return id;
}

const flatRate = (cart: any) =>
  cart.shipping_addresses[0].available_shipping_methods.find((m: any) => m.carrier_code === 'flatrate').amount.value;

describe("the shop's settings when pricing a cart", () => {
  it('are read once per catalog version, not on every cart read', async () => {
    const id = await cartWithAddress(1);
    await statementsOfCartRead(id);
    const first = await statementsOfCartRead(id);
    catalogChangedElsewhere();
    const afterChange = await statementsOfCartRead(id);
    const again = await statementsOfCartRead(id);
    // Rules, coupons, carriers, table rates, tax rate, base currency and payment switches are
    // seven statements: all of them come back once after the version moved, then none.
    expect(afterChange - again).toBeGreaterThanOrEqual(6);
    expect(again).toBe(first);
  });

  it('leave a cart read and an add to cart few statements of their own', async () => {
    const id = await cartWithAddress(1);
    const add = `mutation($id: String!, $sku: String!) { addProductsToCart(cartId: $id, cartItems: [{ sku: $sku, quantity: 1 }]) { user_errors { code } cart { ${CART_FIELDS} } } }`;
    await statementsOf(add, { id, sku: mug.sku });
    // A ratchet at the counts on SQLite, which PostgreSQL stays within: the version, the cart for the
    // access checks, the cart and its lines and products; an add also runs its transaction, and
    // since custom options (issue 32) reads the product's options to enforce the required ones.
    // A customer group's tax class and the tier prices come from the per-version cache.
    expect(await statementsOfCartRead(id)).toBeLessThanOrEqual(5);
    expect(await statementsOf(add, { id, sku: mug.sku })).toBeLessThanOrEqual(15);
  });

  it('follow a change as soon as the catalog version moves', async () => {
    const id = await cartWithAddress(2);
    expect(flatRate(await readCart(shop, id))).toBe(10);
    shop.sql.prepare(`update shipping_carrier set price = 700 where code = 'flatrate'`).run();
    catalogChangedElsewhere();
    expect(flatRate(await readCart(shop, id))).toBe(14);
    shop.sql.prepare(`update shipping_carrier set price = 500 where code = 'flatrate'`).run();
    catalogChangedElsewhere();
    expect(flatRate(await readCart(shop, id))).toBe(10);
  });

  it('read a rule with a use limit live: an order that uses it up ends it at once', async () => {
    const id = await cartWithAddress(1);
    shop.sql
      .prepare(
        `insert into sales_rule (id, name, label, action, amount, min_subtotal, from_date, to_date, uses_limit, times_used, is_active, sort_order)
         values (90, 'Five off, twice', 'Five off', 'by_percent', 500, 0, null, null, 2, 1, 1, 0)`,
      )
      .run();
    catalogChangedElsewhere();
    const discounted = await readCart(shop, id);
    expect(discounted.prices.discounts.map((d: any) => d.label)).toEqual(['Five off']);
    // Placing an order counts the use without moving the catalog version.
    shop.sql.prepare('update sales_rule set times_used = 2 where id = 90').run();
    expect((await readCart(shop, id)).prices.discounts ?? []).toEqual([]);
    shop.sql.prepare('delete from sales_rule where id = 90').run();
    catalogChangedElsewhere();
  });

  it("read the cart's coupon live: a code used up elsewhere stops applying", async () => {
    const id = await cartWithAddress(1);
    const applied = await shop.gql(
      `mutation($id: String!) { applyCouponToCart(input: { cart_id: $id, coupon_code: "WELCOME10" }) { cart { ${CART_FIELDS} } } }`,
      { id },
    );
    expect(applied.errors).toBeUndefined();
    expect(applied.data.applyCouponToCart.cart.prices.discounts[0].label).toBe('Welcome 10% off');
    shop.sql.prepare(`update sales_coupon set usage_limit = 1, times_used = 1 where code = 'WELCOME10'`).run();
    expect((await readCart(shop, id)).prices.discounts ?? []).toEqual([]);
    shop.sql.prepare(`update sales_coupon set usage_limit = null, times_used = 0 where code = 'WELCOME10'`).run();
  });
});
