// Issue 36: the French store's texts and mass price changes from the back office, in Chromium. A
// staff member gives a product a French name and description (the English page keeps its own),
// then raises two prices by 10 % from the products list, and the storefront shows each at once.
// Screenshots of the new screens at phone and desktop widths go to /tmp/storeviews-*.png.
import type { Page } from '@playwright/test';
import { createStaffAccount, expectNoViolations, signInToBackOffice } from './backOfficeAccounts';
import { expect, test } from './fixtures';

const STAFF = {
  email: `staff.storeviews${Date.now()}@example.com`,
  name: 'Sam Staff',
  password: 'Catalogue-keeper-42',
  role: 'staff' as const,
};

test.skip(process.env.E2E_FRONTED === '1', 'fronting Magento, the back office is not mounted');
test.use({ actionTimeout: 15_000 });

async function shoot(page: Page, name: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `/tmp/storeviews-${name}-phone.png`, fullPage: true });
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.screenshot({ path: `/tmp/storeviews-${name}-desktop.png`, fullPage: true });
}

async function createProduct(page: Page, product: { sku: string; name: string; urlKey: string; price: string }) {
  await page.goto('/admin/products/new');
  await expect(page.getByRole('heading', { level: 1, name: 'New product' })).toBeVisible();
  await page.getByRole('textbox', { name: /^SKU/ }).fill(product.sku);
  await page.getByRole('textbox', { name: /^Name/ }).fill(product.name);
  await page.getByRole('textbox', { name: /^URL key/ }).fill(product.urlKey);
  await page.getByRole('textbox', { name: /^Price/ }).fill(product.price);
  await page.getByRole('textbox', { name: /^Quantity in stock/ }).fill('12');
  await page.getByRole('button', { name: 'Create product' }).click();
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
}

test('a French text edited in the back office shows at /fr/, and a mass price change on the storefront', async ({
  page,
}) => {
  test.setTimeout(240_000);
  expect(await createStaffAccount(STAFF)).toContain(STAFF.email);
  const stamp = Date.now().toString(36);
  const lamp = {
    sku: `E2E-SV-LAMP-${stamp}`.toUpperCase(),
    name: `Harbour Lamp ${stamp}`,
    urlKey: `sv-lamp-${stamp}`,
    price: '49.00',
  };
  const mug = {
    sku: `E2E-SV-MUG-${stamp}`.toUpperCase(),
    name: `Harbour Mug ${stamp}`,
    urlKey: `sv-mug-${stamp}`,
    price: '20.00',
  };

  await signInToBackOffice(page, STAFF);
  await createProduct(page, mug);
  await createProduct(page, lamp);

  // The store-view switch: "Default values" first, then the French store's texts.
  const section = page.getByRole('region', { name: 'Texts per store view' });
  await expect(section.getByRole('combobox', { name: 'Store view' })).toHaveValue('');
  await section.getByRole('combobox', { name: 'Store view' }).selectOption({ label: 'Vela France' });
  const form = section.getByRole('form', { name: 'Save texts for Vela France' });
  await expect(form.getByRole('textbox', { name: 'Name' })).toHaveValue(lamp.name);
  await form.getByRole('checkbox', { name: 'Name: use default value' }).uncheck();
  await form.getByRole('textbox', { name: 'Name' }).fill(`Lampe du port ${stamp}`);
  await form.getByRole('checkbox', { name: 'Description (HTML): use default value', exact: true }).uncheck();
  await form
    .getByRole('textbox', { name: 'Description (HTML)', exact: true })
    .fill('<p>Une lampe <strong>en laiton</strong>.</p><script>alert(1)</script>');
  await expectNoViolations(page, 'product texts per store view');
  await form.getByRole('button', { name: 'Save texts for Vela France' }).click();
  await expect(page.getByText('The texts for Vela France are saved.')).toBeVisible();
  await expect(form.getByRole('textbox', { name: 'Description (HTML)', exact: true })).toHaveValue(
    '<p>Une lampe <strong>en laiton</strong>.</p>',
  );
  await section.scrollIntoViewIfNeeded();
  await shoot(page, 'product-texts');

  await page.goto(`/fr/${lamp.urlKey}.html`);
  await expect(page.getByRole('heading', { level: 1, name: `Lampe du port ${stamp}` })).toBeVisible();
  await expect(page.getByText('en laiton')).toBeVisible();
  await page.goto(`/${lamp.urlKey}.html`);
  await expect(page.getByRole('heading', { level: 1, name: lamp.name })).toBeVisible();
  await expect(page.getByText('en laiton')).toHaveCount(0);

  // Mass action: both products, prices up by 10 %.
  await page.goto(`/admin/products?q=${encodeURIComponent(`Harbour`)}`);
  await page.getByRole('checkbox', { name: `Select ${lamp.name}` }).check();
  await page.getByRole('checkbox', { name: `Select ${mug.name}` }).check();
  const bar = page.getByRole('region', { name: 'Actions on the selected products' });
  await expect(bar.getByText('2 products selected')).toBeVisible();
  await bar.getByRole('combobox', { name: /Action/ }).selectOption('CHANGE_PRICE');
  await bar.getByRole('textbox', { name: /Percent/ }).fill('10');
  await expectNoViolations(page, 'products list with a selection');
  await shoot(page, 'mass-actions');
  await bar.getByRole('button', { name: 'Apply to the selection' }).click();
  await expect(bar.getByText('Done: 2 products selected, 2 changes.')).toBeVisible();

  await page.goto(`/${lamp.urlKey}.html`);
  await expect(page.getByText('$53.90').first()).toBeVisible();
  await page.goto(`/${mug.urlKey}.html`);
  await expect(page.getByText('$22.00').first()).toBeVisible();

  // The Stores page, as staff read it.
  await page.goto('/admin/stores');
  await expect(page.getByRole('table', { name: 'Store views, in the storefront’s order' })).toBeVisible();
  await expect(page.getByRole('rowheader', { name: 'Vela France' })).toBeVisible();
  await expectNoViolations(page, 'stores page');
  await shoot(page, 'stores');
});
