// Hostile requests against Braintree card payments, over real HTTP: the shop's GraphQL API and its
// webhook endpoint on one side, the official `braintree` SDK in the shop talking to a local fake of
// Braintree's gateway (test/fakes/braintreeFake.ts) on the other. A payment "starts" in the
// browser (hosted fields, 3-D Secure's verifyCard on the total the shopper saw) and reaches the
// shop as a nonce on the cart; whatever happens between then and placeOrder, the sale is for the
// order the server priced, in the currency Braintree takes, once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToCart, newCart, openShop, PLACE_ORDER, prepareCheckout, simpleProduct } from './cartHarness';
import type { Fixture, GraphQLResult, Shop } from './cartHarness';
import { startBraintreeFake, type BraintreeFake } from './fakes/braintreeFake';
import { serveOverHttp, type ShopOverHttp } from './fakes/shopOverHttp';

const SET_NONCE = `mutation($id: String!, $nonce: String!) { setPaymentMethodOnCart(input: { cart_id: $id,
  payment_method: { code: "braintree", braintree: { payment_method_nonce: $nonce, is_active_payment_token_enabler: false } } }) {
  cart { selected_payment_method { code } } } }`;
const TOTAL = `query($id: String!) { cart(cart_id: $id) { prices { grand_total { value currency } } } }`;

