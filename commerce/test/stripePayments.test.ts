// Card orders through Stripe, end to end over real HTTP: the shop's GraphQL API and its webhook
// endpoint on one side, the official Stripe SDK in the shop talking to a local fake of Stripe's
// REST API (test/fakes/stripeFake.ts) on the other. Nothing here reaches Stripe itself: what these
// tests show holds against the fake, which follows Stripe's documented API for the calls we make.
import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { addToCart, newCart, openShop, PLACE_ORDER, prepareCheckout, simpleProduct } from './cartHarness';
import type { Fixture, Shop } from './cartHarness';
import {
  FAKE_PUBLISHABLE_KEY,
  FAKE_SECRET_KEY,
  FAKE_WEBHOOK_SECRET,
  startStripeFake,
  type FakeIntent,
  type StripeFake,
} from './fakes/stripeFake';
import { serveOverHttp, type ShopOverHttp } from './fakes/shopOverHttp';
import { createStaff, signedIn, type StaffBrowser } from './backOfficeHarness';

const SET_CARD = `mutation($id: String!, $pm: String!) { setPaymentMethodOnCart(input: { cart_id: $id,
  payment_method: { code: "stripe_payments", stripe_payments: { payment_element: true, payment_method: $pm } } }) {
  cart { selected_payment_method { code title } } } }`;

interface Card {
  fake: StripeFake;
  shop: Shop;
  http: ShopOverHttp;
  product: Fixture;
  close(): Promise<void>;
}

async function openCardShop(options: { captureLater: boolean; offset: number; now?: () => Date }): Promise<Card> {
  const fake = await startStripeFake();
  const shop = await openShop({
    ...(options.now ? { now: options.now } : {}),
    stripe: {
      secretKey: FAKE_SECRET_KEY,
      publishableKey: FAKE_PUBLISHABLE_KEY,
      webhookSecret: FAKE_WEBHOOK_SECRET,
      captureLater: options.captureLater,
      api: fake.api,
    },
  });
  const http = await serveOverHttp(shop.commerce);
  // Every request of the cart harness goes over HTTP too.
  shop.gql = (query, variables) => http.gql(query, variables);
  const product = simpleProduct(shop, { price: 2500, stock: 100, offset: options.offset });
  return {
    fake,
    shop,
    http,
    product,
    async close() {
      await http.close();
      await shop.close();
      await fake.close();
    },
  };
}

/** A guest cart ready to place, paying with the Stripe test payment method `pm`. */
async function cardCart(card: Card, pm: string, quantity = 1): Promise<string> {
  const id = await newCart(card.shop);
  const added = await addToCart(card.shop, id, [{ sku: card.product.sku, quantity }]);
  expect(added.data.addProductsToCart.user_errors).toEqual([]);
  await prepareCheckout(card.shop, id);
  const chosen = await card.shop.gql(SET_CARD, { id, pm });
  expect(chosen.errors).toBeUndefined();
  expect(chosen.data.setPaymentMethodOnCart.cart.selected_payment_method.code).toBe('stripe_payments');
  return id;
}

const orderRow = (shop: Shop, number: string) =>
  shop.sql
    .prepare('select id, status, total_paid, total_refunded, grand_total, currency from sales_order where number = ?')
    .get(number) as {
    id: number;
    status: string;
    total_paid: number;
    total_refunded: number;
    grand_total: number;
    currency: string;
  };
const ordersOfCart = (shop: Shop, cartId: string) =>
  shop.sql.prepare('select number, status from sales_order where cart_id = ? order by id').all(cartId) as Array<{
    number: string;
    status: string;
  }>;
const mails = (shop: Shop, number: string) =>
  Number(
    (
      shop.sql.prepare('select count(*) as n from mail_outbox where file_stem = ?').get(`order-${number}`) as {
        n: number;
      }
    ).n,
  );
const transactions = (shop: Shop, number: string): Array<Record<string, unknown> & { amount: number }> =>
  (
    shop.sql
      .prepare(
        `select t.kind, t.status, t.amount, t.currency, t.gateway_id, t.idempotency_key, t.failure_code
         from payment_transaction t join sales_order o on o.id = t.order_id where o.number = ? order by t.created_at, t.kind`,
      )
      .all(number) as Array<Record<string, unknown>>
  ).map((t) => ({ ...t, amount: Number(t.amount) }));
