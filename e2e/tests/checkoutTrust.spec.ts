import { type APIRequestContext, type Page, expect, test } from './fixtures';
import { fillUsAddress, gql, signInWithToken } from './api';
import { findOrderMail, readMail } from './mailbox';

// Issue 35: what a shopper sees from the review step to the confirmation must agree with what
// they chose, and tell them what happens next. Items go into the cart through the API; the
// checkout is driven through the UI.

interface PicturedVariant {
  parentSku: string;
  optionUids: string[];
  /** The path of the variant's own picture (not the parent's), without its extension. */
  picture: string;
}

function fileStem(url: string): string {
  // The demo draws each colour into a folder of its own (…/hoodie/3a3a3c/1.png).
  return new URL(url, 'http://x').pathname.replace(/\.[a-z]+$/i, '');
}

/** A configurable product whose in-stock variant has a picture of its own, unlike the parent's. */
async function variantWithOwnPicture(request: APIRequestContext): Promise<PicturedVariant> {
  const data = await gql<{ products: { items: Array<Record<string, unknown>> } }>(
    request,
    `query E2eTrustVariants { products(search: "hoodie", pageSize: 20) { items { __typename sku thumbnail { url }
      ... on ConfigurableProduct { variants { attributes { uid } product { sku stock_status only_x_left_in_stock thumbnail { url } } } } } } }`,
  );
  for (const item of data.products.items) {
    if (item.__typename !== 'ConfigurableProduct') continue;
    const parentPicture = fileStem((item.thumbnail as { url: string }).url);
    const variants = item.variants as Array<{
      attributes: Array<{ uid: string }>;
      product: { stock_status: string; only_x_left_in_stock: number | null; thumbnail: { url: string } | null };
    }>;
    for (const v of variants) {
      if (v.product.stock_status !== 'IN_STOCK' || v.product.only_x_left_in_stock !== null) continue;
      const picture = v.product.thumbnail ? fileStem(v.product.thumbnail.url) : '';
      if (picture && picture !== parentPicture) {
        return { parentSku: item.sku as string, optionUids: v.attributes.map((a) => a.uid), picture };
      }
    }
  }
  throw new Error('no variant with a picture of its own in the demo catalog');
}

async function guestCart(request: APIRequestContext, variant: PicturedVariant, quantity: number): Promise<string> {
  const created = await gql<{ createGuestCart: { cart: { id: string } } }>(
    request,
    'mutation E2eTrustCart { createGuestCart { cart { id } } }',
  );
  const cartId = created.createGuestCart.cart.id;
  const added = await gql<{ addProductsToCart: { user_errors: Array<{ message: string }> } }>(
    request,
    `mutation E2eTrustAdd($cartId: String!, $items: [CartItemInput!]!) { addProductsToCart(cartId: $cartId, cartItems: $items) { user_errors { message } } }`,
    { cartId, items: [{ sku: variant.parentSku, quantity, selected_options: variant.optionUids }] },
  );
  expect(added.addProductsToCart.user_errors).toEqual([]);
  return cartId;
}

async function openCheckout(page: Page, cartId: string) {
  await page.goto('/');
  await page.evaluate((id) => window.localStorage.setItem('vela.cartId', id), cartId);
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
}

