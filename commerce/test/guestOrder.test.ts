import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GUEST_ORDER_NOT_FOUND } from '../src/domains/sales/guestOrderService';
import { addToCart, newCart, openShop, PLACE_ORDER, prepareCheckout, simpleProduct } from './cartHarness';
import type { GraphQLResult, Shop } from './cartHarness';

// Issue 9, defect 3: a shopper whose placeOrder answer was lost could not find the order (the
// retry answers "The cart isn't active."). Magento 2.4.7's guestOrder and guestOrderByToken.

let shop: Shop;
let placed: { number: string; token: string; email: string };

const ORDER_FIELDS = 'number email status token items { product_sku quantity_ordered } total { grand_total { value } }';
const BY_NUMBER = `query($input: OrderInformationInput!) { guestOrder(input: $input) { ${ORDER_FIELDS} } }`;
const BY_TOKEN = `query($token: String!) { guestOrderByToken(input: { token: $token }) { ${ORDER_FIELDS} } }`;

async function ask(query: string, variables: Record<string, unknown>, client = '203.0.113.1'): Promise<GraphQLResult> {
  const response = await shop.commerce.fetch(
    new Request('http://localhost/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query, variables }),
    }),
    { address: client },
  );
  return (await response.json()) as GraphQLResult;
}

async function placeGuestOrder(email: string): Promise<{ number: string; token: string }> {
  const product = simpleProduct(shop, { price: 2500, stock: 100, offset: 10 });
  const cartId = await newCart(shop);
  await addToCart(shop, cartId, [{ sku: product.sku, quantity: 2 }]);
  await prepareCheckout(shop, cartId, { email });
  const result = await shop.gql(PLACE_ORDER.replace('orderV2 {', 'orderV2 { token'), { id: cartId });
  expect(result.data.placeOrder.errors).toEqual([]);
  return result.data.placeOrder.orderV2 as { number: string; token: string };
}

beforeAll(async () => {
  shop = await openShop({ mailWorker: false });
  const email = 'guest.shopper@example.com';
  placed = { ...(await placeGuestOrder(email)), email };
}, 60_000);
afterAll(async () => shop?.close());

describe('guestOrder', () => {
  it('finds the order by number, e-mail and billing postcode, forgiving case and spaces', async () => {
    const result = await ask(BY_NUMBER, {
      input: { number: ` ${placed.number} `, email: 'Guest.Shopper@EXAMPLE.com', postcode: ' 95014 ' },
    });
    expect(result.errors).toBeUndefined();
    expect(result.data.guestOrder).toMatchObject({
      number: placed.number,
      email: placed.email,
      token: placed.token,
      items: [{ quantity_ordered: 2 }],
      total: { grand_total: { value: expect.any(Number) } },
    });
  });

  it('answers a wrong number, e-mail or postcode with one and the same error', async () => {
    const answers = await Promise.all(
      [
        { number: '999999999', email: placed.email, postcode: '95014' },
        { number: placed.number, email: 'someone.else@example.com', postcode: '95014' },
        { number: placed.number, email: placed.email, postcode: '10001' },
      ].map((input, i) => ask(BY_NUMBER, { input }, `203.0.113.${20 + i}`)),
    );
    for (const answer of answers) {
      expect(answer.data).toBeNull();
      expect(answer.errors).toEqual([
        expect.objectContaining({
          message: GUEST_ORDER_NOT_FOUND,
          extensions: expect.objectContaining({ category: 'graphql-no-such-entity' }),
        }),
      ]);
    }
  });

  it("does not show a registered customer's order to whoever knows its number, e-mail and postcode", async () => {
    const other = await placeGuestOrder('member@example.com');
    const created = await shop.gql(
      'mutation { createCustomerV2(input: { firstname: "Mia", lastname: "Member", email: "member@example.com", password: "Correct-Horse-9" }) { customer { email } } }',
    );
    expect(created.errors).toBeUndefined();
    shop.sql
      .prepare(
        "update sales_order set customer_id = (select id from customer where email = 'member@example.com') where number = ?",
      )
      .run(other.number);
    const byNumber = await ask(BY_NUMBER, {
      input: { number: other.number, email: 'member@example.com', postcode: '95014' },
    });
    expect(byNumber.errors?.[0]?.message).toBe('This order belongs to an account. Sign in to view it.');
    const byToken = await ask(BY_TOKEN, { token: other.token });
    expect(byToken.errors?.[0]?.message).toBe('This order belongs to an account. Sign in to view it.');
  });

  it('refuses empty fields with a clear message', async () => {
    const result = await ask(BY_NUMBER, { input: { number: ' ', email: placed.email, postcode: '95014' } });
    expect(result.errors?.[0]?.message).toBe('Enter the order number.');
  });

  it('allows ten lookups per client in ten minutes, found or not', async () => {
    const messages: string[] = [];
    for (let i = 0; i < 12; i++) {
      const result = await ask(
        BY_NUMBER,
        { input: { number: `90000000${i}`, email: placed.email, postcode: '95014' } },
        '198.51.100.77',
      );
      messages.push(result.errors![0]!.message);
    }
    expect(messages.slice(0, 10)).toEqual(Array(10).fill(GUEST_ORDER_NOT_FOUND));
    expect(messages.slice(10)).toEqual(Array(2).fill('Too many order lookups. Please wait and try again later.'));
    // Another client is not affected.
    const elsewhere = await ask(BY_NUMBER, {
      input: { number: placed.number, email: placed.email, postcode: '95014' },
    });
    expect(elsewhere.data.guestOrder.number).toBe(placed.number);
  });

  it('takes one lookup per request: aliases cannot multiply the guesses', async () => {
    const aliased = `query($a: OrderInformationInput!, $b: OrderInformationInput!) { a: guestOrder(input: $a) { number } b: guestOrder(input: $b) { number } }`;
    const input = { number: placed.number, email: placed.email, postcode: '95014' };
    const result = await ask(aliased, { a: input, b: input }, '203.0.113.50');
    expect(result.errors?.[0]?.message).toBe('A request may ask for "guestOrder" only once.');
  });
});

describe('guestOrderByToken', () => {
  it('finds the order by the token from its placement', async () => {
    const result = await ask(BY_TOKEN, { token: placed.token });
    expect(result.data.guestOrderByToken).toMatchObject({ number: placed.number, token: placed.token });
  });

  it('answers an unknown or malformed token as not found', async () => {
    for (const token of ['A'.repeat(32), 'not a token', "' or 1=1 --"]) {
      const result = await ask(BY_TOKEN, { token });
      expect(result.errors?.[0]?.message, token).toBe(GUEST_ORDER_NOT_FOUND);
    }
  });
});