const stockOf = (shop: Shop, id: number) =>
  Number((shop.sql.prepare('select stock_qty from product where id = ?').get(id) as { stock_qty: number }).stock_qty);

/** The payment intent the fake made for an order. */
function intentOf(fake: StripeFake, number: string): FakeIntent {
  const found = [...fake.intents.values()].filter((i) => i.metadata.order_number === number);
  expect(found).toHaveLength(1);
  return found[0]!;
}

async function deliver(card: Card, intentId: string, type: string) {
  const [event] = card.fake.eventsFor(intentId, type).slice(-1);
  if (!event) throw new Error(`no ${type} event for ${intentId}`);
  const { body, signature } = card.fake.signed(event);
  return card.http.webhook(body, signature);
}

describe('card payments, captured at once (Stripe SDK against a local fake gateway)', () => {
  let card: Card;
  // The shop's clock: moved forward to let a waiting payment expire.
  let clockOffset = 0;
  beforeAll(async () => {
    card = await openCardShop({ captureLater: false, offset: 3, now: () => new Date(Date.now() + clockOffset) });
  }, 60_000);
  afterAll(async () => card?.close());

  it('offers Pay by Card and tells the storefront the publishable key, never the secret one', async () => {
    const id = await newCart(card.shop);
    await addToCart(card.shop, id, [{ sku: card.product.sku, quantity: 1 }]);
    const result = await card.shop.gql(
      `query($id: String!) { cart(cart_id: $id) { available_payment_methods { code title } }
         getStripeConfiguration { apiKey locale appInfo options { betas apiVersion } elementsOptions } }`,
      { id },
    );
    expect(result.errors).toBeUndefined();
    expect(result.data.cart.available_payment_methods).toContainEqual({
      code: 'stripe_payments',
      title: 'Pay by Card',
    });
    expect(result.data.getStripeConfiguration.apiKey).toBe(FAKE_PUBLISHABLE_KEY);
    expect(JSON.parse(result.data.getStripeConfiguration.elementsOptions)).toMatchObject({
      mode: 'payment',
      captureMethod: 'automatic',
      paymentMethodCreation: 'manual',
    });
    expect(JSON.stringify(result)).not.toContain(FAKE_SECRET_KEY);
  });

  it('a card order waits in pending_payment; a late webhook confirms it, and the confirmation mail is queued once', async () => {
    const id = await cardCart(card, 'pm_card_vela_processing', 2);
    const placed = await card.shop.gql(PLACE_ORDER, { id });
    expect(placed.errors).toBeUndefined();
    expect(placed.data.placeOrder.errors).toEqual([]);
    const number = placed.data.placeOrder.orderV2.number as string;
    expect(placed.data.placeOrder.orderV2.status).toBe('Pending Payment');
    const order = orderRow(card.shop, number);
    expect(mails(card.shop, number)).toBe(0);

    // The amount Stripe was asked for is the order's total, computed by the server, with the order's key.
    const intent = intentOf(card.fake, number);
    expect(intent.amount).toBe(order.grand_total);
    expect(intent.currency).toBe(order.currency.toLowerCase());
    const creates = card.fake.requests.filter(
      (r) => r.path === '/v1/payment_intents' && r.params['metadata[order_number]'] === number,
    );
    expect(creates.map((r) => r.idempotencyKey)).toEqual([`vela-order-${number}-authorize-1`]);

    card.fake.settleProcessing(intent.id, 'succeed');
    const confirmed = await deliver(card, intent.id, 'payment_intent.succeeded');
    expect(confirmed).toEqual({ status: 200, body: { received: true, duplicate: false } });
    expect(orderRow(card.shop, number)).toMatchObject({ status: 'processing', total_paid: order.grand_total });
    expect(mails(card.shop, number)).toBe(1);
    expect(transactions(card.shop, number)).toEqual([
      expect.objectContaining({
        kind: 'authorization',
        status: 'succeeded',
        gateway_id: intent.id,
        amount: order.grand_total,
      }),
      expect.objectContaining({
        kind: 'capture',
        status: 'succeeded',
        gateway_id: intent.id,
        amount: order.grand_total,
      }),
    ]);

    // The same event again (Stripe retries), and a retried placeOrder: nothing changes, no second mail.
    expect(await deliver(card, intent.id, 'payment_intent.succeeded')).toEqual({
      status: 200,
      body: { received: true, duplicate: true },
    });
    const retried = await card.shop.gql(PLACE_ORDER, { id });
    expect(retried.data.placeOrder.orderV2).toMatchObject({ number, status: 'Processing' });
    expect(mails(card.shop, number)).toBe(1);
    await card.shop.commerce.deliverMail();
    expect(readdirSync(card.shop.mailDir)).toContain(`order-${number}.eml`);
  });

  it('3-D Secure: placeOrder answers the next action with the client secret, and after it the retry answers the paid order', async () => {
    const id = await cardCart(card, 'pm_card_threeDSecure2Required');
    const first = await card.shop.gql(PLACE_ORDER, { id });
    expect(first.data?.placeOrder ?? null).toBeNull();
    const message = first.errors?.[0]?.message ?? '';
    expect(message).toMatch(/^Authentication Required: pi_[0-9a-f]+_secret_[0-9a-f]+$/);
    const [number] = ordersOfCart(card.shop, id).map((o) => o.number);
    const intent = intentOf(card.fake, number!);
    expect(message).toBe(`Authentication Required: ${intent.client_secret}`);
    expect(orderRow(card.shop, number!).status).toBe('pending_payment');

    // Until the shopper finishes it, asking again answers the same next action.
    const again = await card.shop.gql(PLACE_ORDER, { id });
    expect(again.errors?.[0]?.message).toBe(message);

    card.fake.finishNextAction(intent.id, 'succeed');
    const paid = await card.shop.gql(PLACE_ORDER, { id });
    expect(paid.errors).toBeUndefined();
    expect(paid.data.placeOrder.orderV2).toMatchObject({ number, status: 'Processing' });
    expect(mails(card.shop, number!)).toBe(1);
    // The webhooks arrive afterwards, in Stripe's order and then again: nothing moves.
    for (const type of ['payment_intent.requires_action', 'payment_intent.succeeded', 'payment_intent.requires_action'])
      expect((await deliver(card, intent.id, type)).status).toBe(200);
    expect(orderRow(card.shop, number!).status).toBe('processing');
    expect(mails(card.shop, number!)).toBe(1);
  });

  it("a declined card answers the gateway's reason, cancels the order with its stock back and leaves the cart; another card on the same cart pays", async () => {
    const stock = stockOf(card.shop, card.product.id);
    const id = await cardCart(card, 'pm_card_chargeDeclinedInsufficientFunds', 3);
    const declined = await card.shop.gql(PLACE_ORDER, { id });
    expect(declined.errors).toBeUndefined();
    expect(declined.data.placeOrder).toMatchObject({
      orderV2: null,
      errors: [
        {
          code: 'UNABLE_TO_PLACE_ORDER',
          message: 'Your card has insufficient funds. Choose another payment method and try again.',
        },
      ],
    });
    const [first] = ordersOfCart(card.shop, id);
    expect(first!.status).toBe('canceled');
    expect(transactions(card.shop, first!.number)).toEqual([
      expect.objectContaining({
        kind: 'authorization',
        status: 'failed',
        failure_code: 'card_declined:insufficient_funds',
      }),
    ]);
    expect(stockOf(card.shop, card.product.id)).toBe(stock);
    expect(mails(card.shop, first!.number)).toBe(0);

    // The cart is still the shopper's: another card, the same cart.
    expect((await card.shop.gql(SET_CARD, { id, pm: 'pm_card_visa' })).errors).toBeUndefined();
    const paid = await card.shop.gql(PLACE_ORDER, { id });
    expect(paid.data.placeOrder.errors).toEqual([]);
    expect(paid.data.placeOrder.orderV2.status).toBe('Processing');
    expect(paid.data.placeOrder.orderV2.number).not.toBe(first!.number);
    expect(stockOf(card.shop, card.product.id)).toBe(stock - 3);
    expect(ordersOfCart(card.shop, id).map((o) => o.status)).toEqual(['canceled', 'processing']);
  });

  it('a declined card gives its coupon use back, so the retry on the same cart still gets the discount', async () => {
    card.shop.sql.prepare(`update sales_coupon set usage_limit = 1, times_used = 0 where code = 'SAVE20'`).run();
    const used = () =>
      Number(
        (
          card.shop.sql.prepare(`select times_used from sales_coupon where code = 'SAVE20'`).get() as {
            times_used: number;
          }
        ).times_used,
      );
    const id = await newCart(card.shop);
    await addToCart(card.shop, id, [{ sku: card.product.sku, quantity: 5 }]);
    const coupon = await card.shop.gql(
      'mutation($id: String!) { applyCouponToCart(input: { cart_id: $id, coupon_code: "SAVE20" }) { cart { id } } }',
      { id },
    );
    expect(coupon.errors).toBeUndefined();
    await prepareCheckout(card.shop, id);
    await card.shop.gql(SET_CARD, { id, pm: 'pm_card_chargeDeclined' });
    const declined = await card.shop.gql(PLACE_ORDER, { id });
    expect(declined.data.placeOrder.errors[0].message).toBe(
      'Your card was declined. Choose another payment method and try again.',
    );
    expect(used()).toBe(0);
    await card.shop.gql(SET_CARD, { id, pm: 'pm_card_visa' });
    const paid = await card.shop.gql(PLACE_ORDER, { id });
    expect(paid.data.placeOrder.orderV2.applied_coupons).toEqual([{ code: 'SAVE20' }]);
    expect(used()).toBe(1);
  });

  it('a 3-D Secure challenge the shopper fails gives the cart back', async () => {
    const id = await cardCart(card, 'pm_card_threeDSecure2Required');
    expect((await card.shop.gql(PLACE_ORDER, { id })).errors?.[0]?.message).toMatch(/^Authentication Required: /);
    const [pending] = ordersOfCart(card.shop, id);
    card.fake.finishNextAction(intentOf(card.fake, pending!.number).id, 'fail');
    const failed = await card.shop.gql(PLACE_ORDER, { id });
    expect(failed.data.placeOrder.errors).toEqual([
      {
        code: 'UNABLE_TO_PLACE_ORDER',
        message: 'The card could not be authenticated. Choose another payment method and try again.',
      },
    ]);
    expect(ordersOfCart(card.shop, id).map((o) => o.status)).toEqual(['canceled']);
    expect((await card.shop.gql('query($id: String!) { cart(cart_id: $id) { id } }', { id })).errors).toBeUndefined();
  });

  it('a refund made in the Stripe dashboard (charge.refunded) is recorded, in part and then in full', async () => {
    const id = await cardCart(card, 'pm_card_visa');
    const placed = await card.shop.gql(PLACE_ORDER, { id });
    const number = placed.data.placeOrder.orderV2.number as string;
    const intent = intentOf(card.fake, number);
    const total = orderRow(card.shop, number).grand_total;
    card.fake.refundInDashboard(intent.id, 500);
    expect((await deliver(card, intent.id, 'charge.refunded')).status).toBe(200);
    expect(orderRow(card.shop, number)).toMatchObject({ status: 'processing', total_refunded: 500 });
    card.fake.refundInDashboard(intent.id, total - 500);
    expect((await deliver(card, intent.id, 'charge.refunded')).status).toBe(200);
    expect(orderRow(card.shop, number)).toMatchObject({ status: 'closed', total_refunded: total });
    expect(
      transactions(card.shop, number)
        .filter((t) => t.kind === 'refund')
        .map((t) => t.amount),
    ).toEqual([500, total - 500]);
  });

  it('a payment left waiting (the tab closed during 3-D Secure) expires after an hour: voided at Stripe, the order canceled, stock and cart back', async () => {
    const stock = stockOf(card.shop, card.product.id);
    const id = await cardCart(card, 'pm_card_threeDSecure2Required', 2);
    expect((await card.shop.gql(PLACE_ORDER, { id })).errors?.[0]?.message).toMatch(/^Authentication Required: /);
    const [pending] = ordersOfCart(card.shop, id);
    const intent = intentOf(card.fake, pending!.number);
    expect(stockOf(card.shop, card.product.id)).toBe(stock - 2);
    expect(await card.shop.commerce.expireAbandonedPayments()).toBe(0);
    clockOffset = 61 * 60_000;
    try {
      expect(await card.shop.commerce.expireAbandonedPayments()).toBe(1);
    } finally {
      clockOffset = 0;
    }
    expect(card.fake.intents.get(intent.id)!.status).toBe('canceled');
    expect(orderRow(card.shop, pending!.number).status).toBe('canceled');
    expect(stockOf(card.shop, card.product.id)).toBe(stock);
    expect((await card.shop.gql('query($id: String!) { cart(cart_id: $id) { id } }', { id })).errors).toBeUndefined();
    expect(await card.shop.commerce.expireAbandonedPayments()).toBe(0);
  });
});

