// Card orders and kept cards through Braintree, end to end over real HTTP: the shop's GraphQL API
// on one side, the official `braintree` SDK in the shop talking to a local fake of Braintree's
// gateway (test/fakes/braintreeFake.ts) on the other. Nothing here reaches Braintree itself.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDRESS_CA, addToCart, newCart, openShop, PLACE_ORDER, prepareCheckout, simpleProduct } from './cartHarness';
import type { Fixture, GraphQLResult, Shop } from './cartHarness';
import { startBraintreeFake, type BraintreeFake } from './fakes/braintreeFake';
import { serveOverHttp, type ShopOverHttp } from './fakes/shopOverHttp';
import { createStaff, signedIn, type StaffBrowser } from './backOfficeHarness';

const SET_NONCE = `mutation($id: String!, $nonce: String!, $keep: Boolean!) { setPaymentMethodOnCart(input: { cart_id: $id,
  payment_method: { code: "braintree", braintree: { payment_method_nonce: $nonce, is_active_payment_token_enabler: $keep } } }) {
  cart { selected_payment_method { code title } } } }`;
const SET_KEPT = `mutation($id: String!, $hash: String!) { setPaymentMethodOnCart(input: { cart_id: $id,
  payment_method: { code: "braintree_cc_vault", braintree_cc_vault: { public_hash: $hash } } }) {
  cart { selected_payment_method { code } } } }`;
const TOKENS = '{ customerPaymentTokens { items { details public_hash payment_method_code type } } }';
const DELETE = `mutation($hash: String!) { deletePaymentToken(public_hash: $hash) { result customerPaymentTokens { items { public_hash } } } }`;

// Venia's own documents for Braintree and the vault, sent as Venia sends them.
const venia = (
  JSON.parse(
    readFileSync(
      path.join(path.dirname(fileURLToPath(import.meta.url)), 'clientCompat/venia/venia-14.5.1.operations.json'),
      'utf8',
    ),
  ) as { operations: Array<{ name: string; document: string }> }
).operations;
const veniaDocument = (name: string) => venia.find((op) => op.name === name)!.document;

interface Card {
  fake: BraintreeFake;
  shop: Shop;
  http: ShopOverHttp;
  product: Fixture;
  close(): Promise<void>;
}

