// Braintree 3-D Secure in the storefront, end to end in Chromium: an owner requires 3-D Secure in
// the back office; the storefront learns it from StoreConfig (braintree_3dsecure_*) and runs
// braintree-web's threeDSecure.verifyCard on the server's grand total before the nonce goes to the
// cart; the shop's Braintree SDK talks to a local fake gateway that reports the nonce's liability
// shift, which the shop checks. braintree-web is the test-only stand-in (braintreeShop.ts), whose
// challenge frame stands in for the card issuer's.
import { gql } from './api';
import { type StaffAccount, createStaffAccount, expectNoViolations, signInToBackOffice } from './backOfficeAccounts';
import { cartAtPayment, chooseCard, confirmedOrder, openPayment, payWith } from './braintreeCheckout';
import { BRAINTREE_SHOP_URL, type BraintreeShop, startBraintreeShop, useBraintreeWebStandIn } from './braintreeShop';
import { type APIRequestContext, type Page, expect, test } from './fixtures';

// Braintree's sandbox 3-D Secure card that asks for a challenge.
const CHALLENGE_CARD = '4000 0000 0000 1091';
const screenshots = '../docs/screenshots/checkout';

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: BRAINTREE_SHOP_URL });

let shop: BraintreeShop;
const owner: StaffAccount = {
  email: `bt3ds-owner-${Date.now()}@example.com`,
  name: 'Braintree Owner',
  password: 'correct horse battery staple 3ds',
  role: 'owner',
};

test.beforeAll(async () => {
  test.setTimeout(240_000);
  shop = await startBraintreeShop(220_000);
  await createStaffAccount(owner, shop.varDir, shop.databaseUrl);
});

test.afterAll(async () => {
  await shop?.stop();
});

const salesOf = (order: string) => shop.fake.sales().filter((t) => t.orderId === order);

/** What verifyCard was asked in the page (the stand-in keeps each call's options). */
const verifyCalls = (page: Page) =>
  page.evaluate(
    () =>
      (window as unknown as { __braintreeVerifyCalls?: Array<{ amount: string; challengeRequested: boolean }> })
        .__braintreeVerifyCalls ?? [],
  );

async function grandTotal(request: APIRequestContext, cartId: string): Promise<string> {
  const { cart } = await gql<{ cart: { prices: { grand_total: { value: number } } } }>(
    request,
    'query($id: String!) { cart(cart_id: $id) { prices { grand_total { value } } } }',
    { id: cartId },
  );
  return cart.prices.grand_total.value.toFixed(2);
}

/** The issuer's challenge frame (the stand-in's, over the page). */
const challenge = (page: Page) => page.frameLocator('iframe[title="3-D Secure challenge"]');

test('an owner requires 3-D Secure; a challenge passed pays the order (braintree-web stand-in and a local fake gateway)', async ({
  page,
  request,
}) => {
  // Off: the storefront is told so, and asks nothing of verifyCard.
  const before = await gql<{ storeConfig: { braintree_3dsecure_verify_3dsecure: boolean } }>(
    request,
    '{ storeConfig { braintree_3dsecure_verify_3dsecure } }',
  );
  expect(before.storeConfig.braintree_3dsecure_verify_3dsecure).toBe(false);

  await signInToBackOffice(page, owner);
  await page.goto('/admin/settings');
  const form = page.getByRole('form', { name: 'Braintree' });
  await form.getByLabel('Require 3-D Secure for new cards').check();
  await form.getByRole('button', { name: 'Save Braintree settings' }).click();
  await expect(page.getByText('The Braintree settings are saved.')).toBeVisible();

  await page.context().clearCookies();
  const { scriptLoads } = await useBraintreeWebStandIn(page);
  const cartId = await cartAtPayment(request, { email: `bt3ds${Date.now()}@example.com` });
  const total = await grandTotal(request, cartId);
  await openPayment(page, cartId);
  await chooseCard(page);
  // braintree-web's 3-D Secure component comes with the card, only because the store asks for it.
  await expect.poll(scriptLoads).toBe(4);
  await payWith(page, CHALLENGE_CARD);
  // The challenge, in its frame, while the page says what it waits for.
  await expect(
    page.getByRole('status').filter({ hasText: 'Checking the payment with your card issuer' }),
  ).toBeVisible();
  await expect(challenge(page).getByRole('heading', { name: 'Your bank: confirm this payment' })).toBeVisible();
  await page.screenshot({ path: `${screenshots}/braintree-desktop-4-payment-3ds-challenge.png` });
  // verifyCard was asked for the grand total as the server answers it, without forcing a challenge.
  expect(await verifyCalls(page)).toMatchObject([{ amount: total, challengeRequested: false }]);
  await challenge(page).getByLabel('Code from your bank').fill('1234');
  await challenge(page).getByRole('button', { name: 'Submit' }).click();

  const number = await confirmedOrder(page);
  // The sale asked for 3-D Secure and carries the liability the issuer took.
  expect(salesOf(number)).toMatchObject([
    {
      status: 'submitted_for_settlement',
      threeDSecureRequired: true,
      threeDSecure: { liabilityShifted: true, status: 'authenticate_successful' },
    },
  ]);
});

test('a failed, then a closed challenge keep the cart; the retry on the same cart pays (braintree-web stand-in and a local fake gateway)', async ({
  page,
  request,
}) => {
  await useBraintreeWebStandIn(page);
  const cartId = await cartAtPayment(request, { email: `bt3dsretry${Date.now()}@example.com` });
  const total = await grandTotal(request, cartId);
  await openPayment(page, cartId);
  await chooseCard(page);

  // The issuer refuses the code: nothing reaches the cart or the gateway.
  const salesBefore = shop.fake.sales().length;
  await payWith(page, CHALLENGE_CARD);
  await challenge(page).getByLabel('Code from your bank').fill('0000');
  await challenge(page).getByRole('button', { name: 'Submit' }).click();
  const failed = page.getByRole('alert').filter({ hasText: 'Your card issuer did not confirm this payment' });
  await expect(failed).toBeFocused();
  await expectNoViolations(page, 'after a failed 3-D Secure challenge');
  await page.screenshot({ path: `${screenshots}/braintree-desktop-4-payment-3ds-failed.png` });
  expect(shop.fake.sales().length).toBe(salesBefore);
  expect(await page.evaluate(() => window.localStorage.getItem('vela.cartId'))).toBe(cartId);

  // The shopper closes the next challenge.
  await page.getByRole('button', { name: 'Place order' }).click();
  await challenge(page).getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'closed before it ended' })).toBeFocused();
  expect(shop.fake.sales().length).toBe(salesBefore);

  // And passes the third: the same cart becomes the order.
  await page.getByRole('button', { name: 'Place order' }).click();
  await challenge(page).getByLabel('Code from your bank').fill('1234');
  await challenge(page).getByRole('button', { name: 'Submit' }).click();
  const number = await confirmedOrder(page);
  expect(salesOf(number)).toMatchObject([
    { status: 'submitted_for_settlement', amount: total, threeDSecure: { liabilityShifted: true } },
  ]);
  expect((await verifyCalls(page)).map((c) => c.amount)).toEqual([total, total, total]);
});
