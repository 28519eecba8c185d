// A card order whose 3-D Secure step was not finished, met again from any browser: its own customer
// reads the cart it was placed from in the order's payment `additional_data` (`cart_id`) and
// finishes paying with placeOrder on it, or gives the order up with Magento's cancelOrder to pay the
// cart with another card. Over real HTTP, with the official SDK against the local fake of Stripe.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDRESS_CA, openShop, PLACE_ORDER, simpleProduct } from './cartHarness';
import type { Fixture, Shop } from './cartHarness';
import {
  FAKE_PUBLISHABLE_KEY,
  FAKE_SECRET_KEY,
  FAKE_WEBHOOK_SECRET,
  startStripeFake,
  type StripeFake,
} from './fakes/stripeFake';
import { serveOverHttp, type ShopOverHttp } from './fakes/shopOverHttp';

const SET_CARD = `mutation($id: String!, $pm: String!, $save: Boolean) { setPaymentMethodOnCart(input: { cart_id: $id,
  payment_method: { code: "stripe_payments", stripe_payments: { payment_element: true, payment_method: $pm, save_payment_method: $save } } }) {
  cart { selected_payment_method { code } } } }`;
interface Card {
  fake: StripeFake;
  shop: Shop;
  http: ShopOverHttp;
  product: Fixture;
}

let card: Card;
beforeAll(async () => {
  const fake = await startStripeFake();
  const shop = await openShop({
    stripe: {
      secretKey: FAKE_SECRET_KEY,
      publishableKey: FAKE_PUBLISHABLE_KEY,
      webhookSecret: FAKE_WEBHOOK_SECRET,
      api: fake.api,
    },
  });
  const http = await serveOverHttp(shop.commerce);
  shop.gql = (query, variables) => http.gql(query, variables);
  card = { fake, shop, http, product: simpleProduct(shop, { price: 2500, stock: 100, offset: 6 }) };
}, 60_000);
afterAll(async () => {
  await card?.http.close();
  await card?.shop.close();
  await card?.fake.close();
});

let customers = 0;
async function customer(): Promise<Record<string, string>> {
  customers += 1;
  const email = `stripe${customers}-${Date.now()}@example.com`;
  const created = await card.http.gql(
    'mutation($i: CustomerCreateInput!) { createCustomerV2(input: $i) { customer { email } } }',
    { i: { firstname: 'Ada', lastname: 'Lovelace', email, password: 'Correct-Horse-9' } },
  );
  expect(created.errors).toBeUndefined();
  const token = await card.http.gql(
    'mutation($e: String!, $p: String!) { generateCustomerToken(email: $e, password: $p) { token } }',
    { e: email, p: 'Correct-Horse-9' },
  );
  return { authorization: `Bearer ${token.data.generateCustomerToken.token as string}` };
}

async function customerCart(auth: Record<string, string>): Promise<string> {
  const send = async (query: string, variables: Record<string, unknown>) => {
    const result = await card.http.gql(query, variables, auth);
    expect(result.errors, query.slice(0, 60)).toBeUndefined();
    return result;
  };
  const id = (await send('{ customerCart { id } }', {})).data.customerCart.id as string;
  await send(
    'mutation($id: String!, $s: String!) { addProductsToCart(cartId: $id, cartItems: [{ sku: $s, quantity: 1 }]) { user_errors { message } } }',
    { id, s: card.product.sku },
  );
  await send(
    'mutation($id: String!, $a: CartAddressInput!) { setShippingAddressesOnCart(input: { cart_id: $id, shipping_addresses: [{ address: $a }] }) { cart { id } } }',
    { id, a: ADDRESS_CA },
  );
  await send(
    'mutation($id: String!) { setBillingAddressOnCart(input: { cart_id: $id, billing_address: { same_as_shipping: true } }) { cart { id } } }',
    { id },
  );
  await send(
    'mutation($id: String!) { setShippingMethodsOnCart(input: { cart_id: $id, shipping_methods: [{ carrier_code: "flatrate", method_code: "flatrate" }] }) { cart { id } } }',
    { id },
  );
  return id;
}

const orderStatus = (number: string) =>
  (card.shop.sql.prepare('select status from sales_order where number = ?').get(number) as { status: string }).status;

const ORDERS = `{ customer { orders(pageSize: 20) { items { id number status
  payment_methods { type additional_data { name value } } } } } }`;
const CANCEL = `mutation($o: ID!, $r: String!) { cancelOrder(input: { order_id: $o, reason: $r }) {
  error order { number status } } }`;

interface ListedOrder {
  id: string;
  number: string;
  status: string;
  payment_methods: Array<{ type: string; additional_data: Array<{ name: string; value: string }> }>;
}

async function listed(auth: Record<string, string>, number: string): Promise<ListedOrder | undefined> {
  const result = await card.http.gql(ORDERS, {}, auth);
  expect(result.errors).toBeUndefined();
  return (result.data.customer.orders.items as ListedOrder[]).find((o) => o.number === number);
}