async function checkoutToReview(
  page: Page,
  email: string,
  atPayment?: () => Promise<void>,
  paymentMethod = 'Check / Money order',
  shippingMethod?: string,
) {
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Shipping address' })).toBeFocused();
  await fillUsAddress(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Shipping method' })).toBeFocused();
  await (shippingMethod ? page.getByRole('radio', { name: shippingMethod }) : page.getByRole('radio').first()).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Payment' })).toBeFocused();
  await page.getByRole('radio', { name: paymentMethod }).check();
  await atPayment?.();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Review and place order' })).toBeFocused();
}

async function pictureSources(scope: ReturnType<Page['locator']>): Promise<string[]> {
  return scope
    .locator('img')
    .evaluateAll((images) =>
      images.map((img) => (img as HTMLImageElement).currentSrc || (img as HTMLImageElement).src),
    );
}

test('the review step and the confirmation show the picture of the chosen variant', async ({ page, request }) => {
  const variant = await variantWithOwnPicture(request);
  const cartId = await guestCart(request, variant, 1);
  await openCheckout(page, cartId);
  await checkoutToReview(page, `pictures${Date.now()}@example.com`);

  const review = page.getByRole('region', { name: 'Review and place order' });
  const reviewPictures = await pictureSources(review);
  expect(reviewPictures.some((src) => src.includes(variant.picture))).toBe(true);

  await review.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible();
  const ordered = page.getByRole('region', { name: 'What you ordered' });
  await expect(ordered.locator('img').first()).toBeVisible();
  const orderedPictures = await pictureSources(ordered);
  expect(orderedPictures.some((src) => src.includes(variant.picture))).toBe(true);
});

test('the confirmation agrees with the review: country name, row totals, one spelling of the shipping method', async ({
  page,
  request,
}) => {
  const variant = await variantWithOwnPicture(request);
  const cartId = await guestCart(request, variant, 3);
  await openCheckout(page, cartId);
  await checkoutToReview(page, `agree${Date.now()}@example.com`);

  const review = page.getByRole('region', { name: 'Review and place order' });
  const reviewRow = (await review.getByRole('listitem').filter({ hasText: 'Qty 3' }).textContent()) ?? '';
  const rowTotal = /\$[\d,]+\.\d\d/.exec(reviewRow)?.[0] ?? 'none';
  const reviewShipping = (await review.getByTestId('summary-shipping').textContent()) ?? '';
  const methodLabel = /\((.+)\)/.exec(reviewShipping)?.[1] ?? 'none';
  await expect(review.getByText(methodLabel, { exact: true })).toBeVisible();

  await review.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible();
  const ordered = page.getByRole('region', { name: 'What you ordered' });
  await expect(ordered.getByRole('listitem').filter({ hasText: 'Qty 3' })).toContainText(rowTotal);
  const delivery = page.getByRole('region', { name: 'Delivery and payment' });
  await expect(delivery.getByText('United States').first()).toBeVisible();
  await expect(delivery.getByText(/^US$/)).toHaveCount(0);
  await expect(delivery.getByText(methodLabel, { exact: true })).toBeVisible();
});

test('a shopper paying by check is told whom to pay and where to send it, before and after ordering', async ({
  page,
  request,
}) => {
  const variant = await variantWithOwnPicture(request);
  const cartId = await guestCart(request, variant, 1);
  const email = `check${Date.now()}@example.com`;
  await openCheckout(page, cartId);
  await checkoutToReview(page, email, async () => {
    // The payment step says it as soon as the method is chosen.
    const payment = page.getByRole('region', { name: 'Payment' });
    await expect(payment.getByText('Make your check payable to Vela Demo Shop.')).toBeVisible();
    await expect(payment.getByText('1 Harbour Street')).toBeVisible();
  });

  const review = page.getByRole('region', { name: 'Review and place order' });
  await review.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible();
  const delivery = page.getByRole('region', { name: 'Delivery and payment' });
  await expect(delivery.getByText('Make your check payable to Vela Demo Shop.')).toBeVisible();
  await expect(delivery.getByText('Portland, OR 97204')).toBeVisible();

  const orderNumber = (await page.getByTestId('order-number').textContent())?.trim() ?? '';
  await expect.poll(() => findOrderMail(orderNumber, email), { timeout: 10_000 }).not.toBeNull();
  const mail = readMail((await findOrderMail(orderNumber, email)) ?? '');
  expect(mail.body).toContain('Make your check payable to Vela Demo Shop.');
  expect(mail.body).toContain('1 Harbour Street');
});

test('a shopper paying by bank transfer is told where the details follow, then given them on the confirmation and in the mail', async ({
  page,
  request,
}) => {
  const variant = await variantWithOwnPicture(request);
  const cartId = await guestCart(request, variant, 1);
  const email = `bank${Date.now()}@example.com`;
  await openCheckout(page, cartId);
  await checkoutToReview(
    page,
    email,
    async () => {
      const payment = page.getByRole('region', { name: 'Payment' });
      await expect(payment.getByTestId('payment-instructions')).toContainText('Our bank details');
    },
    'Bank Transfer Payment',
  );

  const review = page.getByRole('region', { name: 'Review and place order' });
  await review.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible();
  const delivery = page.getByRole('region', { name: 'Delivery and payment' });
  // The demo shop's settings (payment/banktransfer/instructions), line by line.
  await expect(delivery.getByText('Account 000123456789, routing number 123000848')).toBeVisible();
  await expect(delivery.getByText('Reference: your order number')).toBeVisible();

  const orderNumber = (await page.getByTestId('order-number').textContent())?.trim() ?? '';
  await expect.poll(() => findOrderMail(orderNumber, email), { timeout: 10_000 }).not.toBeNull();
  const mail = readMail((await findOrderMail(orderNumber, email)) ?? '');
  expect(mail.body).toContain('Account 000123456789, routing number 123000848');
});

test('shipping options read as a shopper would, a free one says why, and the method is spelt one way to the mail', async ({
  page,
  request,
}) => {
  const variant = await variantWithOwnPicture(request);
  // Enough for the free-delivery threshold ($75).
  const cartId = await guestCart(request, variant, 3);
  const email = `options${Date.now()}@example.com`;
  await openCheckout(page, cartId);
  const free = 'Free delivery · Your order qualifies · 3–5 working days';
  await checkoutToReview(page, email, undefined, 'Check / Money order', free);
  const review = page.getByRole('region', { name: 'Review and place order' });
  await expect(review.getByText(free, { exact: true })).toBeVisible();
  await review.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Delivery and payment' }).getByText(free, { exact: true }),
  ).toBeVisible();
  const orderNumber = (await page.getByTestId('order-number').textContent())?.trim() ?? '';
  await expect.poll(() => findOrderMail(orderNumber, email), { timeout: 10_000 }).not.toBeNull();
  const mail = readMail((await findOrderMail(orderNumber, email)) ?? '');
  expect(mail.body).toContain(`Shipping & Handling (${free})`);
});

