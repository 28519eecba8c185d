// What the Braintree journeys share: a cart brought to the payment step over the API, the checkout
// opened on it, the (stand-in) card typed in, and the confirmation read.
import { cartWith, gql, signInWithToken } from './api';
import { type APIRequestContext, type Page, expect } from './fixtures';

export async function simpleSku(request: APIRequestContext): Promise<string> {
  const found = await gql<{ products: { items: Array<{ __typename: string; sku: string; stock_status: string }> } }>(
    request,
    '{ products(search: "", pageSize: 100) { items { __typename sku stock_status } } }',
  );
  const product = found.products.items.find((p) => p.__typename === 'SimpleProduct' && p.stock_status === 'IN_STOCK');
  if (!product) throw new Error('no simple product in stock in the demo catalog');
  return product.sku;
}

/** A cart with one item, a US address and Flat Rate (a guest's with its e-mail): checkout opens at Payment. */
export async function cartAtPayment(
  request: APIRequestContext,
  shopper: { email: string } | { token: string },
): Promise<string> {
  const token = 'token' in shopper ? shopper.token : undefined;
  const cartId = await cartWith(request, await simpleSku(request), token);
  if (!token && 'email' in shopper)
    await gql(
      request,
      'mutation($cartId: String!, $email: String!) { setGuestEmailOnCart(input: { cart_id: $cartId, email: $email }) { cart { id } } }',
      {
        cartId,
        email: shopper.email,
      },
    );
  await gql(
    request,
    `mutation($cartId: String!) {
      setShippingAddressesOnCart(input: { cart_id: $cartId, shipping_addresses: [{ address: {
        firstname: "Ada", lastname: "Lovelace", street: ["1 Analytical Way"], city: "San Francisco",
        region: "CA", postcode: "94103", country_code: "US", telephone: "+1 415 555 0100" } }] }) { cart { id } }
      setShippingMethodsOnCart(input: { cart_id: $cartId, shipping_methods: [{ carrier_code: "flatrate", method_code: "flatrate" }] }) { cart { id } }
    }`,
    { cartId },
    token,
  );
  return cartId;
}

export async function newCustomer(request: APIRequestContext): Promise<{ email: string; token: string }> {
  const email = `vault${Date.now()}@example.com`;
  await gql(request, 'mutation($i: CustomerCreateInput!) { createCustomerV2(input: $i) { customer { email } } }', {
    i: { firstname: 'Ada', lastname: 'Lovelace', email, password: 'Correct-Horse-9' },
  });
  const { generateCustomerToken } = await gql<{ generateCustomerToken: { token: string } }>(
    request,
    'mutation($e: String!) { generateCustomerToken(email: $e, password: "Correct-Horse-9") { token } }',
    { e: email },
  );
  return { email, token: generateCustomerToken.token };
}

export async function openPayment(page: Page, cartId: string, token?: string) {
  await page.goto('/');
  if (token) await signInWithToken(page, token);
  await page.evaluate((id) => window.localStorage.setItem('vela.cartId', id), cartId);
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { level: 2, name: 'Payment' })).toBeVisible();
}

/** Chooses Braintree's card and waits for the (stand-in) hosted fields. */
export async function chooseCard(page: Page) {
  await page.getByRole('radio', { name: 'Credit Card (Braintree)' }).check();
  await expect(page.getByLabel('Card number')).toBeVisible();
}

export async function payWith(page: Page, card: string) {
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry date (MM/YY)').fill('12/30');
  await page.getByLabel('Security code').fill('123');
  await page.getByRole('button', { name: 'Place order' }).click();
}

export async function confirmedOrder(page: Page): Promise<string> {
  await expect(page).toHaveURL(/\/checkout\/success$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible();
  const number = (await page.getByTestId('order-number').textContent())?.trim() ?? '';
  expect(number).toMatch(/^\d+$/);
  return number;
}
