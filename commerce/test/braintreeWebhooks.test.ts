// Braintree's notifications at /braintree/webhooks, over real HTTP: the form Braintree posts
// (bt_signature, bt_payload), signed by the official SDK's webhookTesting helper with the local fake
// gateway's keys, and read by the shop with the SDK's webhookNotification.parse. Forged, tampered,
// replayed, late and out-of-order deliveries. Nothing here reaches Braintree itself.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToCart, newCart, openShop, PLACE_ORDER, prepareCheckout, simpleProduct } from './cartHarness';
import type { Fixture, Shop } from './cartHarness';
import { startBraintreeFake, type BraintreeFake } from './fakes/braintreeFake';
import { serveOverHttp, type ShopOverHttp } from './fakes/shopOverHttp';

const SET_NONCE = `mutation($id: String!, $nonce: String!) { setPaymentMethodOnCart(input: { cart_id: $id,
  payment_method: { code: "braintree", braintree: { payment_method_nonce: $nonce, is_active_payment_token_enabler: false } } }) {
  cart { selected_payment_method { code } } } }`;

interface Card {
  fake: BraintreeFake;
  shop: Shop;
  http: ShopOverHttp;
  product: Fixture;
}

const orderRow = (shop: Shop, number: string) => {
  const row = shop.sql
    .prepare('select status, total_paid, grand_total from sales_order where number = ?')
    .get(number) as { status: string; total_paid: number; grand_total: number };
  return { status: row.status, total_paid: Number(row.total_paid), grand_total: Number(row.grand_total) };
};
const transactions = (shop: Shop, number: string) =>
  (
    shop.sql
      .prepare(
        `select t.kind, t.status, t.amount from payment_transaction t join sales_order o on o.id = t.order_id
         where o.number = ? order by t.created_at, t.kind`,
      )
      .all(number) as Array<{ kind: string; status: string; amount: number }>
  ).map((t) => `${t.kind}:${t.status}:${Number(t.amount)}`);
const deliveries = (shop: Shop) =>
  Number(
    (
      shop.sql.prepare("select count(*) as n from payment_webhook_event where provider = 'braintree'").get() as {
        n: number;
      }
    ).n,
  );
const mails = (shop: Shop, number: string) =>
  Number(
    (
      shop.sql.prepare('select count(*) as n from mail_outbox where file_stem = ?').get(`order-${number}`) as {
        n: number;
      }
    ).n,
  );

