import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToCart, CART_FIELDS, newCart, openShop, readCart, simpleProduct } from './cartHarness';
import type { Fixture, Shop } from './cartHarness';

let shop: Shop;
let mug: Fixture;
let soldOut: Fixture;

interface Configurable {
  sku: string;
  options: Array<{ uid: string; values: Array<{ uid: string; label: string }> }>;
  variants: Array<{ product: { sku: string; stock_status: string }; attributes: Array<{ uid: string }> }>;
}
let tee: Configurable;

beforeAll(async () => {
  shop = await openShop();
  mug = simpleProduct(shop, { price: 2500, stock: 10 });
  soldOut = simpleProduct(shop, { price: 1000, stock: 0, offset: 1 });
  const result = await shop.gql(`{ products(search: "", pageSize: 50) { items { sku ... on ConfigurableProduct {
    configurable_options { uid values { uid label } } variants { product { sku stock_status } attributes { uid } } } } } }`);
  const found = (result.data.products.items as any[]).find((p) =>
    p.variants?.some((v: any) => v.product.stock_status === 'IN_STOCK'),
  );
  tee = { sku: found.sku, options: found.configurable_options, variants: found.variants };
  // Give every variant plenty of stock so the tests below do not depend on the demo's random stock.
  shop.sql
    .prepare(`update product set stock_qty = 50, in_stock = 1 where parent_id = (select id from product where sku = ?)`)
    .run(tee.sku);
}, 60_000);

afterAll(async () => shop?.close());

describe('guest carts', () => {
  it('creates carts with unguessable 32-character masked ids', async () => {
    const a = await newCart(shop);
    const b = (await shop.gql('mutation { createEmptyCart }')).data.createEmptyCart as string;
    expect(a).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(b).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(a).not.toBe(b);
    const cart = await readCart(shop, a);
    expect(cart).toMatchObject({
      id: a,
      total_quantity: 0,
      is_virtual: false,
      items: [],
      shipping_addresses: [],
      billing_address: null,
    });
    expect(cart.prices.grand_total).toEqual({ value: 0, currency: 'USD' });
  });

  it("answers an unknown cart id with Magento's message", async () => {
    const result = await shop.gql('{ cart(cart_id: "doesnotexist") { id } }');
    expect(result.errors?.[0]?.message).toBe('Could not find a cart with ID "doesnotexist"');
    expect(result.errors?.[0]?.extensions?.category).toBe('graphql-no-such-entity');
    const add = await addToCart(shop, 'doesnotexist', [{ sku: mug.sku, quantity: 1 }]);
    expect(add.errors?.[0]?.message).toBe('Could not find a cart with ID "doesnotexist"');
  });
});

