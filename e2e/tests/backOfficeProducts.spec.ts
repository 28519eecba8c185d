// Issue 10: products in the back office, in Chromium. A staff member (made with admin:create)
// creates a product, changes its price, and the storefront's product page shows the new
// price at once. axe checks the list and the edit page.
import { createStaffAccount, expectNoViolations, signInToBackOffice } from './backOfficeAccounts';
import { expect, test } from './fixtures';

const STAFF = {
  email: `staff.products${Date.now()}@example.com`,
  name: 'Sam Staff',
  password: 'Catalogue-keeper-42',
  role: 'staff' as const,
};

test.skip(process.env.E2E_FRONTED === '1', 'fronting Magento, the back office is not mounted');
test.use({ actionTimeout: 15_000 });

test('staff create a product, change its price, and the storefront shows it at once', async ({ page }) => {
  test.setTimeout(180_000);
  expect(await createStaffAccount(STAFF)).toContain(STAFF.email);
  // A product of the test's own, in no category: the other journeys' pages and pictures keep theirs.
  const stamp = Date.now().toString(36);
  const product = {
    sku: `E2E-LAMP-${stamp}`.toUpperCase(),
    name: `Tidewater Lamp ${stamp}`,
    urlKey: `tidewater-lamp-${stamp}`,
  };

  await signInToBackOffice(page, STAFF);
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Products' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeFocused();
  await expect(page.getByRole('status').filter({ hasText: /\d+ products/ })).toBeVisible();
  await expectNoViolations(page, 'products list');

  await page.getByRole('link', { name: 'New product' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New product' })).toBeFocused();
  await page.getByRole('textbox', { name: /^SKU/ }).fill(product.sku);
  await page.getByRole('textbox', { name: /^Name/ }).fill(product.name);
  await page.getByRole('textbox', { name: /^URL key/ }).fill(product.urlKey);
  await page.getByRole('textbox', { name: /^Price/ }).fill('49.00');
  await page.getByRole('textbox', { name: /^Quantity in stock/ }).fill('12');
  await page.getByRole('button', { name: 'Create product' }).click();
  await expect(page.getByText('The product is created.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await expectNoViolations(page, 'product edit page');

  // An empty required field is refused beside it, and nothing is sent.
  const price = page.getByRole('textbox', { name: /^Price/ });
  await price.fill('');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('This field is required')).toBeVisible();
  await expect(price).toBeFocused();
  await expectNoViolations(page, 'product edit page with an error');

  await price.fill('123.45');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('The product is saved.')).toBeVisible();

  await page.goto(`/${product.urlKey}.html`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await expect(page.getByText('$123.45').first()).toBeVisible();
});
