import { type APIRequestContext, type Page, expect, test } from './fixtures';
import { gql } from './api';
import { readFile } from 'node:fs/promises';
import { decodeQuotedPrintable, outboxFiles } from './mailbox';

// The customer journey of the "Customers" issue, in one browser against the real server:
// create an account → sign out → sign in with a guest cart that merges → add an address →
// heart a product → check out with the saved address → the order shows in the history →
// reset the password through the mailed link → sign in with the new password.

interface Product {
  sku: string;
  name: string;
  path: string;
}

/** An in-stock simple product: it can go to the cart straight from the wish list. */
async function simpleProduct(request: APIRequestContext, skip: string[] = []): Promise<Product> {
  for (const term of ['bag', 'cap', 'mug', 'sock', 'tote', 'scarf', 'belt', 'tee']) {
    const data = await gql<{
      products: {
        items: Array<{
          __typename: string;
          sku: string;
          name: string;
          url_key: string;
          url_suffix: string | null;
          stock_status: string;
        }>;
      };
    }>(
      request,
      'query E2eSimple($term: String!) { products(search: $term, pageSize: 20) { items { __typename sku name url_key url_suffix stock_status } } }',
      { term },
    );
    const found = data.products.items.find(
      (p) => p.__typename === 'SimpleProduct' && p.stock_status === 'IN_STOCK' && !skip.includes(p.sku),
    );
    if (found) return { sku: found.sku, name: found.name, path: `/${found.url_key}${found.url_suffix ?? '.html'}` };
  }
  throw new Error('no in-stock simple product in the demo catalog');
}

async function guestCartWith(request: APIRequestContext, sku: string): Promise<string> {
  const created = await gql<{ createGuestCart: { cart: { id: string } } }>(
    request,
    'mutation E2eGuestCart { createGuestCart { cart { id } } }',
  );
  const cartId = created.createGuestCart.cart.id;
  await gql(
    request,
    'mutation E2eGuestAdd($cartId: String!, $sku: String!) { addProductsToCart(cartId: $cartId, cartItems: [{ sku: $sku, quantity: 2 }]) { cart { id } } }',
    { cartId, sku },
  );
  return cartId;
}