describe('addProductsToCart', () => {
  it('adds a simple product, prices the line on the server and merges repeated adds', async () => {
    const id = await newCart(shop);
    const first = await addToCart(shop, id, [{ sku: mug.sku, quantity: 2 }]);
    expect(first.errors).toBeUndefined();
    expect(first.data.addProductsToCart.user_errors).toEqual([]);
    await addToCart(shop, id, [{ sku: mug.sku, quantity: 1 }]);
    const cart = await readCart(shop, id);
    expect(cart.items).toHaveLength(1);
    expect(cart.items[0]).toMatchObject({ quantity: 3, product: { sku: mug.sku }, is_available: true, errors: [] });
    expect(cart.items[0].prices.price).toEqual({ value: 25, currency: 'USD' });
    expect(cart.items[0].prices.row_total.value).toBe(75);
    expect(cart.total_quantity).toBe(3);
    expect(cart.prices.subtotal_excluding_tax.value).toBe(75);
    expect(cart.prices.grand_total.value).toBe(75);
  });

  it('refuses bad lines with Magento codes and messages, adds the good ones, and changes nothing else', async () => {
    const id = await newCart(shop);
    await addToCart(shop, id, [{ sku: mug.sku, quantity: 1 }]);
    const result = await addToCart(shop, id, [
      { sku: 'NO-SUCH-SKU', quantity: 1 },
      { sku: mug.sku, quantity: 0 },
      { sku: mug.sku, quantity: -2 },
      { sku: mug.sku, quantity: 10 },
      { sku: soldOut.sku, quantity: 1 },
      { sku: tee.sku, quantity: 1 },
    ]);
    expect(result.data.addProductsToCart.user_errors).toEqual([
      { code: 'PRODUCT_NOT_FOUND', message: 'Could not find a product with SKU "NO-SUCH-SKU"' },
      { code: 'UNDEFINED', message: 'The product quantity should be greater than 0' },
      { code: 'UNDEFINED', message: 'The product quantity should be greater than 0' },
      { code: 'INSUFFICIENT_STOCK', message: 'The requested qty is not available' },
      { code: 'NOT_SALABLE', message: 'Product that you are trying to add is not available.' },
      { code: 'UNDEFINED', message: 'You need to choose options for your item.' },
    ]);
    const cart = await readCart(shop, id);
    expect(cart.items.map((i: any) => [i.product.sku, i.quantity])).toEqual([[mug.sku, 1]]);
  });

  it('adds a configurable product by its option value uids, tolerating unknown entered options', async () => {
    const id = await newCart(shop);
    const chosen = tee.options.map((o) => o.values[0]!);
    const result = await addToCart(shop, id, [
      {
        sku: tee.sku,
        quantity: 2,
        selected_options: chosen.map((v) => v.uid),
        entered_options: [{ uid: 'Y3VzdG9tLzE=', value: 'ignored' }],
      },
    ]);
    expect(result.data.addProductsToCart.user_errors).toEqual([]);
    const [line] = (await readCart(shop, id)).items;
    expect(line.product.sku).toBe(tee.sku);
    expect(line.configured_variant.sku.startsWith(tee.sku)).toBe(true);
    expect(line.configurable_options.map((o: any) => o.value_label)).toEqual(chosen.map((v) => v.label));
    expect(line.configurable_options.map((o: any) => o.configurable_product_option_value_uid)).toEqual(
      chosen.map((v) => v.uid),
    );
    expect(line.configurable_options.map((o: any) => o.configurable_product_option_uid)).toEqual(
      tee.options.map((o) => o.uid),
    );
    expect(line.configurable_options.map((o: any) => o.option_label)).toEqual(['Color', 'Size']);
  });

  it('adds a variant by its own SKU plus parent_sku, onto the same line as the same options', async () => {
    const id = await newCart(shop);
    const variant = tee.variants[0]!;
    await addToCart(shop, id, [{ sku: variant.product.sku, parent_sku: tee.sku, quantity: 1 }]);
    await addToCart(shop, id, [{ sku: tee.sku, quantity: 1, selected_options: variant.attributes.map((a) => a.uid) }]);
    const cart = await readCart(shop, id);
    expect(cart.items).toHaveLength(1);
    expect(cart.items[0]).toMatchObject({ quantity: 2, configured_variant: { sku: variant.product.sku } });
    const wrongParent = await addToCart(shop, id, [{ sku: variant.product.sku, parent_sku: mug.sku, quantity: 1 }]);
    expect(wrongParent.data.addProductsToCart.user_errors[0].code).toBe('PRODUCT_NOT_FOUND');
  });
});

