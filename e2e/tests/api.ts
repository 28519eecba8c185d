import { type APIRequestContext, type Page, expect } from './fixtures';

/** A GraphQL POST to the shop under test; fails the test on an HTTP error or any GraphQL error. */
export async function gql<T>(
  request: APIRequestContext,
  query: string,
  variables: Record<string, unknown> = {},
  token?: string,
): Promise<T> {
  const response = await request.post('/graphql', {
    data: { query, variables },
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { data?: T; errors?: Array<{ message: string }> };
  if (body.errors?.length) throw new Error(body.errors.map((e) => e.message).join('; '));
  return body.data as T;
}

/** Fills checkout's address form (shipping or billing) with one valid US address. */
export async function fillUsAddress(page: Page): Promise<void> {
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByLabel('Street address').fill('1 Analytical Way');
  await page.getByLabel('Country').selectOption('US');
  await page.getByLabel('State / province').selectOption({ label: 'California' });
  await page.getByLabel('City').fill('San Francisco');
  await page.getByLabel('Postal code').fill('94103');
  await page.getByLabel('Phone number').fill('+1 415 555 0100');
}

/** A cart with one of `sku`: a new guest cart, or the customer's own with `token`. */
export async function cartWith(request: APIRequestContext, sku: string, token?: string): Promise<string> {
  const cartId = token
    ? (await gql<{ customerCart: { id: string } }>(request, '{ customerCart { id } }', {}, token)).customerCart.id
    : (
        await gql<{ createGuestCart: { cart: { id: string } } }>(
          request,
          'mutation { createGuestCart { cart { id } } }',
        )
      ).createGuestCart.cart.id;
  await gql(
    request,
    'mutation($cartId: String!, $sku: String!) { addProductsToCart(cartId: $cartId, cartItems: [{ sku: $sku, quantity: 1 }]) { cart { id } } }',
    { cartId, sku },
    token,
  );
  return cartId;
}

/** Signs the page's shop in as the customer holding `token`, as the storefront keeps a session. */
export async function signInWithToken(page: Page, token: string): Promise<void> {
  await page.evaluate(
    (value) => window.localStorage.setItem('vela.customerToken', JSON.stringify({ token: value, expiresAt: null })),
    token,
  );
}
