import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addToCart,
  newCart,
  openShop,
  simpleProduct,
  type Fixture,
  type GraphQLResult,
  type Shop,
} from './cartHarness';
import { createStaff, signedIn, type StaffBrowser } from './backOfficeHarness';

// Orders staff create for a customer in the back office (/admin/graphql, real HTTP handlers):
// a cart owned by the customer, priced by the shop's one pricing path (the customer's group and
// tier prices, coupons), placed as the customer's with the usual mail, recording the staff member.

let shop: Shop;
const clock = new Date('2026-11-28T10:00:00Z');
const now = () => clock;
let staff: StaffBrowser;
let viewer: StaffBrowser;
let product: Fixture;

const ORDER = `id customerId storeViewId currency couponCode couponApplies
  lines { id sku name quantity unitPrice { value } rowTotal { value } discount { value } error }
  subtotal { value } discounts { label amount { value } } shippingAmount { value } tax { value } grandTotal { value }
  shippingAddress shippingMethods { carrierCode methodCode title amount { value } } selectedShippingMethod
  paymentMethods { code title } selectedPaymentMethod`;
const START = `mutation($c: ID!, $s: ID!) { startStaffOrder(customerId: $c, storeViewId: $s) { ${ORDER} } }`;
const ADD = `mutation($i: AdminStaffOrderProductInput!) { addStaffOrderProduct(input: $i) { errors order { ${ORDER} } } }`;
const COUPON = `mutation($id: ID!, $c: String!) { applyStaffOrderCoupon(id: $id, code: $c) { ${ORDER} } }`;
const ADDRESS = `mutation($id: ID!, $a: AdminStaffOrderAddressInput) { setStaffOrderAddress(id: $id, address: $a) { ${ORDER} } }`;
const SHIPPING = `mutation($id: ID!) { setStaffOrderShippingMethod(id: $id, carrierCode: "flatrate", methodCode: "flatrate") { ${ORDER} } }`;
const PAYMENT = `mutation($id: ID!, $c: String!) { setStaffOrderPaymentMethod(id: $id, code: $c) { ${ORDER} } }`;
const PLACE = `mutation($id: ID!) { placeStaffOrder(id: $id) { number } }`;
const VIEW = `query($id: ID!) { staffOrder(id: $id) { id } }`;

function ok(result: GraphQLResult, what: string) {
  if (result.errors) throw new Error(`${what}: ${result.errors.map((e) => e.message).join('; ')}`);
  return result.data;
}

async function mailsTo(to: string): Promise<string[]> {
  await shop.commerce.deliverMail();
  let files: string[] = [];
  try {
    files = readdirSync(shop.mailDir).sort();
  } catch {
    return [];
  }
  return files
    .map((f) => readFileSync(path.join(shop.mailDir, f), 'utf8').replace(/=\r?\n/g, ''))
    .filter((text) => text.includes(`To: ${to}`));
}

const ADDRESS_TX = {
  firstname: 'Wanda',
  lastname: 'Wholesale',
  street: ['5 Depot Lane'],
  city: 'Austin',
  region: 'TX',
  postcode: '78701',
  countryCode: 'US',
  telephone: '5125550100',
};

let customerId: string;

beforeAll(async () => {
  shop = await openShop({ now });
  product = simpleProduct(shop, { price: 2000, stock: 100 });
  shop.sql.prepare('update sales_rule set is_active = 0').run();
  await createStaff(shop, 'staff@example.com', 'staff');
  await createStaff(shop, 'viewer@example.com', 'viewer');
  staff = (await signedIn(shop, 'staff@example.com', now)).browser;
  viewer = (await signedIn(shop, 'viewer@example.com', now)).browser;
  customerId = ok(
    await staff.gql(`mutation($i: NewCustomerInput!) { createCustomer(input: $i) { id } }`, {
      i: { firstname: 'Wanda', lastname: 'Wholesale', email: 'wanda@example.com', groupId: '2', storeViewId: '1' },
    }),
    'createCustomer',
  ).createCustomer.id;
  ok(
    await staff.gql(
      `mutation($sku: String!, $t: [TierPriceInput!]!) { setProductTierPrices(sku: $sku, tiers: $t) { quantity } }`,
      {
        sku: product.sku,
        t: [{ customerGroupId: '2', quantity: 5, fixedPrice: 15 }],
      },
    ),
    'tiers',
  );
  ok(
    await staff.gql(`mutation($i: AdminNewPromotionInput!) { createPromotion(input: $i) { id } }`, {
      i: { name: 'Phone', label: 'Phone order 5 %', action: 'BY_PERCENT', amount: 5, couponCode: 'PHONE5' },
    }),
    'promotion',
  );
});
afterAll(async () => {
  await shop?.close();
});

