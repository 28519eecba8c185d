// Every rule that depends on the date reads the shop's clock, never the wall clock: a coupon whose
// rule ended before the shop's "now" is refused even while the machine's date is still inside it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToCart, newCart, openShop, simpleProduct } from './cartHarness';
import type { Shop } from './cartHarness';

const SHOP_NOW = new Date('2031-03-01T12:00:00Z');
let shop: Shop;

beforeAll(async () => {
  shop = await openShop({ now: () => SHOP_NOW });
}, 60_000);

afterAll(async () => {
  await shop?.close();
});

const APPLY =
  'mutation($id: String!) { applyCouponToCart(input: { cart_id: $id, coupon_code: "WELCOME10" }) { cart { applied_coupons { code } } } }';

async function cartWithItem(): Promise<string> {
  const id = await newCart(shop);
  const product = simpleProduct(shop, { price: 2500, stock: 100 });
  const added = await addToCart(shop, id, [{ sku: product.sku, quantity: 1 }]);
  expect(added.data.addProductsToCart.user_errors).toEqual([]);
  return id;
}

describe('the shop clock', () => {
  it('refuses a coupon whose rule ended before the shop clock, though the wall clock is still inside it', async () => {
    expect(new Date().getTime()).toBeLessThan(new Date('2030-12-31T00:00:00Z').getTime());
    shop.sql
      .prepare(
        "update sales_rule set to_date = '2030-12-31' where id in (select rule_id from sales_coupon where code = 'WELCOME10')",
      )
      .run();
    const id = await cartWithItem();
    const result = await shop.gql(APPLY, { id });
    expect(result.errors?.[0]?.message).toBeTruthy();
    expect(result.data?.applyCouponToCart ?? null).toBeNull();
  });

  it('accepts the same coupon when its rule runs past the shop clock', async () => {
    shop.sql
      .prepare(
        "update sales_rule set to_date = '2031-12-31' where id in (select rule_id from sales_coupon where code = 'WELCOME10')",
      )
      .run();
    const id = await cartWithItem();
    const result = await shop.gql(APPLY, { id });
    expect(result.errors).toBeUndefined();
    expect(result.data.applyCouponToCart.cart.applied_coupons).toEqual([{ code: 'WELCOME10' }]);
  });
});