describe('hostile requests against card payments (Stripe SDK against a local fake gateway)', () => {
  let card: Card;
  beforeAll(async () => {
    card = await openCardShop({ captureLater: false, offset: 4 });
  }, 60_000);
  afterAll(async () => card?.close());

  async function pendingOrder(): Promise<{ id: string; number: string; intent: FakeIntent }> {
    const id = await cardCart(card, 'pm_card_vela_processing');
    const placed = await card.shop.gql(PLACE_ORDER, { id });
    const number = placed.data.placeOrder.orderV2.number as string;
    return { id, number, intent: intentOf(card.fake, number) };
  }

  it('refuses forged, unsigned, replayed and oversized webhooks and changes nothing', async () => {
    const { number, intent } = await pendingOrder();
    card.fake.settleProcessing(intent.id, 'succeed');
    const [event] = card.fake.eventsFor(intent.id, 'payment_intent.succeeded');
    const forged = card.fake.signed(event!, { secret: 'whsec_not_the_shops' });
    expect(await card.http.webhook(forged.body, forged.signature)).toEqual({
      status: 400,
      body: { error: 'The signature could not be verified.' },
    });
    expect((await card.http.webhook(forged.body, null)).status).toBe(400);
    // Signed by Stripe's secret, but the body was changed on the way.
    const genuine = card.fake.signed(event!);
    expect((await card.http.webhook(genuine.body.replace(intent.id, 'pi_other'), genuine.signature)).status).toBe(400);
    // A genuine delivery recorded and replayed ten minutes later.
    const old = card.fake.signed(event!, { at: Math.floor(Date.now() / 1000) - 600 });
    expect((await card.http.webhook(old.body, old.signature)).status).toBe(400);
    const huge = card.fake.signed({
      ...event!,
      data: { object: { ...event!.data.object, padding: 'x'.repeat(70_000) } },
    });
    expect((await card.http.webhook(huge.body, huge.signature)).status).toBe(413);
    expect(orderRow(card.shop, number).status).toBe('pending_payment');
    expect(mails(card.shop, number)).toBe(0);
    // None of them was recorded as delivered, so the genuine one is not taken for a repeat.
    expect(
      Number((card.shop.sql.prepare('select count(*) as n from payment_webhook_event').get() as { n: number }).n),
    ).toBe(0);
    // The genuine one, on time, is taken.
    expect((await card.http.webhook(genuine.body, genuine.signature)).status).toBe(200);
    expect(orderRow(card.shop, number).status).toBe('processing');
  });

  it('ignores what a client sends as an amount: the field does not exist, and Stripe is asked for the order total', async () => {
    const id = await cardCart(card, 'pm_card_visa');
    const sneaky = await card.shop.gql(
      `mutation($id: String!) { setPaymentMethodOnCart(input: { cart_id: $id, payment_method: { code: "stripe_payments",
         stripe_payments: { payment_method: "pm_card_visa", amount: 1 } } }) { cart { id } } }`,
      { id },
    );
    expect(sneaky.errors?.[0]?.message).toMatch(/"amount" is not defined by type "StripePaymentsInput"/);
    const bad = await card.shop.gql(SET_CARD, { id, pm: 'tok_visa; amount=1' });
    expect(bad.errors?.[0]?.message).toBe('The "payment_method" is not a Stripe payment method id.');
    const placed = await card.shop.gql(PLACE_ORDER, { id });
    const number = placed.data.placeOrder.orderV2.number as string;
    expect(intentOf(card.fake, number).amount).toBe(orderRow(card.shop, number).grand_total);
  });

  it('two placeOrder at once on one card cart: one order, one payment at Stripe, one mail', async () => {
    const id = await cardCart(card, 'pm_card_visa');
    const results = await Promise.all([card.shop.gql(PLACE_ORDER, { id }), card.shop.gql(PLACE_ORDER, { id })]);
    expect(results.map((r) => r.errors)).toEqual([undefined, undefined]);
    const numbers = new Set(results.map((r) => r.data.placeOrder.orderV2?.number as string));
    expect(numbers.size).toBe(1);
    const [number] = [...numbers];
    expect(ordersOfCart(card.shop, id)).toHaveLength(1);
    intentOf(card.fake, number!);
    expect(orderRow(card.shop, number!).status).toBe('processing');
    expect(mails(card.shop, number!)).toBe(1);
  });

  it('a currency switch after the payment started changes neither the order nor the payment', async () => {
    const id = await cardCart(card, 'pm_card_threeDSecure2Required');
    expect((await card.shop.gql(PLACE_ORDER, { id })).errors?.[0]?.message).toMatch(/^Authentication Required: /);
    const [pending] = ordersOfCart(card.shop, id);
    const before = orderRow(card.shop, pending!.number);
    const intent = intentOf(card.fake, pending!.number);
    card.fake.finishNextAction(intent.id, 'succeed');
    const inEuros = await card.http.gql(PLACE_ORDER, { id }, { 'Content-Currency': 'EUR' });
    expect(inEuros.errors).toBeUndefined();
    expect(inEuros.data.placeOrder.orderV2.number).toBe(pending!.number);
    expect(orderRow(card.shop, pending!.number)).toMatchObject({
      status: 'processing',
      currency: before.currency,
      grand_total: before.grand_total,
      total_paid: before.grand_total,
    });
    expect(card.fake.intents.get(intent.id)).toMatchObject({
      amount: before.grand_total,
      currency: before.currency.toLowerCase(),
    });
  });

  it('a payment Stripe reports for the order in another amount or currency puts the order in payment_review, not processing', async () => {
    // The shop's answer from Stripe is lost, and a payment made from the shopper's browser for
    // the same order number (in euros, for one cent) is reported first.
    const id = await cardCart(card, 'pm_card_vela_processing');
    const placed = await card.shop.gql(PLACE_ORDER, { id });
    const number = placed.data.placeOrder.orderV2.number as string;
    card.shop.sql
      .prepare(`update payment_transaction set gateway_id = null where idempotency_key = ?`)
      .run(`vela-order-${number}-authorize-1`);
    const other = card.fake.createIntentAsShopper(1, 'eur', { order_number: number });
    expect((await deliver(card, other.id, 'payment_intent.succeeded')).status).toBe(200);
    expect(orderRow(card.shop, number).status).toBe('payment_review');
    expect(mails(card.shop, number)).toBe(0);
  });

  it('a payment started for a cart that changed afterwards pays nothing of the new order', async () => {
    const id = await cardCart(card, 'pm_card_threeDSecure2Required');
    expect((await card.shop.gql(PLACE_ORDER, { id })).errors?.[0]?.message).toMatch(/^Authentication Required: /);
    const [first] = ordersOfCart(card.shop, id);
    const firstIntent = intentOf(card.fake, first!.number);
    // While the payment waits, the cart cannot change.
    const added = await addToCart(card.shop, id, [{ sku: card.product.sku, quantity: 5 }]);
    expect(added.errors?.[0]?.message).toBe("The cart isn't active.");
    // The payment fails; the cart is the shopper's again and changes; it is paid with another card.
    const stripe = new Stripe(FAKE_SECRET_KEY, { ...card.fake.api });
    await stripe.paymentIntents.cancel(firstIntent.id);
    expect((await deliver(card, firstIntent.id, 'payment_intent.canceled')).status).toBe(200);
    expect(ordersOfCart(card.shop, id).map((o) => o.status)).toEqual(['canceled']);
    expect((await addToCart(card.shop, id, [{ sku: card.product.sku, quantity: 1 }])).errors).toBeUndefined();
    expect((await card.shop.gql(SET_CARD, { id, pm: 'pm_card_visa' })).errors).toBeUndefined();
    const second = await card.shop.gql(PLACE_ORDER, { id });
    const number = second.data.placeOrder.orderV2.number as string;
    const secondIntent = intentOf(card.fake, number);
    expect(secondIntent.amount).toBe(orderRow(card.shop, number).grand_total);
    expect(secondIntent.amount).toBeGreaterThan(firstIntent.amount);
    // A late success of the first payment (say, a stale event) does not touch the new order.
    const stale = { ...card.fake.eventsFor(firstIntent.id, 'payment_intent.requires_action')[0]! };
    stale.id = 'evt_stale_success';
    stale.type = 'payment_intent.succeeded';
    stale.data = { object: { ...stale.data.object, status: 'succeeded', amount_received: firstIntent.amount } };
    const signed = card.fake.signed(stale);
    expect((await card.http.webhook(signed.body, signed.signature)).status).toBe(200);
    // The money taken for the canceled order is on it, so staff can refund it from the order page.
    expect(orderRow(card.shop, first!.number)).toMatchObject({
      status: 'payment_review',
      total_paid: firstIntent.amount,
    });
    expect(orderRow(card.shop, number)).toMatchObject({ status: 'processing', total_paid: secondIntent.amount });
  });
});

