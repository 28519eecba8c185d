import { type APIRequestContext, type Page, expect, test } from './fixtures';
import { gql, fillUsAddress } from './api';
import AxeBuilder from '@axe-core/playwright';
import { findOrderMail } from './mailbox';

// Guest checkout journeys against the real server and database. Items and coupons go into the
// cart through the GraphQL API (the same calls the cart page makes); everything from the
// checkout page on is driven through the UI.

interface Variant {
  parentSku: string;
  sku: string;
  optionUids: string[];
  /** Units left, when the server tells (low stock). */
  left: number | null;
}

async function findVariant(request: APIRequestContext, wanted: (v: Variant) => boolean): Promise<Variant> {
  for (const term of ['tee', 'hoodie', 'jacket', 'dress', 'sneaker']) {
    const data = await gql<{ products: { items: Array<Record<string, unknown>> } }>(
      request,
      `query E2eVariants($term: String!) { products(search: $term, pageSize: 20) { items { __typename sku
        ... on ConfigurableProduct { variants { attributes { uid } product { sku stock_status only_x_left_in_stock } } } } } }`,
      { term },
    );
    for (const item of data.products.items) {
      if (item.__typename !== 'ConfigurableProduct') continue;
      const variants = item.variants as Array<{
        attributes: Array<{ uid: string }>;
        product: { sku: string; stock_status: string; only_x_left_in_stock: number | null };
      }>;
      for (const v of variants) {
        if (v.product.stock_status !== 'IN_STOCK') continue;
        const candidate = {
          parentSku: item.sku as string,
          sku: v.product.sku,
          optionUids: v.attributes.map((a) => a.uid),
          left: v.product.only_x_left_in_stock,
        };
        if (wanted(candidate)) return candidate;
      }
    }
  }
  throw new Error('no suitable configurable product in the demo catalog');
}

async function cartWith(request: APIRequestContext, variant: Variant, quantity: number): Promise<string> {
  const created = await gql<{ createGuestCart: { cart: { id: string } } }>(
    request,
    'mutation E2eCart { createGuestCart { cart { id } } }',
  );
  const cartId = created.createGuestCart.cart.id;
  const added = await gql<{ addProductsToCart: { user_errors: Array<{ message: string }> } }>(
    request,
    `mutation E2eAdd($cartId: String!, $items: [CartItemInput!]!) { addProductsToCart(cartId: $cartId, cartItems: $items) { user_errors { message } } }`,
    { cartId, items: [{ sku: variant.parentSku, quantity, selected_options: variant.optionUids }] },
  );
  expect(added.addProductsToCart.user_errors).toEqual([]);
  return cartId;
}

/** Another shopper buys the same units through the API, start to finish. */
async function orderThroughApi(request: APIRequestContext, cartId: string): Promise<void> {
  const address = {
    firstname: 'Other',
    lastname: 'Buyer',
    street: ['2 Side St'],
    city: 'Austin',
    region_id: null,
    region: 'TX',
    postcode: '73301',
    country_code: 'US',
    telephone: '5125550100',
  };
  await gql(
    request,
    `mutation E2eEmail($cartId: String!) { setGuestEmailOnCart(input: { cart_id: $cartId, email: "other@example.com" }) { cart { id } } }`,
    { cartId },
  );
  await gql(
    request,
    `mutation E2eShip($cartId: String!, $address: CartAddressInput!) { setShippingAddressesOnCart(input: { cart_id: $cartId, shipping_addresses: [{ address: $address }] }) { cart { id } } }`,
    { cartId, address },
  );
  await gql(
    request,
    `mutation E2eBill($cartId: String!) { setBillingAddressOnCart(input: { cart_id: $cartId, billing_address: { same_as_shipping: true } }) { cart { id } } }`,
    { cartId },
  );
  await gql(
    request,
    `mutation E2eMethod($cartId: String!) { setShippingMethodsOnCart(input: { cart_id: $cartId, shipping_methods: [{ carrier_code: "flatrate", method_code: "flatrate" }] }) { cart { id } } }`,
    { cartId },
  );
  await gql(
    request,
    `mutation E2ePay($cartId: String!) { setPaymentMethodOnCart(input: { cart_id: $cartId, payment_method: { code: "checkmo" } }) { cart { id } } }`,
    { cartId },
  );
  const placed = await gql<{ placeOrder: { errors: Array<{ message: string }>; orderV2: { number: string } | null } }>(
    request,
    `mutation E2ePlace($cartId: String!) { placeOrder(input: { cart_id: $cartId }) { errors { message } orderV2 { number } } }`,
    { cartId },
  );
  expect(placed.placeOrder.errors).toEqual([]);
}

