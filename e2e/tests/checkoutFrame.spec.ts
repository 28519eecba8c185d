import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Page, animationsSettled, expect, test } from './fixtures';
import { cartWith, fillUsAddress, gql } from './api';

// Issue 35, point 7: the checkout's frame. A minimal header and footer that lead nowhere that
// loses the cart, the order's total on the first screen of a phone, long e-mail addresses that
// wrap inside the layout, and a way for a returning customer to sign in and come back.

const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };

/** Two in-stock simple products of the demo catalog, with their names. */
async function simpleProducts(request: APIRequestContext): Promise<Array<{ sku: string; name: string }>> {
  const data = await gql<{
    products: { items: Array<{ __typename: string; sku: string; name: string; stock_status: string }> };
  }>(
    request,
    'query E2eFrameProducts { products(filter: {}, pageSize: 60) { items { __typename sku name stock_status } } }',
  );
  const found = data.products.items.filter((p) => p.__typename === 'SimpleProduct' && p.stock_status === 'IN_STOCK');
  if (found.length < 2) throw new Error('the demo catalog has fewer than two simple products in stock');
  return found.slice(0, 2);
}

async function openCheckout(page: Page, cartId: string) {
  await page.goto('/');
  await page.evaluate((id) => window.localStorage.setItem('vela.cartId', id), cartId);
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'E-mail' })).toBeVisible();
}

