// Virtual products (issue 32), end to end: staff import a Magento CSV holding a `virtual` product
// through the back office; a guest adds it from its product page and checks out with no shipping
// step (keyboard, phone, axe); staff see no "Ship" on the order, and invoicing completes it.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fillUsAddress } from './api';
import { createStaffAccount, expectNoViolations, signInToBackOffice } from './backOfficeAccounts';
import { type Page, expect, test } from './fixtures';
import { findOrderMail } from './mailbox';

test.skip(process.env.E2E_FRONTED === '1', 'fronting Magento, the back office is not mounted');
test.use({ actionTimeout: 15_000 });

const STAMP = Date.now();
const STAFF = { email: `virtual${STAMP}@example.com`, name: 'Vera Virtual', password: 'Lighthouse-keeper-42' };
const PRODUCT = { sku: `e2e-warranty-${STAMP}`, name: `Extended warranty ${STAMP}`, urlKey: `e2e-warranty-${STAMP}` };
const SCREENSHOTS = path.resolve(process.env.E2E_SCREENSHOT_DIR ?? path.join(tmpdir(), 'vela-virtual-screens'));

/** A Magento export of one virtual product, as Magento writes it (no weight). */
const MAGENTO_CSV = [
  'sku,store_view_code,attribute_set_code,product_type,categories,product_websites,name,description,short_description,weight,product_online,tax_class_name,visibility,price,url_key,qty,is_in_stock',
  `${PRODUCT.sku},,Default,virtual,,base,${PRODUCT.name},<p>Two more years of cover.</p>,Two more years,,1,Taxable Goods,"Catalog, Search",25.0000,${PRODUCT.urlKey},100.0000,1`,
].join('\n');

async function importVirtualProduct(page: Page): Promise<void> {
  const dir = await mkdtemp(path.join(tmpdir(), 'vela-virtual-'));
  const file = path.join(dir, 'virtual.csv');
  await writeFile(file, `${MAGENTO_CSV}\n`);
  await page.goto('/admin/catalog-import');
  await expect(page.getByRole('heading', { level: 1, name: 'Catalog import' })).toBeVisible();
  await page.getByLabel('CSV file').setInputFiles(file);
  await page.getByRole('button', { name: 'Import' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Import finished' })).toBeVisible({ timeout: 60_000 });
  await expect(page.locator('.bo-stats dt:text-is("Created") + dd')).toHaveText('1');
}

test('a guest buys a virtual product with no shipping step; invoicing completes the order', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  expect(await createStaffAccount({ ...STAFF, role: 'staff' })).toContain(STAFF.email);
  const staffContext = await browser.newContext();
  const staffPage = await staffContext.newPage();
  await signInToBackOffice(staffPage, { ...STAFF, role: 'staff' });
  await importVirtualProduct(staffPage);

  // The product page sells it like any product.
  await page.goto(`/${PRODUCT.urlKey}.html`);
  await expect(page.getByRole('heading', { level: 1, name: PRODUCT.name })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('$25.00');
  await page.getByRole('button', { name: 'Add to cart' }).first().click();
  await expect(page.getByRole('status').filter({ hasText: '1 item in your cart' })).toBeVisible();

  // Checkout: e-mail, then payment with the billing address typed, then review. No shipping.
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: /Shipping/ })).toHaveCount(0);
  await expect(page.getByTestId('summary-total').first()).toContainText('Order total');
  const email = `guest-virtual${STAMP}@example.com`;
  // Keyboard only through the e-mail step.
  await page.getByLabel('E-mail address').focus();
  await page.keyboard.type(email);
  await page.keyboard.press('Enter');

  const payment = page.getByRole('heading', { level: 2, name: 'Payment' });
  await expect(payment).toBeFocused();
  await expect(page.getByLabel('Billing address same as shipping')).toHaveCount(0);
  await expect(page.getByRole('group', { name: 'Billing address' })).toBeVisible();
  await fillUsAddress(page);
  await page.getByRole('radio', { name: 'Check / Money order' }).check();
  await expectNoViolations(page, 'checkout of a virtual cart, payment');
  await page.screenshot({ path: path.join(SCREENSHOTS, 'virtual-checkout-payment-desktop.png'), fullPage: true });
  await page.getByRole('button', { name: 'Continue' }).click();

  const review = page.getByRole('region', { name: 'Review and place order' });
  await expect(page.getByRole('heading', { level: 2, name: 'Review and place order' })).toBeFocused();
  await expect(review.getByText('Ship to')).toHaveCount(0);
  await expect(review.getByText('Bill to')).toBeVisible();
  await expect(review.getByTestId('summary-shipping')).toHaveCount(0);
  // 25.00 billed to California: 7.25 % tax.
  await expect(review.getByTestId('summary-total')).toContainText('$26.81');
  await expectNoViolations(page, 'checkout of a virtual cart, review');

  // The phone shows the same steps.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: path.join(SCREENSHOTS, 'virtual-checkout-review-phone.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  await review.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/checkout\/success$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible();
  const orderNumber = (await page.getByTestId('order-number').textContent())?.trim() ?? '';
  expect(orderNumber).toMatch(/^\d+$/);
  await expectNoViolations(page, 'confirmation of a virtual order');
  await page.screenshot({ path: path.join(SCREENSHOTS, 'virtual-confirmation-desktop.png'), fullPage: true });
  await expect.poll(() => findOrderMail(orderNumber, email), { timeout: 10_000 }).not.toBeNull();

  // The back office: no "Ship" for an order with nothing to ship; the invoice completes it.
  await staffPage.goto(`/admin/orders/${orderNumber}`);
  await expect(staffPage.getByRole('heading', { level: 1, name: new RegExp(orderNumber) })).toBeVisible();
  await expect(staffPage.getByRole('button', { name: /^Invoice/ }).first()).toBeVisible();
  await expect(staffPage.getByRole('button', { name: /^Ship/ })).toHaveCount(0);
  await expectNoViolations(staffPage, 'back-office order with nothing to ship');
  await staffPage.screenshot({ path: path.join(SCREENSHOTS, 'virtual-order-backoffice.png'), fullPage: true });
  await expect(staffPage.getByText('Nothing to ship: every item of this order is virtual.')).toBeVisible();
  await staffPage
    .getByRole('button', { name: /^Invoice/ })
    .first()
    .click();
  await expect(staffPage.getByText(`Order ${orderNumber} is invoiced.`)).toBeVisible({ timeout: 15_000 });
  // Invoiced is done: nothing is left to invoice or ship, only a refund remains possible.
  await expect(staffPage.getByRole('region', { name: 'Invoices' })).toContainText('$26.81');
  await expect(staffPage.getByRole('heading', { level: 3, name: 'Refund' })).toBeVisible();
  await expect(staffPage.getByRole('heading', { level: 3, name: /^(Invoice|Ship)$/ })).toHaveCount(0);
  await staffContext.close();
});
