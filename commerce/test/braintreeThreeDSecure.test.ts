// The store's "3-D Secure required" (Magento's payment/braintree/verify_3dsecure) with Braintree:
// the sale asks Braintree for 3-D Secure, and a payment whose liability did not shift to the card
// issuer is refused with a clear reason, nothing held, the cart open for another card. The official
// SDK against the local fake gateway (test/fakes/braintreeFake.ts), over real HTTP, with Braintree's
// documented 3-D Secure test nonces.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToCart, newCart, openShop, PLACE_ORDER, prepareCheckout, simpleProduct } from './cartHarness';
import type { Fixture, Shop } from './cartHarness';
import { startBraintreeFake, type BraintreeFake } from './fakes/braintreeFake';
import { serveOverHttp, type ShopOverHttp } from './fakes/shopOverHttp';
import { createStaff, signedIn } from './backOfficeHarness';

const SET_NONCE = `mutation($id: String!, $nonce: String!) { setPaymentMethodOnCart(input: { cart_id: $id,
  payment_method: { code: "braintree", braintree: { payment_method_nonce: $nonce, is_active_payment_token_enabler: false } } }) {
  cart { selected_payment_method { code } } } }`;
const REFUSED =
  'Your card issuer did not confirm this payment with 3-D Secure, which this store requires. Try again, or use another card. Choose another payment method and try again.';