describe('Braintree webhooks (Braintree SDK against a local fake gateway)', () => {
  let card: Card;
  beforeAll(async () => {
    const fake = await startBraintreeFake();
    const shop = await openShop({
      braintree: {
        merchantId: fake.merchantId,
        publicKey: fake.publicKey,
        privateKey: fake.privateKey,
        environment: 'sandbox',
        captureLater: true,
        api: { host: fake.host, port: fake.port },
      },
    });
    const http = await serveOverHttp(shop.commerce);
    shop.gql = (query, variables) => http.gql(query, variables);
    card = { fake, shop, http, product: simpleProduct(shop, { price: 2500, stock: 100, offset: 17 }) };
  }, 60_000);
  afterAll(async () => {
    await card?.http.close();
    await card?.shop.close();
    await card?.fake.close();
  });

  /** An order Braintree authorised (the store captures later): its number and sale id. */
  async function heldOrder(): Promise<{ number: string; saleId: string }> {
    const id = await newCart(card.shop);
    await addToCart(card.shop, id, [{ sku: card.product.sku, quantity: 2 }]);
    await prepareCheckout(card.shop, id);
    expect((await card.shop.gql(SET_NONCE, { id, nonce: 'fake-valid-nonce' })).errors).toBeUndefined();
    const placed = await card.shop.gql(PLACE_ORDER, { id });
    const number = placed.data.placeOrder.orderV2.number as string;
    const sale = card.fake.sales().find((t) => t.orderId === number);
    expect(sale?.status).toBe('authorized');
    return { number, saleId: sale!.id };
  }

  it('records a capture made in Braintree’s control panel once its settlement is notified; a replay and a late, older notification change nothing', async () => {
    const { number, saleId } = await heldOrder();
    const before = orderRow(card.shop, number);
    expect(before).toMatchObject({ status: 'processing', total_paid: 0 });
    expect(transactions(card.shop, number)).toEqual([`authorization:succeeded:${before.grand_total}`]);
    const mailed = mails(card.shop, number);

    card.fake.submitInControlPanel(saleId);
    card.fake.settle(saleId);
    // Braintree's notifications: disbursed was made after settled, but arrives first.
    const settled = await card.fake.notification('transaction_settled', saleId);
    const disbursed = await card.fake.notification('transaction_disbursed', saleId);
    expect(await card.http.braintreeWebhook(disbursed)).toEqual({
      status: 200,
      body: { received: true, duplicate: false },
    });
    const paid = [`authorization:succeeded:${before.grand_total}`, `capture:succeeded:${before.grand_total}`];
    expect(orderRow(card.shop, number)).toMatchObject({ status: 'processing', total_paid: before.grand_total });
    expect(transactions(card.shop, number)).toEqual(paid);

    expect(await card.http.braintreeWebhook(settled)).toEqual({
      status: 200,
      body: { received: true, duplicate: false },
    });
    // The same delivery again (Braintree retries until it is answered 2xx): known, changes nothing.
    expect(await card.http.braintreeWebhook(settled)).toEqual({
      status: 200,
      body: { received: true, duplicate: true },
    });
    expect(transactions(card.shop, number)).toEqual(paid);
    expect(orderRow(card.shop, number).total_paid).toBe(before.grand_total);
    expect(mails(card.shop, number)).toBe(mailed);
  });

  it('refuses forged, tampered and incomplete notifications, and changes nothing', async () => {
    const { number, saleId } = await heldOrder();
    card.fake.submitInControlPanel(saleId);
    card.fake.settle(saleId);
    const seen = deliveries(card.shop);
    const genuine = new URLSearchParams(await card.fake.notification('transaction_settled', saleId));
    const payload = genuine.get('bt_payload')!;
    const xml = Buffer.from(payload, 'base64').toString('utf8');
    const tampered = new URLSearchParams({
      bt_signature: genuine.get('bt_signature')!,
      bt_payload: Buffer.from(xml.replace('<amount>100</amount>', '<amount>1</amount>')).toString('base64'),
    }).toString();
    const forged = await card.fake.notification('transaction_settled', saleId, 'not_the_shops_private_key');
    const otherKey = new URLSearchParams({
      bt_signature: `someone_elses_key|${genuine.get('bt_signature')!.split('|')[1]!}`,
      bt_payload: payload,
    }).toString();
    for (const body of [
      forged,
      tampered,
      otherKey,
      `bt_payload=${encodeURIComponent(payload)}`,
      `bt_signature=${encodeURIComponent(genuine.get('bt_signature')!)}`,
      '',
      '{"kind":"transaction_settled"}',
    ])
      expect(await card.http.braintreeWebhook(body), body.slice(0, 40)).toEqual({
        status: 400,
        body: { error: 'The signature could not be verified.' },
      });
    expect(deliveries(card.shop)).toBe(seen);
    expect(orderRow(card.shop, number).total_paid).toBe(0);
    expect(transactions(card.shop, number)).toHaveLength(1);
  });

  it('answers notifications that are not about a sale of this shop, without changing anything', async () => {
    const check = await card.fake.notification('check', '');
    expect(await card.http.braintreeWebhook(check)).toEqual({
      status: 200,
      body: { received: true, ignored: 'check' },
    });
    // A sale Braintree does not know (another account's id): nothing to apply.
    const unknown = await card.fake.notification('transaction_settled', 'nosuchsale');
    expect(await card.http.braintreeWebhook(unknown)).toMatchObject({ status: 200, body: { received: true } });
  });

  it('takes two deliveries of one notification at once as one', async () => {
    const { number, saleId } = await heldOrder();
    card.fake.submitInControlPanel(saleId);
    card.fake.settle(saleId);
    const settled = await card.fake.notification('transaction_settled', saleId);
    const answers = await Promise.all([0, 1, 2].map(() => card.http.braintreeWebhook(settled)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers.filter((a) => (a.body as { duplicate: boolean }).duplicate === false)).toHaveLength(1);
    const total = orderRow(card.shop, number).grand_total;
    expect(transactions(card.shop, number)).toEqual([`authorization:succeeded:${total}`, `capture:succeeded:${total}`]);
  });
});