const cartIdOf = (order: ListedOrder | undefined) =>
  order?.payment_methods[0]?.additional_data.find((d) => d.name === 'cart_id')?.value ?? null;

/** A signed-in customer's order left waiting for its 3-D Secure step: its number and cart. */
async function waitingOrder(auth: Record<string, string>) {
  const id = await customerCart(auth);
  expect((await card.http.gql(SET_CARD, { id, pm: 'pm_card_threeDSecure2Required' }, auth)).errors).toBeUndefined();
  const placed = await card.http.gql(PLACE_ORDER, { id }, auth);
  expect(placed.errors?.[0]?.message).toMatch(/^Authentication Required: /);
  const row = card.shop.sql.prepare('select number from sales_order where cart_id = ? order by id desc').get(id) as {
    number: string;
  };
  return { id, number: row.number };
}

const intentOf = (number: string) => [...card.fake.intents.values()].find((i) => i.metadata.order_number === number)!;

describe('a card order waiting for its payment, met again from any browser (Stripe SDK against a local fake)', () => {
  it("its own customer reads the order's cart and finishes paying on it with the same card; nobody else learns it", async () => {
    const ada = await customer();
    const { id, number } = await waitingOrder(ada);
    const order = await listed(ada, number);
    expect(order?.status).toBe('Pending Payment');
    expect(cartIdOf(order)).toBe(id);

    // Another customer can neither read it nor give the order up; a guest is refused too.
    const eve = await customer();
    expect(await listed(eve, number)).toBeUndefined();
    const refused = await card.http.gql(CANCEL, { o: order!.id, r: 'mine now' }, eve);
    expect(refused.data.cancelOrder).toEqual({ error: 'The entity that was requested does not exist.', order: null });
    expect((await card.http.gql(CANCEL, { o: order!.id, r: 'x' })).errors?.[0]?.message).toMatch(/authorized/i);
    expect(orderStatus(number)).toBe('pending_payment');

    // From another browser: placeOrder on that cart answers the same challenge, never a second order.
    const again = await card.http.gql(PLACE_ORDER, { id }, ada);
    expect(again.errors?.[0]?.message).toBe(`Authentication Required: ${intentOf(number).client_secret}`);
    card.fake.finishNextAction(intentOf(number).id, 'succeed');
    const paid = await card.http.gql(PLACE_ORDER, { id }, ada);
    expect(paid.data.placeOrder.orderV2.number).toBe(number);
    expect(orderStatus(number)).toBe('processing');
    expect(cartIdOf(await listed(ada, number))).toBeNull();
    expect(card.shop.sql.prepare('select count(*) as n from sales_order where cart_id = ?').get(id)).toEqual({ n: 1 });
  });

  it('its customer gives it up without failing the challenge (cancelOrder): voided at Stripe, the cart open again for another card', async () => {
    const ada = await customer();
    const { id, number } = await waitingOrder(ada);
    const uid = (await listed(ada, number))!.id;
    // Input checked first: nothing changes.
    expect((await card.http.gql(CANCEL, { o: uid, r: '  ' }, ada)).errors?.[0]?.message).toMatch(/reason/);
    expect((await card.http.gql(CANCEL, { o: uid, r: 'x'.repeat(256) }, ada)).errors?.[0]?.message).toMatch(/255/);
    expect(orderStatus(number)).toBe('pending_payment');

    const canceled = await card.http.gql(CANCEL, { o: uid, r: 'Paying with another card' }, ada);
    expect(canceled.errors).toBeUndefined();
    expect(canceled.data.cancelOrder).toEqual({ error: null, order: { number, status: 'Canceled' } });
    expect(card.fake.intents.get(intentOf(number).id)!.status).toBe('canceled');
    expect(cartIdOf(await listed(ada, number))).toBeNull();
    // Given up twice: said, nothing more happens.
    expect((await card.http.gql(CANCEL, { o: uid, r: 'again' }, ada)).data.cancelOrder.error).toMatch(/Only an order/);

    expect((await card.http.gql(SET_CARD, { id, pm: 'pm_card_visa' }, ada)).errors).toBeUndefined();
    const paid = await card.http.gql(PLACE_ORDER, { id }, ada);
    expect(paid.errors).toBeUndefined();
    const next = paid.data.placeOrder.orderV2.number as string;
    expect(next).not.toBe(number);
    expect(orderStatus(next)).toBe('processing');
    expect(orderStatus(number)).toBe('canceled');
  });

  it('a payment finished meanwhile is kept: cancelOrder says so and the order stays paid', async () => {
    const ada = await customer();
    const { number } = await waitingOrder(ada);
    const uid = (await listed(ada, number))!.id;
    card.fake.finishNextAction(intentOf(number).id, 'succeed');
    const answer = await card.http.gql(CANCEL, { o: uid, r: 'too late' }, ada);
    expect(answer.data.cancelOrder.error).toMatch(/went through/);
    expect(orderStatus(number)).toBe('processing');
    expect(card.fake.intents.get(intentOf(number).id)!.status).toBe('succeeded');
  });
});
