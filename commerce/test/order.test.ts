import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCommerce } from '../src/commerce';
import {
  addToCart,
  ADDRESS_CA,
  newCart,
  openShop,
  PLACE_ORDER,
  prepareCheckout,
  readCart,
  request,
  simpleProduct,
} from './cartHarness';
import type { Fixture, Shop } from './cartHarness';

let shop: Shop;
let item: Fixture;

beforeAll(async () => {
  // Mail goes out when a test says so, never from a timer in the middle of another test.
  shop = await openShop({ mailWorker: false });
  item = simpleProduct(shop, { price: 2500, stock: 100 });
}, 60_000);

afterAll(async () => shop?.close());

const stockOf = (id: number) =>
  (shop.sql.prepare('select stock_qty from product where id = ?').get(id) as { stock_qty: number }).stock_qty;
const orderCount = () => (shop.sql.prepare('select count(*) as n from sales_order').get() as { n: number }).n;

describe('placeOrder', () => {
  it('turns a complete cart into order 000000001, takes the stock, closes the cart and writes the e-mail', async () => {
    const id = await newCart(shop);
    await addToCart(shop, id, [{ sku: item.sku, quantity: 2 }]);
    await shop.gql(
      'mutation($id: String!) { applyCouponToCart(input: { cart_id: $id, coupon_code: "WELCOME10" }) { cart { id } } }',
      { id },
    );
    await prepareCheckout(shop, id);
    const stockBefore = stockOf(item.id);

    const result = await shop.gql(PLACE_ORDER, { id });
    expect(result.errors).toBeUndefined();
    const { errors, order, orderV2 } = result.data.placeOrder;
    expect(errors).toEqual([]);
    expect(order).toEqual({ order_number: '000000001' });
    expect(orderV2).toMatchObject({
      number: '000000001',
      email: 'ada@example.com',
      status: 'Pending',
      items: [{ product_sku: item.sku, quantity_ordered: 2, product_sale_price: { value: 25 }, selected_options: [] }],
      total: {
        subtotal: { value: 50 },
        total_shipping: { value: 10 },
        total_tax: { value: 3.26 },
        grand_total: { value: 58.26 },
        discounts: [{ amount: { value: 5 }, label: 'Welcome 10% off' }],
        taxes: [{ amount: { value: 3.26 }, rate: 7.25, title: 'US-CA Sales Tax' }],
      },
      shipping_address: { firstname: 'Ada', city: 'Cupertino', region: 'California', country_code: 'US' },
      billing_address: { lastname: 'Lovelace' },
      payment_methods: [{ name: 'Check / Money order', type: 'checkmo' }],
      shipping_method: 'Standard delivery - 3–5 working days',
      applied_coupons: [{ code: 'WELCOME10' }],
    });
    expect(stockOf(item.id)).toBe(stockBefore - 2);
    expect(
      (shop.sql.prepare(`select times_used from sales_coupon where code = 'WELCOME10'`).get() as { times_used: number })
        .times_used,
    ).toBe(1);
    expect(
      (shop.sql.prepare(`select times_used from sales_rule where id = 1`).get() as { times_used: number }).times_used,
    ).toBe(1);

    expect(await shop.commerce.deliverMail()).toBe(1);
    const files = readdirSync(shop.mailDir);
    expect(files).toEqual(['order-000000001.eml']);
    const eml = readFileSync(path.join(shop.mailDir, files[0]!), 'utf8');
    expect(eml).toMatch(/^To: ada@example\.com$/m);
    expect(eml).toMatch(/^Subject: Your Vela order confirmation #000000001$/m);
    expect(eml).toContain('text/plain');
    expect(eml).toContain('text/html');
    expect(eml).toContain('000000001');
    expect(eml).toContain('Cupertino');
  });

  it('answers a retried placeOrder on the same cart with the order it already made, and the closed cart can no longer be read or changed', async () => {
    const id = await newCart(shop);
    await addToCart(shop, id, [{ sku: item.sku, quantity: 1 }]);
    await prepareCheckout(shop, id);
    const first = await shop.gql(PLACE_ORDER, { id });
    expect(first.data.placeOrder.errors).toEqual([]);
    const count = orderCount();
    const stock = stockOf(item.id);
    // The shopper's first answer was lost: the retry gets the same order number, nothing is taken twice.
    const again = await shop.gql(PLACE_ORDER, { id });
    expect(again.errors).toBeUndefined();
    expect(again.data.placeOrder.errors).toEqual([]);
    expect(again.data.placeOrder.orderV2.number).toBe(first.data.placeOrder.orderV2.number);
    expect(again.data.placeOrder.order.order_number).toBe(first.data.placeOrder.order.order_number);
    expect(orderCount()).toBe(count);
    expect(stockOf(item.id)).toBe(stock);
    expect((await shop.gql('query($id: String!) { cart(cart_id: $id) { id } }', { id })).errors?.[0]?.message).toBe(
      "The cart isn't active.",
    );
    const add = await addToCart(shop, id, [{ sku: item.sku, quantity: 1 }]);
    expect(add.errors?.[0]?.message).toBe("The cart isn't active.");
  });

  it('answers an unknown cart with CART_NOT_FOUND', async () => {
    const result = await shop.gql(PLACE_ORDER, { id: 'unknown-cart' });
    expect(result.data.placeOrder.errors).toEqual([
      { code: 'CART_NOT_FOUND', message: 'Could not find a cart with ID "unknown-cart"' },
    ]);
  });

  it.each([
    ['the e-mail', {}, 'GUEST_EMAIL_MISSING', 'Guest email for cart is missing.'],
    [
      'the shipping address',
      { email: true },
      'UNABLE_TO_PLACE_ORDER',
      'Please check the shipping address information. The shipping address is missing. Set the address and try again.',
    ],
    [
      'the shipping method',
      { email: true, address: true },
      'UNABLE_TO_PLACE_ORDER',
      'The shipping method is missing. Select the shipping method and try again.',
    ],
    [
      'the billing address',
      { email: true, address: true, method: true },
      'UNABLE_TO_PLACE_ORDER',
      'Please check the billing address information. The billing address is missing. Set the address and try again.',
    ],
    [
      'the payment method',
      { email: true, address: true, method: true, billing: true },
      'UNABLE_TO_PLACE_ORDER',
      'Enter a valid payment method and try again.',
    ],
  ])(
    'refuses an order without %s and changes nothing',
    async (_missing, steps: Record<string, boolean>, code, message) => {
      const id = await newCart(shop);
      await addToCart(shop, id, [{ sku: item.sku, quantity: 1 }]);
      if (steps.email)
        await shop.gql(
          'mutation($id: String!) { setGuestEmailOnCart(input: { cart_id: $id, email: "a@example.com" }) { cart { id } } }',
          { id },
        );
      if (steps.address)
        await shop.gql(
          'mutation($id: String!, $a: CartAddressInput!) { setShippingAddressesOnCart(input: { cart_id: $id, shipping_addresses: [{ address: $a }] }) { cart { id } } }',
          { id, a: ADDRESS_CA },
        );
      if (steps.method)
        await shop.gql(
          'mutation($id: String!) { setShippingMethodsOnCart(input: { cart_id: $id, shipping_methods: [{ carrier_code: "flatrate", method_code: "flatrate" }] }) { cart { id } } }',
          { id },
        );
      if (steps.billing)
        await shop.gql(
          'mutation($id: String!) { setBillingAddressOnCart(input: { cart_id: $id, billing_address: { same_as_shipping: true } }) { cart { id } } }',
          { id },
        );
      const before = await readCart(shop, id);
      const count = orderCount();
      const stock = stockOf(item.id);
      const result = await shop.gql(PLACE_ORDER, { id });
      expect(result.data.placeOrder).toMatchObject({ errors: [{ code, message }], orderV2: null, order: null });
      expect(await readCart(shop, id)).toEqual(before);
      expect(orderCount()).toBe(count);
      expect(stockOf(item.id)).toBe(stock);
    },
  );

  it('re-checks stock when ordering: a line the stock no longer covers stops the order and takes nothing', async () => {
    const scarce = simpleProduct(shop, { price: 1000, stock: 3, offset: 1 });
    const id = await newCart(shop);
    await addToCart(shop, id, [
      { sku: item.sku, quantity: 1 },
      { sku: scarce.sku, quantity: 3 },
    ]);
    await prepareCheckout(shop, id);
    shop.sql.prepare('update product set stock_qty = 2 where id = ?').run(scarce.id);
    const stock = stockOf(item.id);
    const result = await shop.gql(PLACE_ORDER, { id });
    expect(result.data.placeOrder.errors).toEqual([
      { code: 'UNABLE_TO_PLACE_ORDER', message: 'Not all of your products are available in the requested quantity.' },
    ]);
    expect(stockOf(item.id)).toBe(stock);
    expect(stockOf(scarce.id)).toBe(2);
    expect((await readCart(shop, id)).items).toHaveLength(2);
  });

  it('re-prices from the database: a price change after checkout steps is what the order charges', async () => {
    const changing = simpleProduct(shop, { price: 1000, stock: 10, offset: 2 });
    const id = await newCart(shop);
    await addToCart(shop, id, [{ sku: changing.sku, quantity: 1 }]);
    await prepareCheckout(shop, id, { address: { ...ADDRESS_CA, region: 'TX', city: 'Austin', postcode: '73301' } });
    shop.sql.prepare('update product set price = 1200 where id = ?').run(changing.id);
    const order = (await shop.gql(PLACE_ORDER, { id })).data.placeOrder.orderV2;
    expect(order.total.subtotal.value).toBe(12);
    expect(order.total.grand_total.value).toBe(17);
  });

  it('stops using a coupon once its usage limit is reached', async () => {
    shop.sql.prepare(`update sales_coupon set usage_limit = 1, times_used = 0 where code = 'SAVE20'`).run();
    const first = await newCart(shop);
    const second = await newCart(shop);
    for (const id of [first, second]) {
      await addToCart(shop, id, [{ sku: item.sku, quantity: 4 }]);
      expect(
        (
          await shop.gql(
            'mutation($id: String!) { applyCouponToCart(input: { cart_id: $id, coupon_code: "SAVE20" }) { cart { id } } }',
            { id },
          )
        ).errors,
      ).toBeUndefined();
      await prepareCheckout(shop, id, { address: { ...ADDRESS_CA, region: 'TX', city: 'Austin', postcode: '73301' } });
    }
    const a = (await shop.gql(PLACE_ORDER, { id: first })).data.placeOrder;
    expect(a.orderV2.total.discounts).toEqual([{ amount: { value: 20 }, label: '$20 off orders over $100' }]);
    // The coupon is used up now: the second cart is priced without it.
    const b = (await shop.gql(PLACE_ORDER, { id: second })).data.placeOrder;
    expect(b.errors).toEqual([]);
    expect(b.orderV2.total.discounts).toEqual([]);
    expect(b.orderV2.applied_coupons).toEqual([]);
    expect(b.orderV2.total.grand_total.value).toBe(100 + 20);
  });

  it('keeps the order when the confirmation e-mail cannot be written, logs why and keeps the mail for a retry', async () => {
    const blocked = path.join(shop.dir, 'not-a-directory');
    writeFileSync(blocked, 'a file where the mail directory should be');
    const lines: string[] = [];
    const broken = await createCommerce({
      ...shop.database,
      mailDir: blocked,
      mailWorker: false,
      log: (line) => lines.push(line),
    });
    try {
      const id = await newCart(shop);
      await addToCart(shop, id, [{ sku: item.sku, quantity: 1 }]);
      await prepareCheckout(shop, id);
      const result = await request(broken, PLACE_ORDER, { id });
      expect(result.data.placeOrder.errors).toEqual([]);
      const number = result.data.placeOrder.orderV2.number as string;
      expect(shop.sql.prepare('select count(*) as n from sales_order where number = ?').get(number)).toEqual({ n: 1 });
      await broken.deliverMail();
      expect(lines.some((line) => line.includes(`e-mail order-${number} failed (attempt 1), retrying in 30 s`))).toBe(
        true,
      );
      expect(
        shop.sql.prepare('select status, attempts from mail_outbox where file_stem = ?').get(`order-${number}`),
      ).toEqual({ status: 'pending', attempts: 1 });
    } finally {
      await broken.close();
    }
  });
});