describe('updateCartItems and removeItemFromCart', () => {
  const UPDATE = `mutation($id: String!, $items: [CartItemUpdateInput]!) { updateCartItems(input: { cart_id: $id, cart_items: $items }) { cart { ${CART_FIELDS} } } }`;

  it('changes quantities, removes a line at quantity 0, and refuses more than the stock without changing anything', async () => {
    const id = await newCart(shop);
    await addToCart(shop, id, [
      { sku: mug.sku, quantity: 1 },
      { sku: tee.variants[0]!.product.sku, parent_sku: tee.sku, quantity: 1 },
    ]);
    const [mugLine, teeLine] = (await readCart(shop, id)).items;

    const updated = await shop.gql(UPDATE, { id, items: [{ cart_item_uid: mugLine.uid, quantity: 4 }] });
    expect(updated.data.updateCartItems.cart.items[0].quantity).toBe(4);

    const tooMany = await shop.gql(UPDATE, {
      id,
      items: [
        { cart_item_uid: teeLine.uid, quantity: 3 },
        { cart_item_uid: mugLine.uid, quantity: 11 },
      ],
    });
    expect(tooMany.errors?.[0]?.message).toBe('The requested qty is not available');
    expect((await readCart(shop, id)).items.map((i: any) => i.quantity)).toEqual([4, 1]);

    const unknown = await shop.gql(UPDATE, { id, items: [{ cart_item_id: 99, quantity: 1 }] });
    expect(unknown.errors?.[0]?.message).toBe('Could not find cart item with id: 99.');

    const removed = await shop.gql(UPDATE, { id, items: [{ cart_item_uid: mugLine.uid, quantity: 0 }] });
    expect(removed.data.updateCartItems.cart.items.map((i: any) => i.uid)).toEqual([teeLine.uid]);

    const REMOVE =
      'mutation($id: String!, $uid: ID) { removeItemFromCart(input: { cart_id: $id, cart_item_uid: $uid }) { cart { total_quantity items { uid } } } }';
    const gone = await shop.gql(REMOVE, { id, uid: teeLine.uid });
    expect(gone.data.removeItemFromCart.cart).toEqual({ total_quantity: 0, items: [] });
    const again = await shop.gql(REMOVE, { id, uid: teeLine.uid });
    expect(again.errors?.[0]?.message).toBe("The cart doesn't contain the item");
  });

  it('flags a line whose quantity the stock no longer covers', async () => {
    const other = simpleProduct(shop, { price: 500, stock: 5, offset: 2 });
    const id = await newCart(shop);
    await addToCart(shop, id, [{ sku: other.sku, quantity: 4 }]);
    shop.sql.prepare('update product set stock_qty = 2 where id = ?').run(other.id);
    const [line] = (await readCart(shop, id)).items;
    expect(line.is_available).toBe(false);
    expect(line.errors).toEqual([{ code: 'ITEM_QTY', message: 'The requested qty is not available' }]);
  });
});