async function useCart(page: Page, cartId: string) {
  await page.goto('/');
  await page.evaluate((id) => window.localStorage.setItem('vela.cartId', id), cartId);
  await page.goto('/checkout');
}

async function fillCheckoutUpToReview(page: Page, email: string, freeShipping: boolean) {
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  // Checkout's own header: the way back to the cart and the secure note, no search or menu to
  // lead away; the total is an estimate until a shipping method is chosen.
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Back to cart' })).toHaveAttribute('href', '/cart');
  await expect(header.getByText('Secure checkout')).toBeVisible();
  await expect(header.getByRole('search')).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  await expect(page.getByTestId('summary-total').first()).toContainText('Estimated total (before shipping)');

  // 1 — e-mail, with the format checked before anything is sent.
  const emailField = page.getByLabel('E-mail address');
  await emailField.fill('not-an-address');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Enter a valid e-mail address')).toBeVisible();
  await emailField.fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();

  // 2 — address: empty required fields are named, then filled.
  const shippingHeading = page.getByRole('heading', { level: 2, name: 'Shipping address' });
  await expect(shippingHeading).toBeFocused();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('This field is required').first()).toBeVisible();
  await fillUsAddress(page);
  await page.getByRole('button', { name: 'Continue' }).click();

  // 3 — shipping method.
  await expect(page.getByRole('heading', { level: 2, name: 'Shipping method' })).toBeFocused();
  await page.getByRole('radio', { name: /Standard delivery/ }).check();
  await expect(page.locator('label', { hasText: 'Standard delivery' })).toContainText(freeShipping ? 'Free' : '$');
  await page.getByRole('button', { name: 'Continue' }).click();

  // 4 — payment, billing address as shipping (the default).
  await expect(page.getByRole('heading', { level: 2, name: 'Payment' })).toBeFocused();
  await expect(page.getByLabel('Billing address same as shipping')).toBeChecked();
  await page.getByRole('radio', { name: 'Check / Money order' }).check();
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('heading', { level: 2, name: 'Review and place order' })).toBeFocused();
}

test('a guest buys a configurable product with a free-shipping coupon and gets the confirmation and e-mail', async ({
  page,
  request,
}) => {
  const variant = await findVariant(request, (v) => v.left === null);
  const cartId = await cartWith(request, variant, 1);
  await gql(
    request,
    `mutation E2eCoupon($cartId: String!) { applyCouponToCart(input: { cart_id: $cartId, coupon_code: "FREESHIP" }) { cart { id } } }`,
    { cartId },
  );
  const email = `guest${Date.now()}@example.com`;

  await useCart(page, cartId);
  await fillCheckoutUpToReview(page, email, true);

  // The coupon made shipping free: the chosen method and the totals say so.
  const review = page.getByRole('region', { name: 'Review and place order' });
  await expect(review.getByTestId('summary-shipping')).toHaveText(
    'Shipping (Standard delivery · 3–5 working days)$0.00',
  );
  await expect(review.getByText('Standard delivery · 3–5 working days', { exact: true })).toBeVisible();
  await expect(review.getByText('Ada Lovelace').first()).toBeVisible();

  await review.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/checkout\/success$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible();
  const orderNumber = (await page.getByTestId('order-number').textContent())?.trim() ?? '';
  expect(orderNumber).toMatch(/^\d+$/);
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Continue shopping' })).toBeVisible();

  // The cart is gone from the browser: the next visit to checkout starts empty.
  expect(await page.evaluate(() => window.localStorage.getItem('vela.cartId'))).toBeNull();

  await expect.poll(() => findOrderMail(orderNumber, email), { timeout: 10_000 }).not.toBeNull();

  await page.goto('/checkout');
  await expect(page.getByRole('heading', { level: 1, name: 'Your cart is empty' })).toBeVisible();
});

