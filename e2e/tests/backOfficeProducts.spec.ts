// Issue 10: products in the back office, in Chromium. A staff member (made with admin:create)
// creates a product, changes its price, and the storefront's product page shows the new
// price at once; it uploads two images and orders them, and the storefront shows the main one.
// axe checks the list, the edit page and the gallery.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createStaffAccount, expectNoViolations, signInToBackOffice } from './backOfficeAccounts';
import { expect, test } from './fixtures';

const IMAGES = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../commerce/test/fixtures/catalog-sample/images',
);

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
  // Its own attributes, which shoppers filter by: a value the shop does not have yet is added.
  await page.getByRole('combobox', { name: 'Material' }).fill('Hemp, Cotton');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('The product is saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Material' })).toHaveValue(/Hemp/);
  await expect(page.getByRole('combobox', { name: 'Material' })).toHaveValue(/Cotton/);

  // Two images uploaded; the second is moved up to be the main one, with its alternative text.
  await page
    .getByLabel('Add images')
    .setInputFiles([path.join(IMAGES, 'harbor-lantern.png'), path.join(IMAGES, 'harbor-tote.jpg')]);
  await expect(page.getByText(/New, not saved yet: harbor-tote\.jpg/)).toBeVisible();
  await page.getByRole('button', { name: 'Move image 2 up' }).click();
  await expect(page.getByRole('button', { name: 'Move image 1 down' })).toBeFocused();
  await page.getByRole('textbox', { name: 'Alternative text for image 1' }).fill('A canvas tote bag');
  await page.getByRole('textbox', { name: 'Alternative text for image 2' }).fill('A brass lantern');
  await expectNoViolations(page, 'product images, not saved');
  await page.getByRole('button', { name: 'Save images' }).click();
  await expect(page.getByText('The images are saved.')).toBeVisible();
  await expect(page.getByText(/New, not saved yet/)).toHaveCount(0);

  await page.goto(`/${product.urlKey}.html`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await expect(page.getByText('$123.45').first()).toBeVisible();
  await expect(page.getByRole('main').getByRole('img', { name: 'A canvas tote bag' }).first()).toBeVisible();
});

test('staff create a configurable product with its variants, add one, and shoppers choose among them', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36);
  const staff = { ...STAFF, email: `staff.configurable${Date.now()}@example.com` };
  expect(await createStaffAccount(staff)).toContain(staff.email);
  const sku = `E2E-CAPE-${stamp}`.toUpperCase();
  const name = `Drift Rain Cape ${stamp}`;

  await signInToBackOffice(page, staff);
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Products' }).click();
  await page.getByRole('link', { name: 'New configurable product' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New configurable product' })).toBeFocused();
  // Nothing filled in: each required field says so, and focus goes to the first.
  await page.getByRole('button', { name: 'Create product' }).click();
  await expect(page.getByRole('textbox', { name: /^SKU/ })).toBeFocused();
  await expect(page.getByText('Choose at least one attribute.')).toBeVisible();
  await expectNoViolations(page, 'new configurable product with errors');

  await page.getByRole('textbox', { name: /^SKU/ }).fill(sku);
  await page.getByRole('textbox', { name: /^Name/ }).fill(name);
  await page.getByRole('checkbox', { name: 'Color' }).check();
  await page.getByRole('checkbox', { name: 'Size' }).check();
  await page.getByRole('textbox', { name: /^Values of Color/ }).fill('Ocean, Sand');
  await page.getByRole('textbox', { name: /^Values of Size/ }).fill('S, M');
  await page.getByRole('textbox', { name: /^Price/ }).fill('89');
  await page.getByRole('textbox', { name: /^Quantity in stock/ }).fill('4');
  await expect(page.getByRole('status').filter({ hasText: '4 variants:' })).toBeVisible();
  await page.getByRole('button', { name: 'Create product' }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(`${sku}-OCEAN-S`) })).toBeVisible();

  // One more: a new colour, with a price of its own.
  await page.getByRole('combobox', { name: /^Color/ }).fill('Moss');
  await page.getByRole('combobox', { name: /^Size/ }).fill('M');
  await page
    .getByRole('textbox', { name: /^Price/ })
    .last()
    .fill('79');
  await page
    .getByRole('textbox', { name: /^Quantity in stock/ })
    .last()
    .fill('3');
  await page.getByRole('button', { name: 'Add variant' }).click();
  await expect(page.getByText(`${sku}-MOSS-M is added.`)).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(`${sku}-MOSS-M`) })).toBeVisible();
  await expectNoViolations(page, 'configurable product with its variants');

  // The storefront offers the colours and sizes at once, from the lowest price.
  await page.goto(`/${name.toLowerCase().replaceAll(' ', '-')}.html`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('group', { name: /Color/ }).getByRole('button', { name: /Moss/ })).toBeVisible();
  await expect(page.getByRole('group', { name: /Size/ }).getByRole('button', { name: /^M/ })).toBeVisible();
  await expect(page.getByText('$79.00').first()).toBeVisible();
});
