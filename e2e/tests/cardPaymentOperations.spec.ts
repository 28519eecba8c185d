// The money after the card: a payment the gateway confirms later (by webhook, once, whatever the
// order and number of deliveries), capture later, refunds in part and in full and a void, each
// done in the back office's own order page in Chromium and seen there with its transactions.
// Two card shops with Stripe on (the official SDK against a local fake gateway, Stripe.js replaced
// by the test-only stand-in, see cardShop.ts): one captures at placement, one only authorises
// (STRIPE_CAPTURE=later). Runs on SQLite, and on PostgreSQL with E2E_DATABASE=postgres.
import type { FakeEvent } from '@vela/commerce/testing/stripeFake';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { cartWith, gql } from './api';
import { type StaffAccount, createStaffAccount, signInToBackOffice } from './backOfficeAccounts';
import { type CardShop, FRONTED, cardShopUrl, startCardShop, useStripeJsStandIn } from './cardShop';
import { type APIRequestContext, type Page, expect, test } from './fixtures';

const VISA = '4242 4242 4242 4242';
/** The stand-in's card whose payment stays `processing` until the test settles it. */
const CONFIRMED_LATER = '4000 0000 0000 7777';

test.describe.configure({ mode: 'serial' });
// The back office is the shop's own: these journeys run against the embedded shop only.
test.skip(FRONTED, 'the back office is the backend’s; these run against the embedded shop');

async function simpleSku(request: APIRequestContext): Promise<string> {
  const found = await gql<{ products: { items: Array<{ __typename: string; sku: string; stock_status: string }> } }>(
    request,
    '{ products(search: "", pageSize: 100) { items { __typename sku stock_status } } }',
  );
  const product = found.products.items.find((p) => p.__typename === 'SimpleProduct' && p.stock_status === 'IN_STOCK');
  if (!product) throw new Error('no simple product in stock in the demo catalog');
  return product.sku;
}

/** A guest cart with one item, its e-mail, a US address and Flat Rate: checkout opens at Payment. */
async function cartAtPayment(request: APIRequestContext, email: string): Promise<string> {
  const cartId = await cartWith(request, await simpleSku(request));
  await gql(
    request,
    `mutation($cartId: String!, $email: String!) {
      setGuestEmailOnCart(input: { cart_id: $cartId, email: $email }) { cart { id } }
      setShippingAddressesOnCart(input: { cart_id: $cartId, shipping_addresses: [{ address: {
        firstname: "Ada", lastname: "Lovelace", street: ["1 Analytical Way"], city: "San Francisco",
        region: "CA", postcode: "94103", country_code: "US", telephone: "+1 415 555 0100" } }] }) { cart { id } }
      setShippingMethodsOnCart(input: { cart_id: $cartId, shipping_methods: [{ carrier_code: "flatrate", method_code: "flatrate" }] }) { cart { id } }
    }`,
    { cartId, email },
  );
  return cartId;
}

/** Pays the cart by card in the storefront's checkout and answers the order number on the confirmation page. */
async function payInCheckout(page: Page, cartId: string, card: string): Promise<string> {
  await page.goto('/');
  await page.evaluate((id) => window.localStorage.setItem('vela.cartId', id), cartId);
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { level: 2, name: 'Payment' })).toBeVisible();
  await page.getByRole('radio', { name: 'Pay by Card' }).check();
  await page.getByLabel('Card number').fill(card);
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/checkout\/success$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible();
  const number = (await page.getByTestId('order-number').textContent())?.trim() ?? '';
  expect(number).toMatch(/^\d+$/);
  return number;
}

function intentOf(shop: CardShop, order: string) {
  const found = [...shop.fake.intents.values()].filter((i) => i.metadata.order_number === order);
  expect(found).toHaveLength(1);
  return found[0]!;
}

/** Posts `event` to the shop's webhook endpoint, signed as Stripe signs it, and answers what the shop said. */
async function deliver(request: APIRequestContext, shop: CardShop, event: FakeEvent) {
  const { body, signature } = shop.fake.signed(event);
  const response = await request.post(`${shop.url}/stripe/webhooks`, {
    headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
    data: body,
  });
  return { status: response.status(), body: (await response.json()) as unknown };
}

function lastEvent(shop: CardShop, intentId: string, type: string): FakeEvent {
  const event = shop.fake.eventsFor(intentId, type).at(-1);
  if (!event) throw new Error(`no ${type} event for ${intentId}`);
  return event;
}

