// Saved Stripe cards for signed-in customers, in the dialect of Stripe's module for Adobe Commerce
// (listStripePaymentMethods, addStripePaymentMethod, deleteStripePaymentMethod; a saved card paid
// with by its `pm_…` id in stripe_payments), over real HTTP, with the official SDK against the
// local fake of Stripe's API (Customers, PaymentMethods attach/detach/list as Stripe documents them).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDRESS_CA, openShop, PLACE_ORDER, simpleProduct, addToCart, newCart, prepareCheckout } from './cartHarness';
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
const LIST =
  'mutation { listStripePaymentMethods { id created type fingerprint label icon cvc brand exp_month exp_year } }';
const ADD = 'mutation($pm: String) { addStripePaymentMethod(input: { payment_method: $pm }) { id type brand label } }';
const DELETE =
  'mutation($pm: String!) { deleteStripePaymentMethod(input: { payment_method: $pm, fingerprint: null }) }';

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

async function payAndSave(auth: Record<string, string>, pm: string, save: boolean) {
  const id = await customerCart(auth);
  const chosen = await card.http.gql(SET_CARD, { id, pm, save }, auth);
  expect(chosen.errors).toBeUndefined();
  return { id, placed: await card.http.gql(PLACE_ORDER, { id }, auth) };
}