describe('card payments held and captured later (Stripe SDK against a local fake gateway)', () => {
  let card: Card;
  beforeAll(async () => {
    card = await openCardShop({ captureLater: true, offset: 5 });
  }, 60_000);
  afterAll(async () => card?.close());

  it('holds the money at placement, and webhooks in any order and twice end in the same state', async () => {
    const id = await cardCart(card, 'pm_card_visa');
    const placed = await card.shop.gql(PLACE_ORDER, { id });
    const number = placed.data.placeOrder.orderV2.number as string;
    const intent = intentOf(card.fake, number);
    expect(intent).toMatchObject({ status: 'requires_capture', capture_method: 'manual' });
    expect(orderRow(card.shop, number)).toMatchObject({ status: 'processing', total_paid: 0 });
    // Captured later at the gateway: succeeded is delivered before amount_capturable_updated, each twice.
    const stripe = new Stripe(FAKE_SECRET_KEY, { ...card.fake.api });
    await stripe.paymentIntents.capture(intent.id);
    for (const type of [
      'payment_intent.succeeded',
      'payment_intent.amount_capturable_updated',
      'payment_intent.succeeded',
      'payment_intent.amount_capturable_updated',
    ])
      expect((await deliver(card, intent.id, type)).status).toBe(200);
    const total = orderRow(card.shop, number).grand_total;
    expect(orderRow(card.shop, number)).toMatchObject({ status: 'processing', total_paid: total });
    expect(transactions(card.shop, number).map((t) => `${String(t.kind)}:${String(t.status)}`)).toEqual([
      'authorization:succeeded',
      'capture:succeeded',
    ]);
    expect(mails(card.shop, number)).toBe(1);
  });

  it('an authorisation voided at the gateway before capture cancels the order and returns its stock', async () => {
    const stock = stockOf(card.shop, card.product.id);
    const id = await cardCart(card, 'pm_card_visa', 2);
    const placed = await card.shop.gql(PLACE_ORDER, { id });
    const number = placed.data.placeOrder.orderV2.number as string;
    expect(orderRow(card.shop, number).status).toBe('processing');
    expect(stockOf(card.shop, card.product.id)).toBe(stock - 2);
    const intent = intentOf(card.fake, number);
    const stripe = new Stripe(FAKE_SECRET_KEY, { ...card.fake.api });
    await stripe.paymentIntents.cancel(intent.id);
    expect((await deliver(card, intent.id, 'payment_intent.canceled')).status).toBe(200);
    expect(orderRow(card.shop, number).status).toBe('canceled');
    expect(stockOf(card.shop, card.product.id)).toBe(stock);
  });
});

