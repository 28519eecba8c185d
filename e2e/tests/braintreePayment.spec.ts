// Paying through Braintree in the storefront, end to end in Chromium, on SQLite: the shop runs with
// Braintree on and the official Braintree SDK against a local fake gateway; the browser gets a
// test-only stand-in of braintree-web's scripts at the one seam no machine here can reach
// (js.braintreegateway.com, whose hosted fields are frames from Braintree's asset host). See
// braintreeShop.ts and e2e/standIns/braintree-web-stand-in.js.
import AxeBuilder from '@axe-core/playwright';
import {
  BRAINTREE_SHOP_URL,
  type BraintreeShop,
  braintreeShopMail,
  startBraintreeShop,
  useBraintreeWebStandIn,
} from './braintreeShop';
import { cartAtPayment, chooseCard, confirmedOrder, newCustomer, openPayment, payWith } from './braintreeCheckout';
import { type Page, animationsSettled, expect, test } from './fixtures';

// Braintree's test cards; the stand-in answers its sandbox test nonces for them.
const VISA = '4111 1111 1111 1111';
const MASTERCARD = '5555 5555 5555 4444';
const DECLINED = '4000 1111 1111 1115';
const screenshots = '../docs/screenshots/checkout';

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: BRAINTREE_SHOP_URL });

let shop: BraintreeShop;
let scriptLoads: () => number;

test.beforeAll(async () => {
  // A fresh shop migrates and seeds its catalog first.
  test.setTimeout(240_000);
  shop = await startBraintreeShop(220_000);
});

test.afterAll(async () => {
  await shop?.stop();
});

test.beforeEach(async ({ page }) => {
  ({ scriptLoads } = await useBraintreeWebStandIn(page));
});

async function expectNoAxeViolations(page: Page) {
  await animationsSettled(page);
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([]);
}

const salesOf = (order: string) => shop.fake.sales().filter((t) => t.orderId === order);

test('a guest pays by card to an order number and a confirmation mail (braintree-web stand-in and a local fake gateway)', async ({
  page,
  request,
}) => {
  // The footer's "Ways to pay", rendered on the server, names the cards the shop now takes.
  expect(await (await request.get('/')).text()).toContain('Cards: Visa, Mastercard, American Express, Discover');
  const email = `braintree${Date.now()}@example.com`;
  const cartId = await cartAtPayment(request, { email });
  await openPayment(page, cartId);
  // braintree-web is fetched only once the card is chosen, not with checkout (or any other page).
  expect(scriptLoads()).toBe(0);
  // A guest is never offered kept cards, nor to keep one.
  await expect(page.getByRole('radio', { name: /Saved card|Stored Cards/ })).toHaveCount(0);
  await chooseCard(page);
  expect(scriptLoads()).toBe(3);
  await expect(page.getByLabel('Save this card for next time')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Place order' })).toBeVisible();
  await expectNoAxeViolations(page);

  // An empty card is the fields' problem: nothing is sent to the shop.
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Enter the card number' })).toBeFocused();

  await payWith(page, VISA);
  const number = await confirmedOrder(page);
  expect(salesOf(number)).toMatchObject([{ status: 'submitted_for_settlement', token: null }]);
  await expect.poll(() => braintreeShopMail(number, email), { timeout: 20_000 }).not.toBeNull();
});

test('a declined card shows the gateway’s reason, then another card on the same cart pays (braintree-web stand-in and a local fake gateway)', async ({
  page,
  request,
}) => {
  const cartId = await cartAtPayment(request, { email: `btdeclined${Date.now()}@example.com` });
  await openPayment(page, cartId);
  await chooseCard(page);
  await payWith(page, DECLINED);
  const reason = page.getByRole('alert').filter({ hasText: 'Do Not Honor' });
  await expect(reason).toBeVisible();
  await expect(reason).toBeFocused();
  // Still this cart, open again for another card.
  expect(await page.evaluate(() => window.localStorage.getItem('vela.cartId'))).toBe(cartId);
  await expect(page.getByLabel('Card number')).toBeVisible();

  await page.getByLabel('Card number').fill(MASTERCARD);
  await page.getByRole('button', { name: 'Place order' }).click();
  const number = await confirmedOrder(page);
  expect(salesOf(number).map((t) => t.status)).toEqual(['submitted_for_settlement']);
  expect(shop.fake.sales().filter((t) => t.status === 'processor_declined').length).toBeGreaterThan(0);
});

test('a signed-in shopper saves a card, pays the next order with it, then deletes it in the account (braintree-web stand-in and a local fake gateway)', async ({
  page,
  request,
}) => {
  const customer = await newCustomer(request);
  await openPayment(page, await cartAtPayment(request, customer), customer.token);
  // No kept card yet: only a new card.
  await expect(page.getByRole('radio', { name: /Saved card/ })).toHaveCount(0);
  await chooseCard(page);
  await page.getByLabel('Save this card for next time').check();
  await payWith(page, VISA);
  await confirmedOrder(page);
  expect(shop.fake.vault.size).toBe(1);

  // The next order: the kept card is a choice of its own, paid without the card form.
  await openPayment(page, await cartAtPayment(request, customer), customer.token);
  const kept = page.getByRole('radio', { name: 'Saved card: Visa ending in 1111, expires 12/2030' });
  await kept.check();
  await expect(page.getByLabel('Card number')).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Place order' }).click();
  const second = await confirmedOrder(page);
  const [token] = [...shop.fake.vault.keys()];
  expect(salesOf(second)).toMatchObject([{ token, status: 'submitted_for_settlement' }]);

  // The account lists it and deletes it, after a confirmation, here and at Braintree.
  await page.goto('/account/payments');
  await expect(page.getByRole('heading', { level: 1, name: 'Saved payment methods' })).toBeVisible();
  await expect(page.getByText('Visa ending in 1111')).toBeVisible();
  await expectNoAxeViolations(page);
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Delete Visa ending in 1111' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The card Visa ending in 1111 was deleted.' })).toBeVisible();
  await expect(page.getByText(/You have no saved cards/)).toBeVisible();
  expect(shop.fake.vault.size).toBe(0);
});

test('Braintree card step screenshots on a phone and a desktop (braintree-web stand-in and a local fake gateway)', async ({
  page,
  request,
}) => {
  for (const device of [
    { name: 'phone', viewport: { width: 390, height: 844 } },
    { name: 'desktop', viewport: { width: 1280, height: 800 } },
  ]) {
    await page.setViewportSize(device.viewport);
    await openPayment(page, await cartAtPayment(request, { email: 'ada.lovelace@example.com' }));
    await chooseCard(page);
    await page.getByRole('heading', { level: 2, name: 'Payment' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${screenshots}/braintree-${device.name}-4-payment.png`, fullPage: true });
    await payWith(page, DECLINED);
    await expect(page.getByRole('alert').filter({ hasText: 'Do Not Honor' })).toBeFocused();
    await page.screenshot({ path: `${screenshots}/braintree-${device.name}-4-payment-declined.png`, fullPage: true });
  }
});