describe('saved Stripe cards (Stripe SDK against a local fake gateway)', () => {
  it('saves the card a signed-in customer paid with on their own Stripe Customer, made once with an idempotency key', async () => {
    const ada = await customer();
    expect((await card.http.gql(LIST, {}, ada)).data.listStripePaymentMethods).toEqual([]);
    const { placed } = await payAndSave(ada, 'pm_card_visa', true);
    expect(placed.errors).toBeUndefined();
    const number = placed.data.placeOrder.orderV2.number as string;
    expect(orderStatus(number)).toBe('processing');

    const creates = card.fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/customers');
    expect(creates).toHaveLength(1);
    expect(creates[0]!.idempotencyKey).toMatch(/^vela-customer-\d+$/);
    const intent = [...card.fake.intents.values()].find((i) => i.metadata.order_number === number)!;
    expect(intent.customer).toMatch(/^cus_/);
    expect(intent.setup_future_usage).toBe('off_session');

    const listed = (await card.http.gql(LIST, {}, ada)).data.listStripePaymentMethods as Array<Record<string, unknown>>;
    expect(listed).toEqual([
      {
        id: intent.payment_method,
        created: expect.any(Number),
        type: 'card',
        fingerprint: 'fp_pm_card_visa',
        label: 'Visa •••• 4242',
        icon: null,
        cvc: false,
        brand: 'visa',
        exp_month: 12,
        exp_year: 2034,
      },
    ]);

    // The next order is paid with the saved card, for the same Stripe Customer; no second customer.
    const again = await payAndSave(ada, listed[0]!.id as string, false);
    expect(again.placed.errors).toBeUndefined();
    const second = [...card.fake.intents.values()].find(
      (i) => i.metadata.order_number === again.placed.data.placeOrder.orderV2.number,
    )!;
    expect(second).toMatchObject({ customer: intent.customer, payment_method: listed[0]!.id, status: 'succeeded' });
    expect(card.fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/customers')).toHaveLength(1);
    expect(card.fake.customers.size).toBe(1);
  });

  it('a card paid with without saving it is not saved, and a guest never gets a Stripe Customer', async () => {
    const bob = await customer();
    const before = card.fake.customers.size;
    const { placed } = await payAndSave(bob, 'pm_card_visa', false);
    expect(placed.errors).toBeUndefined();
    expect((await card.http.gql(LIST, {}, bob)).data.listStripePaymentMethods).toEqual([]);

    // A guest asking to save: paid as a one-off card, no customer made.
    const id = await newCart(card.shop);
    await addToCart(card.shop, id, [{ sku: card.product.sku, quantity: 1 }]);
    await prepareCheckout(card.shop, id);
    expect((await card.http.gql(SET_CARD, { id, pm: 'pm_card_visa', save: true })).errors).toBeUndefined();
    const guest = await card.http.gql(PLACE_ORDER, { id });
    expect(guest.errors).toBeUndefined();
    const intent = [...card.fake.intents.values()].find(
      (i) => i.metadata.order_number === guest.data.placeOrder.orderV2.number,
    )!;
    expect(intent).toMatchObject({ customer: null, setup_future_usage: null });
    expect(card.fake.customers.size).toBe(before);
    // And a guest cannot list, add or delete saved cards.
    for (const [query, variables] of [
      [LIST, {}],
      [ADD, { pm: 'pm_card_visa' }],
      [DELETE, { pm: 'pm_0123456789abcdef' }],
    ] as const)
      expect((await card.http.gql(query, variables)).errors?.[0]?.extensions?.category).toBe('graphql-authorization');
  });

  it("one customer can never see, pay with or delete another's saved card", async () => {
    const ada = await customer();
    const eve = await customer();
    const saved = await card.http.gql(ADD, { pm: 'pm_card_mastercard' }, ada);
    expect(saved.errors).toBeUndefined();
    expect(saved.data.addStripePaymentMethod).toMatchObject({
      type: 'card',
      brand: 'mastercard',
      label: 'Mastercard •••• 4444',
    });
    const pm = saved.data.addStripePaymentMethod.id as string;
    expect((await card.http.gql(LIST, {}, eve)).data.listStripePaymentMethods).toEqual([]);

    // Eve pays with Ada's card id: declined before Stripe is asked to pay; her cart stays hers.
    const intentsBefore = card.fake.intents.size;
    const { id, placed } = await payAndSave(eve, pm, false);
    expect(placed.data.placeOrder).toMatchObject({
      orderV2: null,
      errors: [{ code: 'UNABLE_TO_PLACE_ORDER', message: expect.stringMatching(/^The saved card is not available\./) }],
    });
    expect(card.fake.intents.size).toBe(intentsBefore);
    expect(
      (await card.http.gql('query($id: String!) { cart(cart_id: $id) { id } }', { id }, eve)).errors,
    ).toBeUndefined();

    // A guest pays with it: declined the same way.
    const guestCart = await newCart(card.shop);
    await addToCart(card.shop, guestCart, [{ sku: card.product.sku, quantity: 1 }]);
    await prepareCheckout(card.shop, guestCart);
    expect((await card.http.gql(SET_CARD, { id: guestCart, pm, save: false })).errors).toBeUndefined();
    const guestPlaced = await card.http.gql(PLACE_ORDER, { id: guestCart });
    expect(guestPlaced.data.placeOrder.errors[0].message).toMatch(/^The saved card is not available\./);
    expect(card.fake.intents.size).toBe(intentsBefore);

    // Eve cannot delete it, nor save it for herself; it stays Ada's.
    const deleted = await card.http.gql(DELETE, { pm }, eve);
    expect(deleted.errors?.[0]?.message).toBe('The payment method could not be found.');
    const taken = await card.http.gql(ADD, { pm }, eve);
    expect(taken.errors?.[0]?.message).toBe('The payment method could not be found.');
    const holder = card.fake.paymentMethods.get(pm)!.customer;
    expect(holder).toMatch(/^cus_/);
    expect(card.fake.customers.get(holder!)!.metadata.vela_customer_id).toBeDefined();
    expect((await card.http.gql(LIST, {}, ada)).data.listStripePaymentMethods).toHaveLength(1);

    // Ada deletes it: detached at Stripe, gone from her list, and it cannot pay any more.
    const removed = await card.http.gql(DELETE, { pm }, ada);
    expect(removed.errors).toBeUndefined();
    expect(card.fake.paymentMethods.get(pm)!.customer).toBeNull();
    expect((await card.http.gql(LIST, {}, ada)).data.listStripePaymentMethods).toEqual([]);
  });

  it('refuses what is not a Stripe payment method id and changes nothing', async () => {
    const ada = await customer();
    const requests = card.fake.requests.length;
    for (const pm of ['', 'card_123', 'pm_../../v1/customers', `pm_${'a'.repeat(300)}`]) {
      const added = await card.http.gql(ADD, { pm }, ada);
      expect(added.errors?.[0]?.message).toBe('The "payment_method" is not a Stripe payment method id.');
      expect((await card.http.gql(DELETE, { pm }, ada)).errors?.[0]?.message).toBe(
        'The "payment_method" is not a Stripe payment method id.',
      );
    }
    expect(card.fake.requests.length).toBe(requests);
  });

  it("the Stripe Customer carries the customer's e-mail and name, and is deleted at Stripe with the account, retried until Stripe takes it", async () => {
    const ada = await customer();
    const email = (await card.http.gql('{ customer { email } }', {}, ada)).data.customer.email as string;
    expect((await payAndSave(ada, 'pm_card_visa', true)).placed.errors).toBeUndefined();
    const holderOf = () =>
      card.shop.sql
        .prepare(
          'select s.stripe_customer_id as id from stripe_customer s join customer c on c.id = s.customer_id where c.email = ?',
        )
        .get(email) as { id: string } | undefined;
    const holder = holderOf()!.id;
    expect(card.fake.customers.get(holder)).toMatchObject({ email, name: 'Ada Lovelace' });
    const rows = () =>
      (
        card.shop.sql.prepare('select count(*) as n from stripe_customer where stripe_customer_id = ?').get(holder) as {
          n: number;
        }
      ).n;

    // Stripe is unavailable when the account goes: the account is deleted all the same, the Stripe
    // Customer is left for the sweep.
    card.fake.customerDeletionDown = true;
    try {
      const deleted = await card.http.gql('mutation { deleteCustomer }', {}, ada);
      expect(deleted.errors).toBeUndefined();
      await card.shop.commerce.deliverMail(); // waits for the work started after the answer
      expect(card.fake.customers.has(holder)).toBe(true);
      expect(rows()).toBe(1);
      await expect(card.shop.commerce.forgetDeletedStripeCustomers()).rejects.toThrow();
      expect(rows()).toBe(1);
    } finally {
      card.fake.customerDeletionDown = false;
    }
    expect(await card.shop.commerce.forgetDeletedStripeCustomers()).toBe(1);
    expect(card.fake.customers.has(holder)).toBe(false);
    expect(card.fake.deletedCustomers.filter((id) => id === holder)).toHaveLength(1);
    expect(rows()).toBe(0);
    // Nothing left: the sweep asks Stripe nothing more.
    const before = card.fake.requests.length;
    expect(await card.shop.commerce.forgetDeletedStripeCustomers()).toBe(0);
    expect(card.fake.requests.length).toBe(before);
  });

  it('deletes the Stripe Customer right after the account, and a Customer Stripe already deleted counts as done', async () => {
    const bob = await customer();
    expect((await payAndSave(bob, 'pm_card_visa', true)).placed.errors).toBeUndefined();
    const email = (await card.http.gql('{ customer { email } }', {}, bob)).data.customer.email as string;
    const holder = (
      card.shop.sql
        .prepare(
          'select s.stripe_customer_id as id from stripe_customer s join customer c on c.id = s.customer_id where c.email = ?',
        )
        .get(email) as { id: string }
    ).id;
    expect((await card.http.gql('mutation { deleteCustomer }', {}, bob)).errors).toBeUndefined();
    await card.shop.commerce.deliverMail();
    expect(card.fake.deletedCustomers).toContain(holder);
    expect(
      card.shop.sql.prepare('select count(*) as n from stripe_customer where stripe_customer_id = ?').get(holder),
    ).toEqual({
      n: 0,
    });

    // A row left behind whose Customer Stripe no longer has (deleted in its dashboard, or an
    // answer lost after Stripe deleted it): resource_missing is taken as done.
    const carl = await customer();
    expect((await payAndSave(carl, 'pm_card_visa', true)).placed.errors).toBeUndefined();
    const carlEmail = (await card.http.gql('{ customer { email } }', {}, carl)).data.customer.email as string;
    const carlHolder = (
      card.shop.sql
        .prepare(
          'select s.stripe_customer_id as id from stripe_customer s join customer c on c.id = s.customer_id where c.email = ?',
        )
        .get(carlEmail) as { id: string }
    ).id;
    card.fake.customers.delete(carlHolder);
    expect((await card.http.gql('mutation { deleteCustomer }', {}, carl)).errors).toBeUndefined();
    await card.shop.commerce.deliverMail();
    expect(
      card.shop.sql.prepare('select count(*) as n from stripe_customer where stripe_customer_id = ?').get(carlHolder),
    ).toEqual({
      n: 0,
    });
  });
});