describe('hostile requests against Braintree card payments (Braintree SDK against a local fake gateway)', () => {
  let fake: BraintreeFake;
  let shop: Shop;
  let http: ShopOverHttp;
  let product: Fixture;
  beforeAll(async () => {
    fake = await startBraintreeFake();
    shop = await openShop({
      braintree: {
        merchantId: fake.merchantId,
        publicKey: fake.publicKey,
        privateKey: fake.privateKey,
        environment: 'sandbox',
        api: { host: fake.host, port: fake.port },
      },
    });
    http = await serveOverHttp(shop.commerce);
    shop.gql = (query, variables) => http.gql(query, variables);
    product = simpleProduct(shop, { price: 2500, stock: 100, offset: 23 });
  }, 60_000);
  afterAll(async () => {
    await http?.close();
    await shop?.close();
    await fake?.close();
  });

  async function cartPaidWith(nonce: string, quantity = 1): Promise<string> {
    const id = await newCart(shop);
    expect((await addToCart(shop, id, [{ sku: product.sku, quantity }])).data.addProductsToCart.user_errors).toEqual(
      [],
    );
    await prepareCheckout(shop, id);
    expect((await shop.gql(SET_NONCE, { id, nonce })).errors).toBeUndefined();
    return id;
  }
  const ordersOf = (cartId: string) =>
    shop.sql
      .prepare('select number, status, grand_total, currency from sales_order where cart_id = ? order by id')
      .all(cartId) as Array<{ number: string; status: string; grand_total: number; currency: string }>;
  const salesOf = (number: string) => fake.sales().filter((t) => t.orderId === number);
  const placedNumber = (answer: GraphQLResult) => answer.data?.placeOrder?.orderV2?.number as string | undefined;

  it('a currency switch between the payment starting and placeOrder takes no money in the wrong currency; back in dollars, the same cart pays', async () => {
    const id = await cartPaidWith('fake-valid-nonce');
    const started = (await http.gql(TOTAL, { id })).data.cart.prices.grand_total as { value: number; currency: string };
    expect(started.currency).toBe('USD');
    // Braintree's merchant account takes the shop's base currency: a cart priced in euros is not
    // offered Braintree, so a placeOrder sent in euros is refused before any order or sale.
    const offered = await http.gql(
      'query($id: String!) { cart(cart_id: $id) { available_payment_methods { code } } }',
      { id },
      { 'Content-Currency': 'EUR' },
    );
    expect(offered.data.cart.available_payment_methods.map((m: { code: string }) => m.code)).not.toContain('braintree');
    const salesBefore = fake.sales().length;
    const inEuros = await http.gql(PLACE_ORDER, { id }, { 'Content-Currency': 'EUR' });
    expect(inEuros.data?.placeOrder?.orderV2 ?? null).toBeNull();
    expect(JSON.stringify(inEuros)).toContain('Enter a valid payment method and try again.');
    expect(ordersOf(id)).toEqual([]);
    expect(fake.sales().length).toBe(salesBefore);

    const inDollars = await http.gql(PLACE_ORDER, { id }, { 'Content-Currency': 'USD' });
    const number = placedNumber(inDollars)!;
    const [order] = ordersOf(id);
    expect(order).toMatchObject({ number, status: 'processing', currency: 'USD' });
    expect(order!.grand_total).toBe(Math.round(started.value * 100));
    expect(salesOf(number)).toMatchObject([{ amount: started.value.toFixed(2), currency: 'USD' }]);
  });

  it('a cart changed after the payment started: the sale is for the cart as it is at placeOrder', async () => {
    const id = await cartPaidWith('fake-valid-nonce');
    const started = (await http.gql(TOTAL, { id })).data.cart.prices.grand_total.value as number;
    // After the browser verified the card for that total, two more items join the cart.
    expect((await addToCart(shop, id, [{ sku: product.sku, quantity: 2 }])).errors).toBeUndefined();
    const now = (await http.gql(TOTAL, { id })).data.cart.prices.grand_total.value as number;
    expect(now).toBeGreaterThan(started);
    const number = placedNumber(await shop.gql(PLACE_ORDER, { id }))!;
    const [order] = ordersOf(id);
    expect(order).toMatchObject({ number, status: 'processing', grand_total: Math.round(now * 100) });
    expect(salesOf(number)).toMatchObject([{ amount: now.toFixed(2) }]);
  });

  it('placeOrder and a cart change sent at once: the sale is for exactly what the order holds', async () => {
    const id = await cartPaidWith('fake-valid-nonce');
    const [placed, added] = await Promise.all([
      shop.gql(PLACE_ORDER, { id }),
      addToCart(shop, id, [{ sku: product.sku, quantity: 3 }]),
    ]);
    const number = placedNumber(placed)!;
    const [order] = ordersOf(id);
    expect(order?.number).toBe(number);
    // Either the items came in before the order was made (and are in it), or the cart was closed.
    const inOrder = Number(
      (
        shop.sql
          .prepare(
            'select coalesce(sum(i.quantity), 0) as n from sales_order_item i join sales_order o on o.id = i.order_id where o.number = ?',
          )
          .get(number) as { n: number }
      ).n,
    );
    if (added.errors) expect(inOrder).toBe(1);
    else expect(inOrder).toBe(4);
    expect(salesOf(number)).toMatchObject([{ amount: (order!.grand_total / 100).toFixed(2) }]);
  });

  it('ignores a client-sent amount: the input has none, and the sale is for the order total', async () => {
    const id = await cartPaidWith('fake-valid-nonce');
    const withAmount = await shop.gql(
      `mutation($id: String!) { setPaymentMethodOnCart(input: { cart_id: $id, payment_method: { code: "braintree",
        braintree: { payment_method_nonce: "fake-valid-nonce", is_active_payment_token_enabler: false, amount: 0.01 } } }) { cart { id } } }`,
      { id },
    );
    expect(withAmount.errors?.[0]?.message).toMatch(/"amount" is not defined by type "BraintreeInput"/);
    const placedWithAmount = await shop.gql(
      `mutation($id: String!) { placeOrder(input: { cart_id: $id, amount: 0.01 }) { orderV2 { number } } }`,
      { id },
    );
    expect(placedWithAmount.errors?.[0]?.message).toMatch(/"amount" is not defined/);
    expect(ordersOf(id)).toEqual([]);
    const number = placedNumber(await shop.gql(PLACE_ORDER, { id }))!;
    const [order] = ordersOf(id);
    expect(salesOf(number)).toMatchObject([{ amount: (order!.grand_total / 100).toFixed(2) }]);
  });

  it('two placeOrder at once on one cart with a nonce: one order, one sale, one mail', async () => {
    const id = await cartPaidWith('fake-valid-nonce');
    const answers = await Promise.all([shop.gql(PLACE_ORDER, { id }), shop.gql(PLACE_ORDER, { id })]);
    expect(answers.map((a) => a.errors)).toEqual([undefined, undefined]);
    const numbers = new Set(answers.map(placedNumber));
    expect(numbers.size).toBe(1);
    const [number] = [...numbers];
    expect(ordersOf(id)).toHaveLength(1);
    expect(salesOf(number!)).toHaveLength(1);
    const mails = shop.sql
      .prepare('select count(*) as n from mail_outbox where file_stem = ?')
      .get(`order-${number}`) as {
      n: number;
    };
    expect(Number(mails.n)).toBe(1);
  });

  it('refuses a forged Braintree notification and takes a replayed one once', async () => {
    const id = await cartPaidWith('fake-valid-nonce');
    const number = placedNumber(await shop.gql(PLACE_ORDER, { id }))!;
    const [sale] = salesOf(number);
    fake.settle(sale!.id);
    const deliveries = () =>
      Number((shop.sql.prepare('select count(*) as n from payment_webhook_event').get() as { n: number }).n);
    const seen = deliveries();
    const forged = await fake.notification('transaction_settled', sale!.id, 'a_key_that_is_not_braintrees');
    expect(await http.braintreeWebhook(forged)).toEqual({
      status: 400,
      body: { error: 'The signature could not be verified.' },
    });
    expect(deliveries()).toBe(seen);
    const genuine = await fake.notification('transaction_settled', sale!.id);
    expect((await http.braintreeWebhook(genuine)).body).toEqual({ received: true, duplicate: false });
    // Recorded and sent again later: known, changes nothing.
    const paidBefore = shop.sql.prepare('select total_paid from sales_order where number = ?').get(number);
    expect((await http.braintreeWebhook(genuine)).body).toEqual({ received: true, duplicate: true });
    expect(deliveries()).toBe(seen + 1);
    expect(shop.sql.prepare('select total_paid from sales_order where number = ?').get(number)).toEqual(paidBefore);
  });
});