test('the shipping step names what the shopper gets and when, never an admin code', async ({ page, request }) => {
  const variant = await variantWithOwnPicture(request);
  const cartId = await guestCart(request, variant, 1);
  await openCheckout(page, cartId);
  await page.getByLabel('E-mail address').fill(`labels${Date.now()}@example.com`);
  await page.getByRole('button', { name: 'Continue' }).click();
  await fillUsAddress(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Shipping method' })).toBeFocused();
  const step = page.getByRole('region', { name: 'Shipping method' });
  await expect(step.getByRole('radio', { name: /Standard delivery · 3–5 working days/ })).toBeVisible();
  await expect(step.getByRole('radio', { name: /Express delivery · 1–2 working days/ })).toBeVisible();
  await expect(step.getByText(/Flat Rate|Fixed|Best Way|Table Rate/)).toHaveCount(0);
});

test('a signed-in customer finds their name already on the shipping address', async ({ page, request }) => {
  const email = `grace${Date.now()}@example.com`;
  const password = 'Compiler1952';
  await gql(
    request,
    'mutation E2eTrustCustomer($input: CustomerCreateInput!) { createCustomerV2(input: $input) { customer { email } } }',
    { input: { firstname: 'Grace', lastname: 'Hopper', email, password } },
  );
  const token = (
    await gql<{ generateCustomerToken: { token: string } }>(
      request,
      'mutation E2eTrustToken($email: String!, $password: String!) { generateCustomerToken(email: $email, password: $password) { token } }',
      { email, password },
    )
  ).generateCustomerToken.token;
  const variant = await variantWithOwnPicture(request);
  const cartId = (await gql<{ customerCart: { id: string } }>(request, '{ customerCart { id } }', {}, token))
    .customerCart.id;
  await gql(
    request,
    `mutation E2eTrustAddMine($cartId: String!, $items: [CartItemInput!]!) { addProductsToCart(cartId: $cartId, cartItems: $items) { user_errors { message } } }`,
    { cartId, items: [{ sku: variant.parentSku, quantity: 1, selected_options: variant.optionUids }] },
    token,
  );

  await page.goto('/');
  await signInWithToken(page, token);
  await openCheckout(page, cartId);
  const continueFromEmail = page.getByRole('region', { name: 'E-mail' }).getByRole('button', { name: 'Continue' });
  if (await continueFromEmail.isVisible()) await continueFromEmail.click();
  await expect(page.getByLabel('First name')).toHaveValue('Grace');
  await expect(page.getByLabel('Last name')).toHaveValue('Hopper');
});

test('a German address needs no state, and the confirmation and mail print none', async ({ page, request }) => {
  const variant = await variantWithOwnPicture(request);
  const cartId = await guestCart(request, variant, 1);
  const email = `berlin${Date.now()}@example.com`;
  await openCheckout(page, cartId);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Shipping address' })).toBeFocused();
  await page.getByLabel('First name').fill('Lise');
  await page.getByLabel('Last name').fill('Meitner');
  await page.getByLabel('Street address').fill('Unter den Linden 6');
  await page.getByLabel('Country').selectOption('DE');
  await page.getByLabel('City').fill('Berlin');
  await page.getByLabel('Postal code').fill('10117');
  await page.getByLabel('Phone number').fill('+49 30 2093 0');
  await page.getByRole('button', { name: 'Continue' }).click();
  // No state asked for: the next step opens.
  await expect(page.getByRole('heading', { level: 2, name: 'Shipping method' })).toBeFocused();
  await page.getByRole('radio').first().check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('radio', { name: 'Check / Money order' }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  const review = page.getByRole('region', { name: 'Review and place order' });
  await review.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Delivery and payment' }).getByText('Germany').first()).toBeVisible();

  const orderNumber = (await page.getByTestId('order-number').textContent())?.trim() ?? '';
  await expect.poll(() => findOrderMail(orderNumber, email), { timeout: 10_000 }).not.toBeNull();
  const mail = readMail((await findOrderMail(orderNumber, email)) ?? '');
  expect(mail.body).toContain('Berlin, 10117');
  expect(mail.body).toContain('Germany');
});

test('the e-mail step offers a returning customer to sign in, and comes back to checkout', async ({
  page,
  request,
}) => {
  const variant = await variantWithOwnPicture(request);
  const cartId = await guestCart(request, variant, 1);
  await openCheckout(page, cartId);
  const email = page.getByRole('region', { name: 'E-mail' });
  await expect(email.getByText('Already have an account?')).toBeVisible();
  await email.getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/account\/signin\?redirect=%2Fcheckout$/);
});

test('on a phone the checkout header says "Secure checkout" on one line, and the way back is still named', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const variant = await variantWithOwnPicture(request);
  const cartId = await guestCart(request, variant, 1);
  await openCheckout(page, cartId);
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Back to cart' })).toBeVisible();
  const secure = header.getByText('Secure checkout');
  await expect(secure).toBeVisible();
  const box = await secure.boundingBox();
  // One line is at most about 1.6 times the font size; two lines are at least twice it.
  const fontSize = await secure.evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
  expect(box?.height ?? Infinity).toBeLessThan(fontSize * 2);
});
