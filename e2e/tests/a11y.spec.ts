import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Page, animationsSettled, expect, test } from './fixtures';
import { cartWith, fillUsAddress, gql, signInWithToken } from './api';

// Issue 8: axe-core with WCAG 2.0 and 2.1, levels A and AA, finds nothing, of any impact, on the
// routes and states a shopper meets.

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

async function expectNoViolations(page: Page, state: string) {
  await animationsSettled(page);
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const described = violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 5)
        .join(' | ')}`,
  );
  expect(described, state).toEqual([]);
}

interface Pick {
  sku: string;
  path: string;
}

async function products(request: APIRequestContext): Promise<{ simple: Pick; configurable: Pick }> {
  const data = await gql<{
    products: { items: Array<{ __typename: string; sku: string; url_key: string; stock_status: string }> };
  }>(request, '{ products(search: "", pageSize: 100) { items { __typename sku url_key stock_status } } }');
  const pick = (type: string) => {
    const found = data.products.items.find((p) => p.__typename === type && p.stock_status === 'IN_STOCK')!;
    return { sku: found.sku, path: `/${found.url_key}.html` };
  };
  return { simple: pick('SimpleProduct'), configurable: pick('ConfigurableProduct') };
}

test.use({ actionTimeout: 15_000 });

test('browsing: home, category with filters open, product with options, search suggestions, mini cart, cart, 404, offline', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { simple, configurable } = await products(request);

  await page.goto('/', { waitUntil: 'networkidle' });
  await expectNoViolations(page, 'home');

  await page.goto('/women.html', { waitUntil: 'networkidle' });
  await expectNoViolations(page, 'category, filters in the sidebar');
  await page.setViewportSize({ width: 412, height: 915 });
  await page.getByRole('button', { name: /^Filters/ }).click();
  await expect(page.getByRole('dialog', { name: 'Filters' })).toBeVisible();
  await expectNoViolations(page, 'category, filter drawer open');
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.goto(configurable.path, { waitUntil: 'networkidle' });
  for (const group of ['Color', 'Size']) {
    const options = page.getByRole('group', { name: new RegExp(group) }).getByRole('button');
    await options.and(page.locator(':not([disabled])')).first().click();
  }
  await expect(page).toHaveURL(/size=/);
  await expectNoViolations(page, 'product, options chosen');

  const search = page.getByRole('search').getByRole('combobox');
  await search.fill('tee');
  await expect(page.getByRole('listbox')).toBeVisible();
  await expectNoViolations(page, 'search suggestions open');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=tee/);
  await expectNoViolations(page, 'search results');

  await page.goto(simple.path, { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectNoViolations(page, 'mini cart open');

  await page.goto('/cart', { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoViolations(page, 'cart with items');

  await page.goto('/no-such-page.html');
  await expectNoViolations(page, '404');
  await page.goto('/offline.html');
  await expectNoViolations(page, 'offline page');
});

test('checkout: each step, with field errors, and the confirmation', async ({ page, request }) => {
  test.setTimeout(120_000);
  const { simple } = await products(request);
  const cartId = await cartWith(request, simple.sku);
  await page.goto('/');
  await page.evaluate((id) => window.localStorage.setItem('vela.cartId', id), cartId);
  await page.goto('/checkout', { waitUntil: 'networkidle' });

  await expect(page.getByLabel('E-mail address')).toBeVisible();
  await expectNoViolations(page, 'checkout, e-mail');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('This field is required').first()).toBeVisible();
  await expectNoViolations(page, 'checkout, e-mail error');
  await page.getByLabel('E-mail address').fill(`a11y${Date.now()}@example.com`);
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('heading', { level: 2, name: 'Shipping address' })).toBeFocused();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('This field is required').first()).toBeVisible();
  await expectNoViolations(page, 'checkout, address errors');
  await fillUsAddress(page);
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('heading', { level: 2, name: 'Shipping method' })).toBeFocused();
  await expectNoViolations(page, 'checkout, shipping method');
  await page.getByRole('radio', { name: /Standard delivery/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('heading', { level: 2, name: 'Payment' })).toBeFocused();
  await expectNoViolations(page, 'checkout, payment');
  await page.getByRole('radio', { name: 'Check / Money order' }).check();
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('heading', { level: 2, name: 'Review and place order' })).toBeFocused();
  await expectNoViolations(page, 'checkout, review');
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/checkout\/success/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoViolations(page, 'order confirmation');
});

test('account: sign-in, create, forgot password, every account page, an order, the wish list', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await page.goto('/account/signin', { waitUntil: 'networkidle' });
  await expectNoViolations(page, 'sign in');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('This field is required').first()).toBeVisible();
  await expectNoViolations(page, 'sign in, errors');
  await page.goto('/account/create', { waitUntil: 'networkidle' });
  await expectNoViolations(page, 'create account');
  await page.goto('/account/forgotpassword', { waitUntil: 'networkidle' });
  await expectNoViolations(page, 'forgot password');

  // A customer with an address, an order and a wish, made through the API.
  const email = `a11y${Date.now()}@example.com`;
  const password = 'Analytical1';
  await gql(
    request,
    'mutation($input: CustomerCreateInput!) { createCustomerV2(input: $input) { customer { email } } }',
    { input: { firstname: 'Ada', lastname: 'Lovelace', email, password } },
  );
  const token = (
    await gql<{ generateCustomerToken: { token: string } }>(
      request,
      'mutation($email: String!, $password: String!) { generateCustomerToken(email: $email, password: $password) { token } }',
      { email, password },
    )
  ).generateCustomerToken.token;
  const { simple } = await products(request);
  const address = {
    firstname: 'Ada',
    lastname: 'Lovelace',
    street: ['1 Analytical Way'],
    city: 'Austin',
    region: 'TX',
    postcode: '78701',
    country_code: 'US',
    telephone: '5125550100',
  };
  const cartId = await cartWith(request, simple.sku, token);
  for (const mutation of [
    'mutation($cartId: String!, $address: CartAddressInput!) { setShippingAddressesOnCart(input: { cart_id: $cartId, shipping_addresses: [{ address: $address }] }) { cart { id } } }',
    'mutation($cartId: String!) { setBillingAddressOnCart(input: { cart_id: $cartId, billing_address: { same_as_shipping: true } }) { cart { id } } }',
    'mutation($cartId: String!) { setShippingMethodsOnCart(input: { cart_id: $cartId, shipping_methods: [{ carrier_code: "flatrate", method_code: "flatrate" }] }) { cart { id } } }',
    'mutation($cartId: String!) { setPaymentMethodOnCart(input: { cart_id: $cartId, payment_method: { code: "checkmo" } }) { cart { id } } }',
  ])
    await gql(request, mutation, { cartId, address }, token);
  const number = (
    await gql<{ placeOrder: { orderV2: { number: string } } }>(
      request,
      'mutation($cartId: String!) { placeOrder(input: { cart_id: $cartId }) { orderV2 { number } } }',
      { cartId },
      token,
    )
  ).placeOrder.orderV2.number;
  await gql(
    request,
    'mutation($address: CustomerAddressInput!) { createCustomerAddress(input: $address) { id } }',
    { address: { ...address, region: { region_code: 'TX', region: 'Texas' }, default_shipping: true } },
    token,
  );
  const wishlistId = (
    await gql<{ customer: { wishlists: { id: string }[] } }>(request, '{ customer { wishlists { id } } }', {}, token)
  ).customer.wishlists[0]!.id;
  await gql(
    request,
    'mutation($id: ID!, $sku: String!) { addProductsToWishlist(wishlistId: $id, wishlistItems: [{ sku: $sku, quantity: 1 }]) { user_errors { message } } }',
    { id: wishlistId, sku: simple.sku },
    token,
  );

  await signInWithToken(page, token);
  for (const [path, state] of [
    ['/account', 'account overview'],
    ['/account/information', 'account information'],
    ['/account/orders', 'order history'],
    [`/account/orders/${number}`, 'order details'],
    ['/account/addresses', 'address book'],
    ['/account/newsletter', 'newsletter'],
    ['/account/payments', 'saved payment methods (none)'],
    ['/wishlist', 'wish list'],
  ] as const) {
    await page.goto(path, { waitUntil: 'networkidle' });
    // Signed in: the page itself, not the sign-in form it would send a guest to.
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Sign in');
    await expectNoViolations(page, state);
  }
});