async function expectNoAxeViolations(page: Page, state: string) {
  await animationsSettled(page);
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(
    violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`),
    state,
  ).toEqual([]);
}

/** Nothing on the page is wider than the window: no sideways scrolling. */
async function expectNoSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    window: document.documentElement.clientWidth,
  }));
  expect(widths.page).toBeLessThanOrEqual(widths.window);
}

async function expectMinimalFooter(page: Page) {
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: 'Help with your order' })).toBeVisible();
  await expect(footer.getByRole('link', { name: 'Contact us' })).toBeVisible();
  await expect(footer.getByRole('link', { name: 'Delivery and returns' })).toBeVisible();
  await expect(footer.getByRole('link', { name: 'Privacy and cookies' })).toBeVisible();
  // What the shop's footer has and the checkout's must not: the newsletter, the categories and
  // the store and currency switch (which drops the cart).
  await expect(footer.getByRole('textbox')).toHaveCount(0);
  await expect(footer.getByRole('combobox')).toHaveCount(0);
  await expect(footer.getByRole('navigation', { name: 'Shop by category' })).toHaveCount(0);
  await expect(footer.getByRole('button')).toHaveCount(0);
}

test('on a phone the checkout has a minimal frame and "Order summary · $X" opens above the steps', async ({
  page,
  request,
}) => {
  await page.setViewportSize(PHONE);
  const [product] = await simpleProducts(request);
  const cartId = await cartWith(request, product!.sku);
  await openCheckout(page, cartId);

  const header = page.getByRole('banner');
  const secure = header.getByText('Secure checkout');
  await expect(secure).toBeVisible();
  const fontSize = await secure.evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
  expect((await secure.boundingBox())?.height ?? Infinity).toBeLessThan(fontSize * 2);
  await expect(header.getByRole('link', { name: 'Back to cart' })).toBeVisible();
  await expect(header.getByRole('search')).toHaveCount(0);
  await expectMinimalFooter(page);

  // The total on the first screen, above the first step, closed.
  const toggle = page.getByRole('button', { name: /^Order summary · \$\d+\.\d\d$/ });
  await expect(toggle).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  const toggleBox = (await toggle.boundingBox())!;
  const emailBox = (await page.getByRole('heading', { level: 2, name: 'E-mail' }).boundingBox())!;
  expect(toggleBox.y + toggleBox.height).toBeLessThanOrEqual(emailBox.y);
  expect(toggleBox.y + toggleBox.height).toBeLessThanOrEqual(PHONE.height);
  const summary = page.getByRole('complementary', { name: /Order summary/ });
  await expect(summary.getByText(product!.name)).toBeHidden();
  await expect(summary.getByTestId('summary-total')).toBeHidden();
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page, 'phone checkout, summary closed');

  // Opened from the keyboard: the lines and the totals, then closed again.
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(summary.getByText(product!.name)).toBeVisible();
  await expect(summary.getByTestId('summary-total')).toBeVisible();
  await expectNoAxeViolations(page, 'phone checkout, summary open');
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(summary.getByTestId('summary-total')).toBeHidden();

  // Still there on the later steps.
  await page.getByLabel('E-mail address').fill('frame@example.com');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Shipping address' })).toBeFocused();
  await expect(toggle).toBeVisible();
});

test('on a desktop the summary is a column of its own and the footer stays minimal', async ({ page, request }) => {
  await page.setViewportSize(DESKTOP);
  const [product] = await simpleProducts(request);
  const cartId = await cartWith(request, product!.sku);
  await openCheckout(page, cartId);
  const summary = page.getByRole('complementary', { name: 'Order summary' });
  await expect(summary.getByRole('heading', { level: 2, name: 'Order summary' })).toBeVisible();
  await expect(summary.getByRole('button', { name: /Order summary/ })).toBeHidden();
  await expect(summary.getByTestId('summary-total')).toBeVisible();
  const summaryBox = (await summary.boundingBox())!;
  const emailBox = (await page.getByRole('heading', { level: 2, name: 'E-mail' }).boundingBox())!;
  expect(summaryBox.x).toBeGreaterThan(emailBox.x + emailBox.width);
  await expectMinimalFooter(page);
  await expectNoAxeViolations(page, 'desktop checkout');
});

test('a long e-mail address wraps inside the checkout on a phone', async ({ page, request }) => {
  await page.setViewportSize(PHONE);
  const [product] = await simpleProducts(request);
  const cartId = await cartWith(request, product!.sku);
  await openCheckout(page, cartId);
  const email = `a.very.long.address.for.a.shopper.${Date.now()}@example-company-with-a-long-name.com`;
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Shipping address' })).toBeFocused();
  const step = page.getByRole('region', { name: 'E-mail' });
  const shown = step.getByText(email);
  await expect(shown).toBeVisible();
  const shownBox = (await shown.boundingBox())!;
  const stepBox = (await step.boundingBox())!;
  expect(shownBox.x + shownBox.width).toBeLessThanOrEqual(stepBox.x + stepBox.width);
  await expectNoSidewaysScroll(page);

  // The review and the confirmation print it too.
  await fillUsAddress(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Shipping method' })).toBeFocused();
  await page.getByRole('radio').first().check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Payment' })).toBeFocused();
  await page.getByRole('radio', { name: 'Check / Money order' }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Review and place order' })).toBeFocused();
  await expectNoSidewaysScroll(page);
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible();
  await expect(page.getByText(email).first()).toBeVisible();
  await expectNoSidewaysScroll(page);
});

test('"Already have an account? Sign in" comes back to the checkout with the guest cart merged into the account\'s', async ({
  page,
  request,
}) => {
  const [guestProduct, customerProduct] = await simpleProducts(request);
  const email = `frame${Date.now()}@example.com`;
  const password = 'Returning-shopper-7';
  await gql(
    request,
    'mutation E2eFrameCustomer($input: CustomerCreateInput!) { createCustomerV2(input: $input) { customer { email } } }',
    { input: { firstname: 'Rita', lastname: 'Return', email, password } },
  );
  const token = (
    await gql<{ generateCustomerToken: { token: string } }>(
      request,
      'mutation E2eFrameToken($email: String!, $password: String!) { generateCustomerToken(email: $email, password: $password) { token } }',
      { email, password },
    )
  ).generateCustomerToken.token;
  // The account already holds something from an earlier visit.
  await cartWith(request, customerProduct!.sku, token);
  const cartId = await cartWith(request, guestProduct!.sku);
  await openCheckout(page, cartId);

  await page.getByRole('region', { name: 'E-mail' }).getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/account\/signin\?redirect=%2Fcheckout$/);
  // The address changes before the sign-in page replaces the checkout, whose e-mail step has a
  // field of the same name: type only once the sign-in page is there.
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(password);
  await expect(page.getByLabel('E-mail address')).toHaveValue(email);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();

  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  const summary = page.getByRole('complementary', { name: /Order summary/ });
  await summary.getByText(/items? in your cart/).click();
  await expect(summary.getByText(guestProduct!.name)).toBeVisible();
  await expect(summary.getByText(customerProduct!.name)).toBeVisible();
  // Signed in, the e-mail step is the account's and offers no second sign-in.
  await expect(page.getByRole('link', { name: 'Sign in' })).toHaveCount(0);
});