async function openBraintreeShop(options: { captureLater: boolean; offset: number }): Promise<Card> {
  const fake = await startBraintreeFake();
  const shop = await openShop({
    braintree: {
      merchantId: fake.merchantId,
      publicKey: fake.publicKey,
      privateKey: fake.privateKey,
      environment: 'sandbox',
      captureLater: options.captureLater,
      api: { host: fake.host, port: fake.port },
    },
  });
  const http = await serveOverHttp(shop.commerce);
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

/** A guest cart ready to place, paying with Braintree's test nonce. */
async function guestCart(card: Card, nonce: string, quantity = 1): Promise<string> {
  const id = await newCart(card.shop);
  const added = await addToCart(card.shop, id, [{ sku: card.product.sku, quantity }]);
  expect(added.data.addProductsToCart.user_errors).toEqual([]);
  await prepareCheckout(card.shop, id);
  const chosen = await card.shop.gql(SET_NONCE, { id, nonce, keep: false });
  expect(chosen.errors).toBeUndefined();
  expect(chosen.data.setPaymentMethodOnCart.cart.selected_payment_method).toEqual({
    code: 'braintree',
    title: 'Credit Card (Braintree)',
  });
  return id;
}

let customers = 0;
/** A new customer, signed in: its token's Authorization header. */
async function customer(card: Card): Promise<Record<string, string>> {
  customers += 1;
  const email = `bt${customers}-${Date.now()}@example.com`;
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

/** The customer's cart, ready for its payment method. */
async function customerCart(card: Card, auth: Record<string, string>): Promise<string> {
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

const orderRow = (shop: Shop, number: string) =>
  shop.sql
    .prepare(
      'select id, status, total_paid, total_refunded, grand_total, payment_method from sales_order where number = ?',
    )
    .get(number) as { id: number; status: string; total_paid: number; total_refunded: number; grand_total: number };
const ordersOfCart = (shop: Shop, cartId: string) =>
  shop.sql.prepare('select number, status from sales_order where cart_id = ? order by id').all(cartId) as Array<{
    number: string;
    status: string;
  }>;
const salesFor = (fake: BraintreeFake, number: string) => fake.sales().filter((t) => t.orderId === number);
const placedNumber = (result: GraphQLResult) => result.data?.placeOrder?.orderV2?.number as string;

describe('Braintree card payments, settled at once (Braintree SDK against a local fake gateway)', () => {
  let card: Card;
  beforeAll(async () => {
    card = await openBraintreeShop({ captureLater: false, offset: 11 });
  }, 60_000);
  afterAll(async () => card?.close());

  it('gives the storefront a client token, and never the keys', async () => {
    const answer = await card.shop.gql('mutation { createBraintreeClientToken }');
    expect(answer.errors).toBeUndefined();
    expect(answer.data.createBraintreeClientToken).toMatch(/^[A-Za-z0-9+/=]{20,}$/);
    expect(JSON.stringify(answer)).not.toContain(card.fake.privateKey);
    expect(card.fake.requests.some((r) => r.path.endsWith('/client_token'))).toBe(true);
  });

  it('places a guest card order with a nonce: one sale for the order total, settled, the order processing', async () => {
    const id = await guestCart(card, 'fake-valid-visa-nonce', 2);
    const placed = await card.shop.gql(PLACE_ORDER, { id });
    expect(placed.errors).toBeUndefined();
    const number = placedNumber(placed);
    const order = orderRow(card.shop, number);
    expect(order.status).toBe('processing');
    const [sale, ...more] = salesFor(card.fake, number);
    expect(more).toEqual([]);
    expect(sale).toMatchObject({ status: 'submitted_for_settlement', token: null });
    expect(Math.round(Number(sale!.amount) * 100)).toBe(Number(order.grand_total));
    expect(Number(order.total_paid)).toBe(Number(order.grand_total));
  });

  it("answers a decline with the processor's reason, then takes another nonce on the same cart (one live order)", async () => {
    const id = await guestCart(card, 'fake-processor-declined-visa-nonce');
    const declined = await card.shop.gql(PLACE_ORDER, { id });
    expect(declined.errors).toBeUndefined();
    expect(declined.data.placeOrder.errors).toEqual([
      { code: 'UNABLE_TO_PLACE_ORDER', message: 'Do Not Honor. Choose another payment method and try again.' },
    ]);
    const retried = await card.shop.gql(SET_NONCE, { id, nonce: 'fake-valid-mastercard-nonce', keep: false });
    expect(retried.errors).toBeUndefined();
    const placed = await card.shop.gql(PLACE_ORDER, { id });
    expect(placed.errors).toBeUndefined();
    expect(ordersOfCart(card.shop, id).map((o) => o.status)).toEqual(['canceled', 'processing']);
  });

  it('takes a nonce once: a second cart with a used nonce is declined with the reason', async () => {
    const nonce = card.fake.tokenize();
    const first = await guestCart(card, nonce);
    expect((await card.shop.gql(PLACE_ORDER, { id: first })).data.placeOrder.errors).toEqual([]);
    const second = await guestCart(card, nonce);
    const refused = await card.shop.gql(PLACE_ORDER, { id: second });
    expect(refused.data.placeOrder.errors[0].message).toBe(
      'Cannot use a payment_method_nonce more than once. Choose another payment method and try again.',
    );
  });

  it('refuses a nonce that is not one, before anything is written', async () => {
    const id = await guestCart(card, 'fake-valid-nonce');
    const bad = await card.shop.gql(SET_NONCE, { id, nonce: '<script>', keep: false });
    expect(bad.errors?.[0]?.message).toBe('The "payment_method_nonce" is not a Braintree nonce.');
  });

  it('hostile: an amount sent by the client is not part of the input; two placeOrder at once make one sale', async () => {
    const id = await newCart(card.shop);
    await addToCart(card.shop, id, [{ sku: card.product.sku, quantity: 1 }]);
    await prepareCheckout(card.shop, id);
    const withAmount = await card.shop.gql(
      `mutation($id: String!) { setPaymentMethodOnCart(input: { cart_id: $id, payment_method: { code: "braintree",
        braintree: { payment_method_nonce: "fake-valid-nonce", is_active_payment_token_enabler: false, amount: 0.01 } } }) { cart { id } } }`,
      { id },
    );
    expect(withAmount.errors?.[0]?.message).toMatch(/amount/);
    await card.shop.gql(SET_NONCE, { id, nonce: 'fake-valid-nonce', keep: false });
    const answers = await Promise.all([0, 1, 2].map(() => card.shop.gql(PLACE_ORDER, { id })));
    const numbers = new Set(answers.map(placedNumber));
    expect(numbers.size).toBe(1);
    const [number] = [...numbers];
    expect(answers.every((a) => a.errors === undefined)).toBe(true);
    expect(salesFor(card.fake, number!)).toHaveLength(1);
  });

  it('a retry after Braintree failed to answer makes the sale at once (the start claim is given back)', async () => {
    const id = await guestCart(card, 'fake-valid-nonce');
    card.fake.failNextSale();
    const failed = await card.shop.gql(PLACE_ORDER, { id });
    const [order] = ordersOfCart(card.shop, id);
    expect(order!.status).toBe('pending_payment');
    expect(salesFor(card.fake, order!.number)).toEqual([]);
    expect(failed.data?.placeOrder?.orderV2 ?? null).toBeNull();
    const started = Date.now();
    const retried = await card.shop.gql(PLACE_ORDER, { id });
    expect(placedNumber(retried)).toBe(order!.number);
    expect(orderRow(card.shop, order!.number).status).toBe('processing');
    expect(salesFor(card.fake, order!.number)).toHaveLength(1);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it("runs Venia's own Braintree step (setSelectedPaymentMethod) against the shop", async () => {
    const id = await guestCart(card, 'fake-valid-nonce');
    const answer = await card.shop.gql(veniaDocument('setSelectedPaymentMethod'), {
      cartId: id,
      paymentNonce: 'fake-valid-amex-nonce',
    });
    expect(answer.errors).toBeUndefined();
    expect(answer.data.setPaymentMethodOnCart.cart.selected_payment_method.code).toBe('braintree');
  });
});

describe('kept cards: the vault (Braintree SDK against a local fake gateway)', () => {
  let card: Card;
  beforeAll(async () => {
    card = await openBraintreeShop({ captureLater: false, offset: 12 });
  }, 60_000);
  afterAll(async () => card?.close());

  it('keeps a signed-in customer’s card, lists it to them only, pays with it, and forgets it here and at Braintree', async () => {
    const ada = await customer(card);
    const eve = await customer(card);
    const id = await customerCart(card, ada);
    const chosen = await card.http.gql(SET_NONCE, { id, nonce: 'fake-valid-visa-nonce', keep: true }, ada);
    expect(chosen.errors).toBeUndefined();
    const placed = await card.http.gql(PLACE_ORDER, { id }, ada);
    expect(placed.errors).toBeUndefined();

    const listed = await card.http.gql(TOKENS, {}, ada);
    expect(listed.errors).toBeUndefined();
    const items = listed.data.customerPaymentTokens.items as Array<Record<string, string>>;
    expect(items).toHaveLength(1);
    const kept = items[0]!;
    expect(kept).toMatchObject({ payment_method_code: 'braintree', type: 'card' });
    expect(kept.public_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.parse(kept.details!)).toEqual({ type: 'VI', maskedCC: '1111', expirationDate: '12/2030' });
    // The gateway's token never leaves the shop.
    const [token] = [...card.fake.vault.keys()];
    expect(JSON.stringify(listed)).not.toContain(token);
    // Venia's saved-payments page reads the same list.
    const veniaList = await card.http.gql(veniaDocument('GetSavedPayments'), {}, ada);
    expect(veniaList.data.customerPaymentTokens.items).toEqual([
      { details: kept.details, public_hash: kept.public_hash, payment_method_code: 'braintree' },
    ]);

    // Eve sees none of it, cannot pay with it, cannot delete it.
    expect((await card.http.gql(TOKENS, {}, eve)).data.customerPaymentTokens.items).toEqual([]);
    const eveCart = await customerCart(card, eve);
    const stolen = await card.http.gql(SET_KEPT, { id: eveCart, hash: kept.public_hash }, eve);
    expect(stolen.errors?.[0]?.message).toBe(`Could not find a token using public hash: ${kept.public_hash}`);
    const eveDelete = await card.http.gql(DELETE, { hash: kept.public_hash }, eve);
    expect(eveDelete.errors?.[0]?.message).toBe(`Could not find a token using public hash: ${kept.public_hash}`);
    expect(card.fake.vault.has(token!)).toBe(true);
    // A guest cart cannot use a kept card either.
    const guest = await guestCart(card, 'fake-valid-nonce');
    expect((await card.shop.gql(SET_KEPT, { id: guest, hash: kept.public_hash })).errors?.[0]?.message).toMatch(
      /Could not find a token/,
    );

    // Ada pays her next order with the kept card: a sale with its token, no nonce.
    const second = await customerCart(card, ada);
    expect((await card.http.gql(SET_KEPT, { id: second, hash: kept.public_hash }, ada)).errors).toBeUndefined();
    const paid = await card.http.gql(PLACE_ORDER, { id: second }, ada);
    expect(paid.errors).toBeUndefined();
    const number = placedNumber(paid);
    expect(orderRow(card.shop, number)).toMatchObject({ status: 'processing', payment_method: 'braintree_cc_vault' });
    expect(salesFor(card.fake, number)).toMatchObject([{ token, status: 'submitted_for_settlement' }]);
    expect(
      card.fake.requests.find((r) => r.body && JSON.stringify(r.body).includes(`"payment_method_token":"${token}"`)),
    ).toBeDefined();

    // Venia's delete: gone here and at Braintree.
    const deleted = await card.http.gql(
      veniaDocument('DeleteCreditCardPayment'),
      { paymentHash: kept.public_hash },
      ada,
    );
    expect(deleted.errors).toBeUndefined();
    expect(deleted.data.deletePaymentToken).toEqual({ result: true, customerPaymentTokens: { items: [] } });
    expect(card.fake.vault.has(token!)).toBe(false);
    expect((await card.http.gql(TOKENS, {}, ada)).data.customerPaymentTokens.items).toEqual([]);
  });

  it('keeps nothing for a guest or without the customer asking, and needs a signed-in customer to list', async () => {
    const before = card.fake.vault.size;
    const id = await guestCart(card, 'fake-valid-nonce');
    await card.shop.gql(SET_NONCE, { id, nonce: 'fake-valid-nonce', keep: true });
    expect((await card.shop.gql(PLACE_ORDER, { id })).errors).toBeUndefined();
    const ada = await customer(card);
    const own = await customerCart(card, ada);
    await card.http.gql(SET_NONCE, { id: own, nonce: 'fake-valid-amex-nonce', keep: false }, ada);
    expect((await card.http.gql(PLACE_ORDER, { id: own }, ada)).errors).toBeUndefined();
    expect(card.fake.vault.size).toBe(before);
    expect((await card.http.gql(TOKENS, {}, ada)).data.customerPaymentTokens.items).toEqual([]);
    expect((await card.shop.gql(TOKENS)).errors?.[0]?.message).toMatch(/isn't authorized/);
  });

  it('offers a kept card (braintree_cc_vault) to a signed-in customer only, never to a guest', async () => {
    const METHODS = 'query($id: String!) { cart(cart_id: $id) { available_payment_methods { code } } }';
    const codes = (result: GraphQLResult) =>
      (result.data?.cart?.available_payment_methods as Array<{ code: string }>).map((m) => m.code);
    const guest = await guestCart(card, 'fake-valid-nonce');
    const guestCodes = codes(await card.shop.gql(METHODS, { id: guest }));
    expect(guestCodes).toContain('braintree');
    expect(guestCodes).not.toContain('braintree_cc_vault');
    const ada = await customer(card);
    const own = await customerCart(card, ada);
    expect(codes(await card.http.gql(METHODS, { id: own }, ada))).toEqual(
      expect.arrayContaining(['braintree', 'braintree_cc_vault']),
    );
  });

  it('hostile: two placeOrder at once with a kept card make one sale', async () => {
    const ada = await customer(card);
    const first = await customerCart(card, ada);
    await card.http.gql(SET_NONCE, { id: first, nonce: 'fake-valid-visa-nonce', keep: true }, ada);
    await card.http.gql(PLACE_ORDER, { id: first }, ada);
    const hash = (await card.http.gql(TOKENS, {}, ada)).data.customerPaymentTokens.items[0].public_hash as string;
    const id = await customerCart(card, ada);
    await card.http.gql(SET_KEPT, { id, hash }, ada);
    const answers = await Promise.all([0, 1, 2].map(() => card.http.gql(PLACE_ORDER, { id }, ada)));
    const numbers = new Set(answers.map(placedNumber));
    expect(numbers.size).toBe(1);
    expect(salesFor(card.fake, [...numbers][0]!)).toHaveLength(1);
  });
});

describe('back office: capture later in part, refund in part, void a Braintree order (Braintree SDK against a local fake gateway)', () => {
  let card: Card;
  let staff: StaffBrowser;
  const ORDER = `number status totalPaid { value } totalRefunded { value } grandTotal { value }
    paymentTransactions { kind status amount { value currency } gatewayId failure }`;
  const CAPTURE = `mutation($n: String!, $a: Float) { capturePayment(number: $n, amount: $a) { ${ORDER} } }`;
  const REFUND = `mutation($n: String!, $a: Float) { refundPayment(number: $n, amount: $a) { ${ORDER} } }`;
  const VOID = `mutation($n: String!) { voidPayment(number: $n) { ${ORDER} } }`;

  beforeAll(async () => {
    card = await openBraintreeShop({ captureLater: true, offset: 13 });
    await createStaff(card.shop, 'clerk@example.com', 'staff');
    staff = (await signedIn(card.shop, 'clerk@example.com', () => new Date())).browser;
  }, 60_000);
  afterAll(async () => card?.close());

  async function heldOrder(): Promise<{ number: string; saleId: string }> {
    const id = await guestCart(card, 'fake-valid-nonce', 2);
    const number = placedNumber(await card.shop.gql(PLACE_ORDER, { id }));
    const [sale] = salesFor(card.fake, number);
    expect(sale!.status).toBe('authorized');
    expect(orderRow(card.shop, number).status).toBe('processing');
    return { number, saleId: sale!.id };
  }

  it('captures part of the hold, then refunds part of it once Braintree settled it', async () => {
    const { number, saleId } = await heldOrder();
    const captured = await staff.gql(CAPTURE, { n: number, a: 30 });
    expect(captured.errors).toBeUndefined();
    expect(captured.data.capturePayment).toMatchObject({ status: 'PROCESSING', totalPaid: { value: 30 } });
    expect(card.fake.transactions.get(saleId)).toMatchObject({ status: 'submitted_for_settlement', amount: '30.00' });

    // Before settlement Braintree refunds nothing in part: a clear refusal, nothing recorded.
    const early = await staff.gql(REFUND, { n: number, a: 10 });
    expect(early.errors?.[0]?.message).toMatch(/settled/);
    card.fake.settle(saleId);
    const part = await staff.gql(REFUND, { n: number, a: 10 });
    expect(part.errors).toBeUndefined();
    expect(part.data.refundPayment).toMatchObject({ totalRefunded: { value: 10 } });
    const credits = [...card.fake.transactions.values()].filter((t) => t.refundedTransactionId === saleId);
    expect(credits.map((c) => c.amount)).toEqual(['10.00']);
  });

  it('voids a hold: the order is canceled and Braintree voided the sale', async () => {
    const { number, saleId } = await heldOrder();
    const voided = await staff.gql(VOID, { n: number });
    expect(voided.errors).toBeUndefined();
    expect(voided.data.voidPayment.status).toBe('CANCELED');
    expect(card.fake.transactions.get(saleId)!.status).toBe('voided');
  });
});