/** The order mails in the shop's outbox for `number` (each mail is a file named after its order). */
async function orderMails(shop: CardShop, number: string): Promise<string[]> {
  const names = await readdir(path.join(shop.varDir, 'mail')).catch(() => [] as string[]);
  return names.filter((name) => name.endsWith('.eml') && name.includes(`order-${number}`));
}

async function openOrderInBackOffice(page: Page, shop: CardShop, staff: StaffAccount, number: string) {
  await page.goto(`${shop.url}/admin/orders/${number}`);
  const payment = page.getByRole('region', { name: 'Payment' });
  const signIn = page.getByRole('heading', { level: 1, name: 'Sign in to the back office' });
  // The back office renders in the browser: wait for one page or the other before choosing.
  await expect(payment.or(signIn)).toBeVisible();
  if (await signIn.isVisible()) {
    await signInToBackOffice(page, staff);
    await page.goto(`${shop.url}/admin/orders/${number}`);
  }
  await expect(payment).toBeVisible();
  return payment;
}

/** The Payment section's table, one "kind · state" line a transaction, oldest first. */
async function transactionRows(page: Page): Promise<string[]> {
  const rows = page.getByRole('region', { name: 'Payment' }).getByRole('table').getByRole('row');
  const lines: string[] = [];
  for (const row of (await rows.all()).slice(1)) {
    const cells = await row.getByRole('cell').allTextContents();
    const kind = (await row.getByRole('rowheader').textContent())?.trim() ?? '';
    lines.push([kind, cells[0]?.trim(), cells[2]?.trim()].join(' · '));
  }
  return lines;
}

const staffOf = (shop: string): StaffAccount => ({
  email: `payops-${shop}-${Date.now()}@example.com`,
  name: 'Payments Staff',
  password: 'correct horse battery staple 30',
  role: 'staff',
});