describe('coupons and cart price rules', () => {
  const APPLY = `mutation($id: String!, $code: String!) { applyCouponToCart(input: { cart_id: $id, coupon_code: $code }) { cart { ${CART_FIELDS} } } }`;
  const REMOVE = `mutation($id: String!) { removeCouponFromCart(input: { cart_id: $id }) { cart { ${CART_FIELDS} } } }`;

  it('WELCOME10 takes 10 % off every line and shows as a discount with its coupon', async () => {
    const id = await newCart(shop);
    await addToCart(shop, id, [{ sku: mug.sku, quantity: 2 }]);
    const cart = (await shop.gql(APPLY, { id, code: 'welcome10' })).data.applyCouponToCart.cart;
    expect(cart.applied_coupons).toEqual([{ code: 'WELCOME10' }]);
    expect(cart.prices.discounts).toEqual([
      { amount: { value: 5 }, label: 'Welcome 10% off', applied_to: 'ITEM', coupon: { code: 'WELCOME10' } },
    ]);
    expect(cart.prices.subtotal_with_discount_excluding_tax.value).toBe(45);
    expect(cart.prices.grand_total.value).toBe(45);
    expect(cart.items[0].prices.total_item_discount.value).toBe(5);

    const removed = (await shop.gql(REMOVE, { id })).data.removeCouponFromCart.cart;
    expect(removed.applied_coupons).toBeNull();
    expect(removed.prices.discounts).toEqual([]);
    expect(removed.prices.grand_total.value).toBe(50);
  });

  it("refuses an unknown coupon with Magento's message and leaves the cart as it was", async () => {
    const id = await newCart(shop);
    await addToCart(shop, id, [{ sku: mug.sku, quantity: 1 }]);
    const before = await readCart(shop, id);
    const result = await shop.gql(APPLY, { id, code: 'NOPE' });
    expect(result.errors?.[0]?.message).toBe('The coupon code "NOPE" is not valid.');
    expect(await readCart(shop, id)).toEqual(before);
  });

  it('SAVE20 needs a subtotal of $100 and then takes $20 spread over the lines', async () => {
    const id = await newCart(shop);
    await addToCart(shop, id, [{ sku: mug.sku, quantity: 3 }]);
    expect((await shop.gql(APPLY, { id, code: 'SAVE20' })).errors?.[0]?.message).toBe(
      'The coupon code "SAVE20" is not valid.',
    );
    await addToCart(shop, id, [
      { sku: mug.sku, quantity: 1 },
      { sku: tee.variants[0]!.product.sku, parent_sku: tee.sku, quantity: 1 },
    ]);
    const cart = (await shop.gql(APPLY, { id, code: 'SAVE20' })).data.applyCouponToCart.cart;
    expect(cart.prices.discounts[0].amount.value).toBe(20);
    const lineDiscounts = cart.items.map((i: any) => Math.round(i.prices.total_item_discount.value * 100));
    expect(lineDiscounts.reduce((a: number, b: number) => a + b, 0)).toBe(2000);
    expect(cart.prices.grand_total.value).toBeCloseTo(cart.prices.subtotal_excluding_tax.value - 20, 2);
  });

  it('honours date ranges and usage limits stored with the rule', async () => {
    const id = await newCart(shop);
    await addToCart(shop, id, [{ sku: mug.sku, quantity: 1 }]);
    shop.sql.prepare(`update sales_rule set to_date = '2001-01-01' where id = 1`).run();
    expect((await shop.gql(APPLY, { id, code: 'WELCOME10' })).errors?.[0]?.message).toBe(
      'The coupon code "WELCOME10" is not valid.',
    );
    shop.sql.prepare(`update sales_rule set to_date = null where id = 1`).run();
    shop.sql.prepare(`update sales_coupon set usage_limit = 1, times_used = 1 where code = 'WELCOME10'`).run();
    expect((await shop.gql(APPLY, { id, code: 'WELCOME10' })).errors?.[0]?.message).toBe(
      'The coupon code "WELCOME10" is not valid.',
    );
    shop.sql.prepare(`update sales_coupon set usage_limit = null, times_used = 0 where code = 'WELCOME10'`).run();
    expect((await shop.gql(APPLY, { id, code: 'WELCOME10' })).errors).toBeUndefined();
  });
});

describe('privacy', () => {
  it('marks cart responses no-store, also for GET queries', async () => {
    const id = await newCart(shop);
    const query = encodeURIComponent(`{ cart(cart_id: "${id}") { id total_quantity } }`);
    const get = await shop.commerce.fetch(new Request(`http://localhost/graphql?query=${query}`));
    expect(get.status).toBe(200);
    expect(get.headers.get('cache-control')).toBe('no-store');
    expect((await get.json()).data.cart.id).toBe(id);
    const mixed = encodeURIComponent(`{ storeConfig { store_code } cart(cart_id: "${id}") { id } }`);
    expect(
      (await shop.commerce.fetch(new Request(`http://localhost/graphql?query=${mixed}`))).headers.get('cache-control'),
    ).toBe('no-store');
    const post = await shop.commerce.fetch(
      new Request('http://localhost/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: 'mutation { createEmptyCart }' }),
      }),
    );
    expect(post.headers.get('cache-control')).toBe('no-store');
  });
});
