import { readFile } from 'node:fs/promises';
import { cartWith, gql } from './api';
import { expect, test, type APIRequestContext, type Page } from './fixtures';
import { outboxFiles, readMail } from './mailbox';

// Issue 35, points 13, 14 and 10: the account opens on an overview and a sign-up is welcomed by
// mail; the cart and the mini cart say how far free delivery is; colour facets show swatches.
// SCREENSHOTS=after also saves what they look like under docs/screenshots/trust/.
const label = process.env.SCREENSHOTS;
const dir = '../docs/screenshots/trust';
const shot = async (page: Page, name: string, fullPage = false) => {
  if (label) await page.screenshot({ path: `${dir}/${label}-${name}.png`, fullPage });
};

/** An in-stock simple product of the demo priced under the free-delivery threshold. */
async function cheapProduct(request: APIRequestContext): Promise<{ sku: string; price: number }> {
  for (const term of ['bag', 'cap', 'mug', 'sock', 'tote', 'scarf', 'belt', 'tee']) {
    const data = await gql<{
      products: {
        items: Array<{
          __typename: string;
          sku: string;
          stock_status: string;
          price_range: { minimum_price: { final_price: { value: number } } };
        }>;
      };
    }>(
      request,
      'query E2eCheap($term: String!) { products(search: $term, pageSize: 20) { items { __typename sku stock_status price_range { minimum_price { final_price { value } } } } } }',
      { term },
    );
    const found = data.products.items.find(
      (p) =>
        p.__typename === 'SimpleProduct' &&
        p.stock_status === 'IN_STOCK' &&
        p.price_range.minimum_price.final_price.value < 70 &&
        p.price_range.minimum_price.final_price.value > 5,
    );
    if (found) return { sku: found.sku, price: found.price_range.minimum_price.final_price.value };
  }
  throw new Error('no simple product under $70 in the demo');
}

for (const device of [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
]) {
  test(`a new account opens on its overview, offers categories and is welcomed by mail (${device.name})`, async ({
    page,
  }) => {
    await page.setViewportSize(device.viewport);
    const email = `welcome-${device.name}-${Date.now()}@example.com`;
    await page.goto('/account/create');
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    await page.getByLabel('E-mail address').fill(email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Analytical1');
    await page.getByLabel('Confirm password').fill('Analytical1');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();
    // An overview, not an edit form.
    await expect(page.getByRole('main').getByRole('textbox')).toHaveCount(0);
    const orders = page.getByRole('region', { name: 'Recent orders' });
    await expect(orders.getByText('You have not placed an order yet.')).toBeVisible();
    await expect(
      orders.getByRole('navigation', { name: 'Categories to shop' }).getByRole('link').first(),
    ).toBeVisible();
    await expect(page.getByRole('region', { name: 'Account information' }).getByText(email)).toBeVisible();
    await shot(page, `${device.name}-account-overview-new`, true);

    // The edit forms are one link away, and keyboard-reachable.
    const edit = page.getByRole('link', { name: 'Edit name, e-mail or password' });
    await edit.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/account\/information$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Account information' })).toBeVisible();

    // The order history of a new account offers categories, not a search box.
    await page.goto('/account/orders');
    await expect(page.getByText('You have not placed an order yet.')).toBeVisible();
    await expect(page.getByRole('main').getByRole('search')).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Categories to shop' })).toBeVisible();

    // The welcome mail, once.
    await expect
      .poll(
        async () => {
          const mails = [];
          for (const file of await outboxFiles()) {
            const raw = await readFile(file, 'utf8');
            if (raw.includes(email) && file.includes('signup-welcome-')) mails.push(readMail(raw));
          }
          return mails.map((m) => m.subject);
        },
        { timeout: 20_000 },
      )
      .toEqual([expect.stringMatching(/^Welcome to /)]);
  });

  test(`the cart and the mini cart show the way to free delivery (${device.name})`, async ({ page, request }) => {
    await page.setViewportSize(device.viewport);
    const product = await cheapProduct(request);
    const cartId = await cartWith(request, product.sku);
    await page.goto('/');
    await page.evaluate((id) => {
      window.localStorage.setItem('vela.cartId', id);
      document.cookie = `vela_cart=${id}; path=/`;
    }, cartId);
    await page.goto('/cart');
    const progress = page.getByTestId('free-delivery');
    // Server-rendered with the cart: there before any script runs.
    await expect(progress).toContainText(/\$\d+\.\d\d away from free delivery/);
    const remaining = Math.round((75 - product.price) * 100) / 100;
    await expect(progress).toContainText(`$${remaining.toFixed(2)} away from free delivery`);
    const bar = progress.getByRole('progressbar', { name: 'Towards free delivery' });
    await expect(bar).toHaveAttribute('aria-valuetext', `$${product.price.toFixed(2)} of $75.00`);
    await shot(page, `${device.name}-cart-free-delivery-progress`);

    // Enough of it to pass the threshold: unlocked, as the free carrier then quotes.
    const quantity = Math.ceil(75 / product.price);
    const input = page.getByRole('spinbutton').first();
    await input.fill(String(quantity));
    await input.press('Enter');
    await expect(progress).toHaveText('Free delivery unlocked');
    await shot(page, `${device.name}-cart-free-delivery-unlocked`);

    await page
      .getByRole('link', { name: /^Cart, / })
      .first()
      .click();
    const miniCart = page.getByRole('dialog', { name: 'Your cart' });
    await expect(miniCart.getByTestId('free-delivery')).toHaveText('Free delivery unlocked');
    await shot(page, `${device.name}-mini-cart-free-delivery`);
  });
}

test('the colour facet shows each colour as a swatch, named by its label', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/women.html');
  const colour = page.getByRole('group', { name: 'Color' });
  const swatches = colour.locator('[data-swatch]');
  expect(await swatches.count()).toBeGreaterThan(1);
  // Each swatch sits in the label of a checkbox named by the colour.
  const first = colour.getByRole('checkbox').first();
  await expect(first).toHaveAccessibleName(/\S/);
  await first.focus();
  await expect(first).toBeFocused();
  const hex = await swatches.first().getAttribute('data-swatch');
  expect(hex).toMatch(/^#[0-9a-f]{6}$/i);
  await shot(page, 'desktop-colour-facet-swatches');
});