describe('back office: capture later, refund in part, void, through the gateway (Stripe SDK against a local fake gateway)', () => {
  let card: Card;
  let staff: StaffBrowser;
  let viewer: StaffBrowser;
  const ORDER = `number status totalPaid { value } totalRefunded { value } grandTotal { value }
    invoices { number grandTotal { value } }
    paymentTransactions { kind status amount { value currency } gatewayId failure }`;
  const CAPTURE = `mutation($n: String!, $a: Float) { capturePayment(number: $n, amount: $a) { ${ORDER} } }`;
  const REFUND = `mutation($n: String!, $a: Float) { refundPayment(number: $n, amount: $a) { ${ORDER} } }`;
  const VOID = `mutation($n: String!) { voidPayment(number: $n) { ${ORDER} } }`;

  beforeAll(async () => {
    card = await openCardShop({ captureLater: true, offset: 6 });
    await createStaff(card.shop, 'clerk@example.com', 'staff');
    await createStaff(card.shop, 'reader@example.com', 'viewer');
    staff = (await signedIn(card.shop, 'clerk@example.com', () => new Date())).browser;
    viewer = (await signedIn(card.shop, 'reader@example.com', () => new Date())).browser;
  }, 60_000);
  afterAll(async () => card?.close());

  async function heldOrder(quantity = 2): Promise<{ number: string; intent: FakeIntent; total: number }> {
    const id = await cardCart(card, 'pm_card_visa', quantity);
    const placed = await card.shop.gql(PLACE_ORDER, { id });
    const number = placed.data.placeOrder.orderV2.number as string;
    return { number, intent: intentOf(card.fake, number), total: orderRow(card.shop, number).grand_total };
  }

  it('shows the set-up without a secret, and only staff may move money', async () => {
    const settings = await viewer.gql(
      '{ cardPaymentSettings { stripe { mode captureLater publishableKey webhookPath } } }',
    );
    expect(settings.data.cardPaymentSettings.stripe).toEqual({
      mode: 'TEST',
      captureLater: true,
      publishableKey: FAKE_PUBLISHABLE_KEY,
      webhookPath: '/stripe/webhooks',
    });
    expect(JSON.stringify(settings)).not.toContain(FAKE_SECRET_KEY);
    const { number, intent } = await heldOrder();
    const refused = await viewer.gql(CAPTURE, { n: number, a: null });
    expect(refused.errors?.[0]?.message).toMatch(/not allowed|permission|role/i);
    expect(card.fake.intents.get(intent.id)!.status).toBe('requires_capture');
  });

  it('captures part of the authorisation later, refunds part of it, then the rest; the webhooks after it count nothing twice', async () => {
    const { number, intent, total } = await heldOrder();
    const captured = await staff.gql(CAPTURE, { n: number, a: 30 });
    expect(captured.errors).toBeUndefined();
    expect(captured.data.capturePayment).toMatchObject({
      status: 'PROCESSING',
      totalPaid: { value: 30 },
      invoices: [{ number, grandTotal: { value: 30 } }],
    });
    expect(card.fake.intents.get(intent.id)).toMatchObject({ status: 'succeeded', amount_received: 3000 });
    const key = card.fake.requests.find((r) => r.path === `/v1/payment_intents/${intent.id}/capture`)?.idempotencyKey;
    expect(key).toBe(`vela-order-${number}-capture-1`);
    expect((await staff.gql(CAPTURE, { n: number, a: null })).errors?.[0]?.message).toBe(
      `Order ${number} has nothing held to capture.`,
    );
    expect((await deliver(card, intent.id, 'payment_intent.succeeded')).status).toBe(200);

    const part = await staff.gql(REFUND, { n: number, a: 12.5 });
    expect(part.errors).toBeUndefined();
    expect(part.data.refundPayment).toMatchObject({ status: 'PROCESSING', totalRefunded: { value: 12.5 } });
    expect((await deliver(card, intent.id, 'charge.refunded')).status).toBe(200);
    expect(orderRow(card.shop, number).total_refunded).toBe(1250);
    expect((await staff.gql(REFUND, { n: number, a: 20 })).errors?.[0]?.message).toBe(
      `At most 17.5 ${orderRow(card.shop, number).currency} can be refunded on order ${number}.`,
    );
    const rest = await staff.gql(REFUND, { n: number, a: null });
    expect(rest.data.refundPayment).toMatchObject({ status: 'CLOSED', totalRefunded: { value: 30 } });
    expect(
      rest.data.refundPayment.paymentTransactions.map(
        (t: { kind: string; amount: { value: number } }) => `${t.kind} ${t.amount.value}`,
      ),
    ).toEqual([`AUTHORIZATION ${total / 100}`, 'CAPTURE 30', 'REFUND 12.5', 'REFUND 17.5']);
    expect((await deliver(card, intent.id, 'charge.refunded')).status).toBe(200);
    expect(orderRow(card.shop, number)).toMatchObject({ status: 'closed', total_refunded: 3000 });
  });

  it('voids an authorisation: the order is canceled, its stock returned, and the canceled webhook changes nothing more', async () => {
    const stock = stockOf(card.shop, card.product.id);
    const { number, intent } = await heldOrder(3);
    expect(stockOf(card.shop, card.product.id)).toBe(stock - 3);
    const voided = await staff.gql(VOID, { n: number });
    expect(voided.errors).toBeUndefined();
    expect(voided.data.voidPayment.status).toBe('CANCELED');
    expect(card.fake.intents.get(intent.id)!.status).toBe('canceled');
    expect(stockOf(card.shop, card.product.id)).toBe(stock);
    expect((await deliver(card, intent.id, 'payment_intent.canceled')).status).toBe(200);
    expect(stockOf(card.shop, card.product.id)).toBe(stock);
    expect((await staff.gql(CAPTURE, { n: number, a: null })).errors?.[0]?.message).toMatch(/nothing held to capture/);
  });
});