test('a guest sees a clear error when the item sells out before the order is placed', async ({ page, request }) => {
  const variant = await findVariant(request, (v) => v.left !== null && v.left > 0);
  const units = variant.left ?? 1;
  const cartId = await cartWith(request, variant, units);
  const rivalCart = await cartWith(request, variant, units);

  await useCart(page, cartId);
  await fillCheckoutUpToReview(page, `late${Date.now()}@example.com`, false);

  await orderThroughApi(request, rivalCart);

  await page.getByRole('button', { name: 'Place order' }).click();
  const alert = page
    .getByRole('alert')
    .filter({ hasText: 'Not all of your products are available in the requested quantity.' });
  await expect(alert).toBeVisible();
  await expect(alert.getByRole('link', { name: 'Review your cart' })).toHaveAttribute('href', '/cart');
  await expect(page).toHaveURL(/\/checkout$/);
});

test('a guest whose Place order answer is lost learns the order went through, and finds it by number, e-mail and postcode', async ({
  page,
  request,
}) => {
  const variant = await findVariant(request, (v) => v.left === null);
  const cartId = await cartWith(request, variant, 1);
  const email = `lost${Date.now()}@example.com`;
  await useCart(page, cartId);
  await fillCheckoutUpToReview(page, email, false);

  // The server gets every Place order and answers it; the answers never reach the browser.
  await page.route('**/graphql*', async (route) => {
    if (route.request().method() === 'POST' && (route.request().postData() ?? '').includes('placeOrder')) {
      await route.fetch();
      await route.abort('connectionreset');
      return;
    }
    await route.continue();
  });
  await page.getByRole('button', { name: 'Place order' }).click();
  // Five attempts with backoff, then the check of the cart.
  await expect(page.getByRole('heading', { level: 1, name: 'Your order was placed' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(email)).toBeVisible();
  await page.unroute('**/graphql*');
  expect(await page.evaluate(() => window.localStorage.getItem('vela.cartId'))).toBeNull();

  // The number comes from the confirmation e-mail, as it would for the shopper.
  let mail: string | null = null;
  await expect.poll(async () => (mail = await findOrderMail('', email)), { timeout: 10_000 }).not.toBeNull();
  const orderNumber = /order confirmation #(\d+)/.exec(mail ?? '')?.[1] ?? '';
  expect(orderNumber).toMatch(/^\d+$/);

  await page.getByRole('main').getByRole('link', { name: 'Find your order' }).click();
  await expect(page).toHaveURL(/\/sales\/guest\/form$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Find your order' })).toBeVisible();
  const accessibility = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(accessibility.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

  await page.getByRole('button', { name: 'Find order' }).click();
  await expect(page.getByText('This field is required')).toHaveCount(3);
  await expect(page.getByLabel('Order number')).toBeFocused();
  await page.getByLabel('Order number').fill(orderNumber);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Billing postcode').fill('10001');
  await page.getByRole('button', { name: 'Find order' }).click();
  await expect(page.getByRole('alert')).toHaveText('No order matches this order number, e-mail address and postcode.');

  await page.getByLabel('Billing postcode').fill('94103');
  await page.getByRole('button', { name: 'Find order' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Order #${orderNumber}` })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Items ordered' })).toBeVisible();
  await expect(page.getByText('San Francisco').first()).toBeVisible();
});