test.describe('captured at placement', () => {
  let shop: CardShop;
  const staff = staffOf('now');
  test.beforeAll(async () => {
    test.setTimeout(240_000);
    shop = await startCardShop(220_000);
    await createStaffAccount(staff, shop.varDir, shop.databaseUrl);
  });
  test.afterAll(async () => shop?.stop());
  test.beforeEach(async ({ page }) => {
    await useStripeJsStandIn(page, shop.fake);
  });
  test.use({ baseURL: cardShopUrl() });

  test('a late webhook confirms the order: the shopper waits, then sees it confirmed, and the mail goes out once', async ({
    page,
    request,
  }) => {
    const email = `late${Date.now()}@example.com`;
    const number = await payInCheckout(page, await cartAtPayment(request, email), CONFIRMED_LATER);
    const status = page.getByRole('status').filter({ hasText: 'Waiting for payment confirmation' });
    await expect(status).toBeVisible();
    await expect(page.getByText(`We will e-mail ${email} as soon as it does`)).toBeVisible();
    const intent = intentOf(shop, number);
    expect(intent.status).toBe('processing');
    await page.screenshot({ path: '../docs/screenshots/checkout/card-desktop-5-waiting-for-confirmation.png' });
    // Still waiting a while later: nothing is confirmed, no mail, the order pending_payment.
    await page.waitForTimeout(4_000);
    await expect(status).toBeVisible();
    expect(await orderMails(shop, number)).toEqual([]);

    shop.fake.settleProcessing(intent.id, 'succeed');
    expect(await deliver(request, shop, lastEvent(shop, intent.id, 'payment_intent.succeeded'))).toEqual({
      status: 200,
      body: { received: true, duplicate: false },
    });
    await expect(page.getByRole('status').filter({ hasText: 'Payment confirmed.' })).toContainText(
      `We sent a confirmation to ${email}.`,
    );
    await page.screenshot({ path: '../docs/screenshots/checkout/card-desktop-5-payment-confirmed.png' });
    await expect.poll(() => orderMails(shop, number), { timeout: 20_000 }).toHaveLength(1);

    const payment = await openOrderInBackOffice(page, shop, staff, number);
    await expect(payment).toBeVisible();
    expect(await transactionRows(page)).toEqual([
      expect.stringMatching(/^Authorization · .+ · Succeeded$/),
      expect.stringMatching(/^Capture · .+ · Succeeded$/),
    ]);
    expect(await orderMails(shop, number)).toHaveLength(1);
  });

  test('the same webhook twice and out of order (succeeded before processing) changes the order once', async ({
    page,
    request,
  }) => {
    const email = `twice${Date.now()}@example.com`;
    const number = await payInCheckout(page, await cartAtPayment(request, email), CONFIRMED_LATER);
    await expect(page.getByRole('status').filter({ hasText: 'Waiting for payment confirmation' })).toBeVisible();
    const intent = intentOf(shop, number);
    shop.fake.settleProcessing(intent.id, 'succeed');
    const succeeded = lastEvent(shop, intent.id, 'payment_intent.succeeded');
    const processing = lastEvent(shop, intent.id, 'payment_intent.processing');
    // Stripe sent processing first; it arrives last, and succeeded arrives twice.
    expect(shop.fake.events.indexOf(processing)).toBeLessThan(shop.fake.events.indexOf(succeeded));
    const answers = [];
    for (const event of [succeeded, succeeded, processing]) answers.push(await deliver(request, shop, event));
    expect(answers).toEqual([
      { status: 200, body: { received: true, duplicate: false } },
      { status: 200, body: { received: true, duplicate: true } },
      { status: 200, body: expect.objectContaining({ received: true }) },
    ]);
    await expect(page.getByRole('status').filter({ hasText: 'Payment confirmed.' })).toBeVisible();
    await expect.poll(() => orderMails(shop, number), { timeout: 20_000 }).toHaveLength(1);

    await openOrderInBackOffice(page, shop, staff, number);
    expect(await transactionRows(page)).toEqual([
      expect.stringMatching(/^Authorization · .+ · Succeeded$/),
      expect.stringMatching(/^Capture · .+ · Succeeded$/),
    ]);
    // The late "processing" put nothing back: the order is still paid, the mail still one.
    await expect(page.getByRole('region', { name: 'Payment' }).getByRole('button', { name: 'Refund' })).toBeVisible();
    expect(await orderMails(shop, number)).toHaveLength(1);
  });

  test('a partial refund, then the rest, from the back office', async ({ page, request }) => {
    const number = await payInCheckout(page, await cartAtPayment(request, `refund${Date.now()}@example.com`), VISA);
    const intent = intentOf(shop, number);
    expect(intent.status).toBe('succeeded');
    const payment = await openOrderInBackOffice(page, shop, staff, number);

    await payment.getByRole('radio', { name: 'Part of it' }).check();
    await payment.getByLabel(/^Amount to refund/).fill('5');
    await payment.getByRole('button', { name: 'Refund', exact: true }).click();
    const ask = page.getByRole('dialog', { name: /^Refund \$5\.00 to the card\?$/ });
    await expect(ask).toBeVisible();
    await ask.getByRole('button', { name: 'Yes, refund' }).click();
    await expect(page.getByText(`The refund for order ${number} is made.`)).toBeVisible();
    await expect
      .poll(() => transactionRows(page))
      .toEqual([
        expect.stringMatching(/^Authorization · .+ · Succeeded$/),
        expect.stringMatching(/^Capture · .+ · Succeeded$/),
        'Refund · $5.00 · Succeeded',
      ]);

    // The rest: "All that is left".
    await payment.getByRole('radio', { name: /^All that is left/ }).check();
    await payment.getByRole('button', { name: 'Refund', exact: true }).click();
    await page
      .getByRole('dialog', { name: /^Refund .+ to the card\?$/ })
      .getByRole('button', { name: 'Yes, refund' })
      .click();
    await expect.poll(() => transactionRows(page)).toHaveLength(4);
    expect((await transactionRows(page)).slice(2)).toEqual([
      expect.stringMatching(/^Refund · .+ · Succeeded$/),
      expect.stringMatching(/^Refund · .+ · Succeeded$/),
    ]);
    // Nothing left to refund: the form is gone; the gateway refunded the whole payment.
    await expect(payment.getByRole('button', { name: 'Refund', exact: true })).toHaveCount(0);
    const refunded = shop.fake.requests.filter(
      (r) => r.path === '/v1/refunds' && r.params.payment_intent === intent.id,
    );
    expect(refunded.map((r) => Number(r.params.amount))).toEqual([500, intent.amount - 500]);

    // Stripe's charge.refunded webhooks for both arrive afterwards: nothing is counted twice.
    for (const event of shop.fake.eventsFor(intent.id, 'charge.refunded'))
      expect((await deliver(request, shop, event)).status).toBe(200);
    await page.reload();
    await expect(page.getByRole('region', { name: 'Payment' })).toBeVisible();
    expect(await transactionRows(page)).toHaveLength(4);
  });
});