describe('Braintree 3-D Secure required by the store (Braintree SDK against a local fake gateway)', () => {
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
    product = simpleProduct(shop, { price: 2500, stock: 100, offset: 19 });
  }, 60_000);
  afterAll(async () => {
    await http?.close();
    await shop?.close();
    await fake?.close();
  });

  const require3ds = (on: boolean) =>
    shop.sql
      .prepare(
        `insert into store_config (key, value) values ('payment/braintree/verify_3dsecure', ?)
         on conflict (key) do update set value = excluded.value`,
      )
      .run(on ? '1' : '0');

  async function cartPaidWith(nonce: string): Promise<string> {
    const id = await newCart(shop);
    await addToCart(shop, id, [{ sku: product.sku, quantity: 1 }]);
    await prepareCheckout(shop, id);
    expect((await shop.gql(SET_NONCE, { id, nonce })).errors).toBeUndefined();
    return id;
  }
  const ordersOf = (cartId: string) =>
    shop.sql.prepare('select number, status from sales_order where cart_id = ? order by id').all(cartId) as Array<{
      number: string;
      status: string;
    }>;
  const salesOf = (number: string) => fake.sales().filter((t) => t.orderId === number);

  it('without the setting, a card that did not go through 3-D Secure pays, and the sale does not ask for it', async () => {
    require3ds(false);
    const id = await cartPaidWith('fake-valid-nonce');
    const placed = await shop.gql(PLACE_ORDER, { id });
    expect(placed.data.placeOrder.errors).toEqual([]);
    const [sale] = salesOf(placed.data.placeOrder.orderV2.number as string);
    expect(sale).toMatchObject({ status: 'submitted_for_settlement', threeDSecureRequired: false });
  });

  it('with it, a card that went through 3-D Secure with the liability shifted pays', async () => {
    require3ds(true);
    const id = await cartPaidWith('fake-three-d-secure-visa-full-authentication-nonce');
    const placed = await shop.gql(PLACE_ORDER, { id });
    expect(placed.data.placeOrder.errors).toEqual([]);
    const number = placed.data.placeOrder.orderV2.number as string;
    expect(ordersOf(id)).toEqual([{ number, status: 'processing' }]);
    expect(salesOf(number)).toEqual([
      expect.objectContaining({ status: 'submitted_for_settlement', threeDSecureRequired: true }),
    ]);
  });

  it('with it, a card without 3-D Secure is rejected by Braintree: the reason says so, and the cart takes another card', async () => {
    require3ds(true);
    const id = await cartPaidWith('fake-valid-nonce');
    const refused = await shop.gql(PLACE_ORDER, { id });
    expect(refused.errors).toBeUndefined();
    expect(refused.data.placeOrder.errors).toEqual([{ code: 'UNABLE_TO_PLACE_ORDER', message: REFUSED }]);
    const [declined] = ordersOf(id);
    expect(declined).toMatchObject({ status: 'canceled' });
    expect(salesOf(declined!.number)).toEqual([
      expect.objectContaining({ status: 'gateway_rejected', gatewayRejectionReason: 'three_d_secure' }),
    ]);

    expect(
      (await shop.gql(SET_NONCE, { id, nonce: 'fake-three-d-secure-visa-full-authentication-nonce' })).errors,
    ).toBeUndefined();
    const placed = await shop.gql(PLACE_ORDER, { id });
    expect(placed.data.placeOrder.errors).toEqual([]);
    expect(ordersOf(id).map((o) => o.status)).toEqual(['canceled', 'processing']);
  });

  it('with it, a sale Braintree let through without the liability shifting is voided and refused: nothing is held', async () => {
    require3ds(true);
    const id = await cartPaidWith('fake-three-d-secure-visa-lookup-timeout-nonce');
    const refused = await shop.gql(PLACE_ORDER, { id });
    expect(refused.data.placeOrder.errors).toEqual([{ code: 'UNABLE_TO_PLACE_ORDER', message: REFUSED }]);
    const [declined] = ordersOf(id);
    expect(declined).toMatchObject({ status: 'canceled' });
    // Braintree approved it (the account's rules let an unavailable check through); the shop released it.
    expect(salesOf(declined!.number)).toEqual([expect.objectContaining({ status: 'voided' })]);
    const failure = shop.sql
      .prepare(
        `select t.status, t.failure_code from payment_transaction t join sales_order o on o.id = t.order_id
         where o.number = ? and t.kind = 'authorization'`,
      )
      .get(declined!.number);
    expect(failure).toEqual({ status: 'failed', failure_code: 'three_d_secure:lookup_error' });
  });

  it('owners switch it in the back office (audited); staff cannot; the set-up never shows the private key', async () => {
    require3ds(false);
    await createStaff(shop, 'owner-3ds@example.com', 'owner');
    await createStaff(shop, 'clerk-3ds@example.com', 'staff');
    const owner = (await signedIn(shop, 'owner-3ds@example.com', () => new Date())).browser;
    const clerk = (await signedIn(shop, 'clerk-3ds@example.com', () => new Date())).browser;
    const SETTINGS = `braintree { mode captureLater merchantId publicKey threeDSecureRequired webhookPath }`;

    const refused = await clerk.gql(`mutation { updateBraintreeSettings(threeDSecureRequired: true) { __typename } }`);
    expect(refused.errors?.[0]?.extensions?.category).toBe('graphql-authorization');
    const seen = await clerk.gql(`{ cardPaymentSettings { ${SETTINGS} } }`);
    expect(seen.data.cardPaymentSettings.braintree).toEqual({
      mode: 'TEST',
      captureLater: false,
      merchantId: fake.merchantId,
      publicKey: fake.publicKey,
      threeDSecureRequired: false,
      webhookPath: '/braintree/webhooks',
    });
    expect(JSON.stringify(seen)).not.toContain(fake.privateKey);

    // The storefront learns it from StoreConfig in the module's names (before it runs verifyCard).
    const TOLD = `{ storeConfig { braintree_environment braintree_3dsecure_verify_3dsecure braintree_3dsecure_threshold_amount
      braintree_3dsecure_allowspecific braintree_3dsecure_specificcountry braintree_3dsecure_always_request_3ds } }`;
    const told = async () => (await shop.gql(TOLD)).data.storeConfig as Record<string, unknown>;
    expect(await told()).toEqual({
      // Braintree is on (the footer lists cards from this).
      braintree_environment: 'sandbox',
      braintree_3dsecure_verify_3dsecure: false,
      braintree_3dsecure_threshold_amount: '0',
      braintree_3dsecure_allowspecific: false,
      braintree_3dsecure_specificcountry: null,
      braintree_3dsecure_always_request_3ds: false,
    });

    const saved = await owner.gql(`mutation { updateBraintreeSettings(threeDSecureRequired: true) { ${SETTINGS} } }`);
    expect(saved.errors).toBeUndefined();
    expect(await told()).toMatchObject({ braintree_3dsecure_verify_3dsecure: true });
    expect(saved.data.updateBraintreeSettings.braintree.threeDSecureRequired).toBe(true);
    expect(JSON.stringify(saved)).not.toContain(fake.privateKey);
    const audit = shop.sql
      .prepare(`select "before", "after" from audit_log where action = 'settings.braintree'`)
      .all() as Array<{ before: string; after: string }>;
    expect(audit.map((a) => [JSON.parse(a.before), JSON.parse(a.after)])).toEqual([
      [{ threeDSecureRequired: false }, { threeDSecureRequired: true }],
    ]);
    // Now in force at checkout: a card without 3-D Secure is refused.
    const id = await cartPaidWith('fake-valid-nonce');
    expect((await shop.gql(PLACE_ORDER, { id })).data.placeOrder.errors).toEqual([
      { code: 'UNABLE_TO_PLACE_ORDER', message: REFUSED },
    ]);
    // Saving the same value again writes no second audit entry.
    await owner.gql(`mutation { updateBraintreeSettings(threeDSecureRequired: true) { __typename } }`);
    const entries = shop.sql
      .prepare("select count(*) as n from audit_log where action = 'settings.braintree'")
      .get() as {
      n: number;
    };
    expect(Number(entries.n)).toBe(1);
  });
});