describe('orders created by staff', () => {
  it('staff take an order for a Wholesale customer: tier price, coupon, address, shipping, offline payment, placed with the mail', async () => {
    const started = ok(await staff.gql(START, { c: customerId, s: '1' }), 'start').startStaffOrder;
    expect(started).toMatchObject({ customerId, storeViewId: '1', currency: 'USD', lines: [] });
    const id = started.id as string;

    const added = ok(await staff.gql(ADD, { i: { id, sku: product.sku, quantity: 5 } }), 'add').addStaffOrderProduct;
    expect(added.errors).toEqual([]);
    expect(added.order.lines).toMatchObject([
      { sku: product.sku, quantity: 5, unitPrice: { value: 15 }, rowTotal: { value: 75 } },
    ]);

    const refusedCode = await staff.gql(COUPON, { id, c: 'NOPE' });
    expect(refusedCode.errors?.[0]?.message).toMatch(/coupon/i);
    const withCoupon = ok(await staff.gql(COUPON, { id, c: 'phone5' }), 'coupon').applyStaffOrderCoupon;
    expect(withCoupon.discounts).toEqual([{ label: 'Phone order 5 %', amount: { value: 3.75 } }]);

    const addressed = ok(await staff.gql(ADDRESS, { id, a: ADDRESS_TX }), 'address').setStaffOrderAddress;
    expect(addressed.shippingAddress).toContain('5 Depot Lane');
    expect(addressed.shippingMethods.map((m: { carrierCode: string }) => m.carrierCode)).toContain('flatrate');
    ok(await staff.gql(SHIPPING, { id }), 'shipping');
    const card = await staff.gql(PAYMENT, { id, c: 'stripe_payments' });
    expect(card.errors?.[0]?.message).toBe(
      'Payment method: staff orders are paid offline (check, bank transfer, cash on delivery…).',
    );
    const ready = ok(await staff.gql(PAYMENT, { id, c: 'checkmo' }), 'payment').setStaffOrderPaymentMethod;
    expect(ready.selectedPaymentMethod).toBe('checkmo');

    const { number } = ok(await staff.gql(PLACE, { id }), 'place').placeStaffOrder;
    const order = shop.sql
      .prepare(
        'select o.id, o.customer_id, o.created_by_staff_id, o.subtotal, o.discount, o.coupon_code, s.email as staff from sales_order o join staff_user s on s.id = o.created_by_staff_id where o.number = ?',
      )
      .get(number) as Record<string, unknown>;
    expect(order).toMatchObject({
      customer_id: Number(customerId),
      subtotal: 7500,
      discount: 375,
      coupon_code: 'PHONE5',
      staff: 'staff@example.com',
    });
    const item = shop.sql.prepare('select price, quantity from sales_order_item where order_id = ?').get(order.id) as {
      price: number;
    };
    expect(Number(item.price)).toBe(1500);
    const audit = shop.sql
      .prepare(`select staff_email, entity_id from audit_log where action = 'order.create' order by id desc limit 1`)
      .get() as { staff_email: string; entity_id: string };
    expect(audit).toEqual({ staff_email: 'staff@example.com', entity_id: number });
    const mails = await mailsTo('wanda@example.com');
    expect(mails.some((m) => m.includes(number))).toBe(true);
    // Placed: the cart is gone from the back office's reach.
    expect(ok(await staff.gql(VIEW, { id }), 'view').staffOrder).toBeNull();
  });

  it('never reaches a shopper’s own cart', async () => {
    const guestCart = await newCart(shop);
    await addToCart(shop, guestCart, [{ sku: product.sku, quantity: 1 }]);
    expect(ok(await staff.gql(VIEW, { id: guestCart }), 'view').staffOrder).toBeNull();
    const refused = await staff.gql(ADD, { i: { id: guestCart, sku: product.sku, quantity: 1 } });
    expect(refused.errors?.[0]?.message).toBe('There is no order being created with this id.');
  });

  it('viewers cannot create orders', async () => {
    const before = Number((shop.sql.prepare('select count(*) as n from cart').get() as { n: number }).n);
    const refused = await viewer.gql(START, { c: customerId, s: '1' });
    expect(refused.errors?.[0]?.message).toMatch(/role|permission|staff/i);
    expect(Number((shop.sql.prepare('select count(*) as n from cart').get() as { n: number }).n)).toBe(before);
  });
});