test.describe('authorised at placement, captured later (STRIPE_CAPTURE=later)', () => {
  let shop: CardShop;
  const staff = staffOf('later');
  test.beforeAll(async () => {
    test.setTimeout(240_000);
    shop = await startCardShop(220_000, { captureLater: true, second: true });
    await createStaffAccount(staff, shop.varDir, shop.databaseUrl);
  });
  test.afterAll(async () => shop?.stop());
  test.beforeEach(async ({ page }) => {
    await useStripeJsStandIn(page, shop.fake);
  });
  test.use({ baseURL: cardShopUrl({ second: true }) });

  test('the card is only authorised at placement, then staff capture it from the order page', async ({
    page,
    request,
  }) => {
    const number = await payInCheckout(page, await cartAtPayment(request, `later${Date.now()}@example.com`), VISA);
    // Authorised is confirmed: the shopper is not asked to wait.
    await expect(page.getByText('Waiting for payment confirmation')).toHaveCount(0);
    const intent = intentOf(shop, number);
    expect(intent).toMatchObject({ status: 'requires_capture', capture_method: 'manual', amount_received: 0 });

    const payment = await openOrderInBackOffice(page, shop, staff, number);
    expect(await transactionRows(page)).toEqual([expect.stringMatching(/^Authorization · .+ · Succeeded$/)]);
    // Nothing captured: nothing to refund yet.
    await expect(payment.getByRole('button', { name: 'Refund', exact: true })).toHaveCount(0);
    await payment.getByRole('button', { name: 'Capture' }).click();
    const ask = page.getByRole('dialog', { name: new RegExp(`^Capture .+ for order ${number}\\?$`) });
    await ask.getByRole('button', { name: 'Yes, capture' }).click();
    await expect(page.getByText(`The payment for order ${number} is captured.`)).toBeVisible();
    await expect
      .poll(() => transactionRows(page))
      .toEqual([
        expect.stringMatching(/^Authorization · .+ · Succeeded$/),
        expect.stringMatching(/^Capture · .+ · Succeeded$/),
      ]);
    expect(shop.fake.intents.get(intent.id)).toMatchObject({ status: 'succeeded', amount_received: intent.amount });
    // Captured: the capture and void buttons are gone, the refund form is there.
    await expect(payment.getByRole('button', { name: 'Capture' })).toHaveCount(0);
    await expect(payment.getByRole('button', { name: 'Void' })).toHaveCount(0);
    await expect(payment.getByRole('button', { name: 'Refund', exact: true })).toBeVisible();

    // Stripe's webhooks for the capture arrive afterwards, twice: the capture is not counted again.
    for (const type of ['payment_intent.succeeded', 'charge.captured', 'payment_intent.succeeded'])
      expect((await deliver(request, shop, lastEvent(shop, intent.id, type))).status).toBe(200);
    await page.reload();
    await expect(page.getByRole('region', { name: 'Payment' })).toBeVisible();
    expect(await transactionRows(page)).toHaveLength(2);
  });

  test('staff void an authorisation: the hold is released and the order canceled', async ({ page, request }) => {
    const number = await payInCheckout(page, await cartAtPayment(request, `void${Date.now()}@example.com`), VISA);
    const intent = intentOf(shop, number);
    const payment = await openOrderInBackOffice(page, shop, staff, number);
    await payment.getByRole('button', { name: 'Void' }).click();
    await page
      .getByRole('dialog', { name: `Void the authorization for order ${number}?` })
      .getByRole('button', { name: 'Yes, void' })
      .click();
    await expect(page.getByText(`The authorization for order ${number} is voided.`)).toBeVisible();
    await expect
      .poll(() => transactionRows(page))
      .toEqual([
        expect.stringMatching(/^Authorization · .+ · Succeeded$/),
        expect.stringMatching(/^Void · .+ · Succeeded$/),
      ]);
    expect(shop.fake.intents.get(intent.id)?.status).toBe('canceled');
    await expect(payment.getByRole('button', { name: 'Capture' })).toHaveCount(0);
    await expect(page.getByText('Canceled', { exact: true }).first()).toBeVisible();

    // Stripe's payment_intent.canceled arrives after it (twice): the order stays as it is.
    const canceled = lastEvent(shop, intent.id, 'payment_intent.canceled');
    for (const event of [canceled, canceled]) expect((await deliver(request, shop, event)).status).toBe(200);
    await page.reload();
    await expect(page.getByRole('region', { name: 'Payment' })).toBeVisible();
    expect(await transactionRows(page)).toHaveLength(2);
  });
});