/** The reset link of the newest password e-mail to `email` in the server's outbox. */
async function resetLinkFor(email: string): Promise<string | null> {
  for (const file of await outboxFiles()) {
    const text = decodeQuotedPrintable((await readFile(file, 'utf8')).replace(/=\r?\n/g, ''));
    if (!text.includes(email)) continue;
    const link = /https?:\/\/[^\s"'<>]*\/customer\/account\/createPassword\?[^\s"'<>]+/.exec(text)?.[0];
    if (link) return link.replace(/&amp;/g, '&');
  }
  return null;
}

// A missing control fails fast instead of using up the whole journey's time.
test.use({ actionTimeout: 15_000 });

async function openAccountDrawer(page: Page) {
  await page.getByRole('button', { name: /My account menu|Sign in or create an account/ }).click();
  return page.getByRole('dialog');
}

test('a customer creates an account, merges a guest cart, saves an address and a wish, orders and resets the password', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const email = `ada${Date.now()}@example.com`;
  const password = 'Analytical1';
  const newPassword = 'Engine#2024';
  const wished = await simpleProduct(request);
  const guestItem = await simpleProduct(request, [wished.sku]);

  // Create the account; the password rule is shown and checked while typing.
  await page.goto('/account/create');
  await expect(page.getByRole('heading', { level: 1, name: 'Create an account' })).toBeVisible();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('This field is required').first()).toBeVisible();
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('short');
  await expect(page.getByText('At least 8 characters')).toContainText('(not met yet)');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await expect(page.getByText('At least 8 characters')).toContainText('(met)');
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByText('Hello, Ada!')).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);

  // Sign out from the header.
  let drawer = await openAccountDrawer(page);
  await drawer.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByText('You are signed out.')).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('vela.customerToken'))).toBeNull();

  // As a guest, put something in a cart; a private page asks to sign in and comes back after.
  const guestCartId = await guestCartWith(request, guestItem.sku);
  await page.evaluate((id) => window.localStorage.setItem('vela.cartId', id), guestCartId);
  await page.goto('/account/orders');
  await expect(page).toHaveURL(/\/account\/signin\?redirect=%2Faccount%2Forders$/);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('main').getByRole('alert')).toBeVisible();
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/account\/orders$/);
  // A new account's empty history offers categories to shop (issue 35), not the order search.
  await expect(page.getByText('You have not placed an order yet.')).toBeVisible();

  // The guest cart's items are now in the customer's cart, which this browser uses.
  const token =
    (
      JSON.parse((await page.evaluate(() => window.localStorage.getItem('vela.customerToken'))) ?? '{}') as {
        token?: string;
      }
    ).token ?? '';
  expect(token).not.toBe('');
  const cartId = await page.evaluate(() => window.localStorage.getItem('vela.cartId'));
  expect(cartId).not.toBe(guestCartId);
  const customerCart = await gql<{
    customerCart: { id: string; items: Array<{ quantity: number; product: { sku: string } }> };
  }>(request, 'query E2eCustomerCart { customerCart { id items { quantity product { sku } } } }', {}, token);
  expect(customerCart.customerCart.id).toBe(cartId);
  expect(customerCart.customerCart.items).toEqual([
    expect.objectContaining({ quantity: 2, product: expect.objectContaining({ sku: guestItem.sku }) }),
  ]);

  // Address book: a new address, checked before it is sent.
  await page.goto('/account/addresses');
  await expect(page.getByText('You have no saved addresses yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Add a new address' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Save address' }).click();
  await expect(dialog.getByText('This field is required').first()).toBeVisible();
  await dialog.getByLabel('First name').fill('Ada');
  await dialog.getByLabel('Last name').fill('Lovelace');
  await dialog.getByLabel('Street address').fill('1 Analytical Way');
  await dialog.getByLabel('Country').selectOption('US');
  await dialog.getByLabel('State / province').selectOption({ label: 'California' });
  await dialog.getByLabel('City').fill('San Francisco');
  await dialog.getByLabel('Postal code').fill('94103');
  await dialog.getByLabel('Phone number').fill('+1 415 555 0100');
  await dialog.getByRole('button', { name: 'Save address' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('1 Analytical Way')).toBeVisible();
  await expect(page.getByText('Default shipping address')).toBeVisible();

  // Heart a product on its page; it shows on the wish list.
  await page.goto(wished.path);
  const heart = page.getByRole('button', { name: 'Keep this product on my wish list' });
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  await page.goto('/wishlist');
  await expect(page.getByRole('heading', { level: 2, name: wished.name })).toBeVisible();

  // Check out with the saved address: no e-mail to type, the address is preselected.
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await expect(page.getByRole('radio', { name: /1 Analytical Way/ })).toBeChecked();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Shipping method' })).toBeFocused();
  await page.getByRole('radio', { name: /Standard delivery/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Payment' })).toBeFocused();
  await page.getByRole('radio', { name: 'Check / Money order' }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible();
  const orderNumber = (await page.getByTestId('order-number').textContent())?.trim() ?? '';
  expect(orderNumber).toMatch(/^\d+$/);
  await expect(page.getByRole('link', { name: 'Create an account' })).toHaveCount(0);

  // The order is in the history, searchable, with its details.
  await page.goto('/account/orders');
  await expect(page.getByText('1 order')).toBeVisible();
  await page.getByLabel('Order number').fill(orderNumber);
  await page.getByRole('button', { name: 'Find order' }).click();
  await page.getByRole('link', { name: `#${orderNumber}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Order #${orderNumber}` })).toBeVisible();
  await expect(page.getByText(guestItem.name)).toBeVisible();

  // Forgotten password: sign out, ask for the e-mail, follow its link.
  drawer = await openAccountDrawer(page);
  await drawer.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByText('You are signed out.')).toBeVisible();
  await page.goto('/account/forgotpassword');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText(/you will receive an e-mail/)).toBeVisible();
  let link: string | null = null;
  await expect.poll(async () => (link = await resetLinkFor(email)), { timeout: 15_000 }).not.toBeNull();
  const resetUrl = new URL(link ?? '');
  await page.goto(resetUrl.pathname + resetUrl.search);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
  await expect(page.getByLabel('E-mail address')).toHaveValue(email);
  await page.getByRole('textbox', { name: 'New password' }).fill(newPassword);
  await page.getByLabel('Confirm password').fill(newPassword);
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByText('Your password has been changed.')).toBeVisible();

  // The new password works (and the old one no longer does), through the header drawer.
  drawer = await openAccountDrawer(page);
  await drawer.getByLabel('E-mail address').fill(email);
  await drawer.getByLabel('Password').fill(password);
  await drawer.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(drawer.getByRole('alert')).toBeVisible();
  await drawer.getByLabel('Password').fill(newPassword);
  await drawer.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('You are signed in.')).toBeVisible();
  await page.goto('/account');
  await expect(page.getByText('Hello, Ada!')).toBeVisible();
});

test("a guest's heart on a listing asks them to sign in and names the way back", async ({ page }) => {
  await page.goto('/sale.html');
  const heart = page.getByRole('button', { name: /^Keep .+ on my wish list$/ }).first();
  // A guest's heart is a plain button, not a toggle that claims a state.
  await expect(heart).not.toHaveAttribute('aria-pressed');
  await heart.click();
  await expect(page).toHaveURL(/\/account\/signin\?redirect=%2Fsale\.html$/);
  await expect(page.getByText('Sign in to keep products on your wish list.')).toBeVisible();
});
