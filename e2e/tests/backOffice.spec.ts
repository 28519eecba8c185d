// Issue 10: the back office's journey in Chromium. Staff sign in with a password and TOTP
// (enrolling the authenticator on first sign-in), import the sample Magento CSV, a shopper buys one
// of the imported products, staff invoice and ship it with a tracking number, and the shopper sees
// it shipped, with the tracking number, in their account and in the outbox. axe checks every
// back-office page on the way. Embedded mode only: fronting Magento, there is no back office.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cartWith, gql, signInWithToken } from './api';
import { createStaffAccount, expectNoViolations } from './backOfficeAccounts';
import { type Page, expect, test } from './fixtures';
import { decodeQuotedPrintable, outboxFiles } from './mailbox';
import { freshTotp } from './totp';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SAMPLE_CSV = path.join(root, 'commerce/test/fixtures/catalog-sample/products.csv');
const OWNER = { email: `owner${Date.now()}@example.com`, name: 'Olivia Owner', password: 'Lighthouse-keeper-42' };
const SAMPLE_IMAGES = path.join(path.dirname(SAMPLE_CSV), 'images');
/** A simple product of the sample CSV, with its image (40 in stock). */
const PRODUCT = { sku: 'HRB-MUG', name: 'Harbor Enamel Mug', path: '/harbor-enamel-mug.html', price: '$18.00' };
const TRACKING = '1Z999AA10123456784';

test.skip(process.env.E2E_FRONTED === '1', 'fronting Magento, the back office is not mounted');
test.use({ actionTimeout: 15_000 });

const createOwner = () => createStaffAccount({ ...OWNER, role: 'owner' });

/** A storefront page opened outside the `page` fixture waits for React itself (fixtures.ts). */
async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', null, { timeout: 20_000 });
}

/** The newest e-mail to `email` whose text includes `needle`, decoded. */
async function mailWith(email: string, needle: string): Promise<string | null> {
  for (const file of await outboxFiles()) {
    const text = decodeQuotedPrintable((await readFile(file, 'utf8')).replace(/=\r?\n/g, ''));
    if (text.includes(email) && text.includes(needle)) return text;
  }
  return null;
}

test('staff sign in with TOTP, import the catalog, and ship a shopper’s order with tracking', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(240_000);
  expect(await createOwner()).toContain(OWNER.email);

  // 1. Sign in: an absent session sends to the sign-in page, and back to the page asked for after.
  await page.goto('/admin/orders');
  await expect(page).toHaveURL(/\/admin\/sign-in$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to the back office' })).toBeFocused();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await page.getByLabel('E-mail address').fill(OWNER.email);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expectNoViolations(page, 'sign-in, wrong password');
  await page.getByLabel('Password').fill(OWNER.password);
  await page.getByRole('button', { name: 'Continue' }).click();

  // An owner must enrol an authenticator: QR code, the key written out, the first code.
  await expect(page.getByRole('heading', { level: 1, name: 'Set up your authenticator' })).toBeFocused();
  await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
  await expectNoViolations(page, 'sign-in, enrolment');
  const secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await page.getByLabel('6-digit code').fill('000000');
  await page.getByRole('button', { name: 'Confirm and sign in' }).click();
  await expect(page.getByText(/code/i).and(page.locator('[id$="-error"]'))).toBeVisible();
  await page.getByLabel('6-digit code').fill(await freshTotp(secret));
  await page.getByRole('button', { name: 'Confirm and sign in' }).click();
  await expect(page).toHaveURL(/\/admin\/orders$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeFocused();
  await expect(page.getByRole('banner')).toContainText(OWNER.name);
  await expect(page.getByRole('banner')).toContainText('Owner');

  // Sign out, and in again: now the code is asked instead of the enrolment.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByText('You are signed out.')).toBeVisible();
  await page.getByLabel('E-mail address').fill(OWNER.email);
  await page.getByLabel('Password').fill(OWNER.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Enter your code' })).toBeFocused();
  await expectNoViolations(page, 'sign-in, second factor');
  // A code of the next 30-second step: the enrolment's own code may not be used twice.
  await page.waitForTimeout(Math.max(0, 30_000 - (Date.now() % 30_000)) + 500);
  await page.getByLabel('6-digit code').fill(await freshTotp(secret));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeFocused();
  await expect(page.getByRole('heading', { name: 'Revenue per day, last 30 days' })).toBeVisible();
  await expectNoViolations(page, 'dashboard');

  // 2. Import the sample CSV, with a progress bar and a report.
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Catalog import' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Catalog import' })).toBeFocused();
  await expectNoViolations(page, 'catalog import, empty');
  await page.getByLabel('CSV file').setInputFiles(SAMPLE_CSV);
  await page
    .getByLabel('Images (optional)')
    .setInputFiles((await readdir(SAMPLE_IMAGES)).map((name) => path.join(SAMPLE_IMAGES, name)));
  await page.getByRole('button', { name: 'Import' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Import finished' })).toBeVisible({ timeout: 60_000 });
  const created = Number(await page.locator('.bo-stats dt:text-is("Created") + dd').textContent());
  expect(created).toBeGreaterThan(0);
  // The sample's tax_class_name is not imported: the report names it instead of only "imported".
  await expect(page.getByText('Every row imported, without the columns above.')).toBeVisible();
  await expect(page.getByRole('cell', { name: 'tax_class_name' })).toBeVisible();
  await expectNoViolations(page, 'catalog import, report');
  // The catalog goes back out as the same CSV format, downloaded from the same page.
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download the catalog (CSV)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^catalog-\d{4}-\d{2}-\d{2}\.csv$/);
  const exported = await readFile(await download.path(), 'utf8');
  expect(exported.split('\n')[0]).toMatch(/^sku,/);
  expect(exported).toContain(PRODUCT.name);

  // 3. The products show on the storefront at once.
  await page.goto(PRODUCT.path);
  await expect(page.getByRole('heading', { level: 1, name: PRODUCT.name })).toBeVisible();
  await expect(page.getByRole('main')).toContainText(PRODUCT.price);

  // 4. A shopper with an account orders it through checkout.
  const shopperEmail = `shopper${Date.now()}@example.com`;
  const shopperPassword = 'Analytical1';
  await gql(
    request,
    'mutation E2eBoCustomer($input: CustomerCreateInput!) { createCustomerV2(input: $input) { customer { email } } }',
    { input: { firstname: 'Grace', lastname: 'Hopper', email: shopperEmail, password: shopperPassword } },
  );
  const token = (
    await gql<{ generateCustomerToken: { token: string } }>(
      request,
      'mutation E2eBoToken($email: String!, $password: String!) { generateCustomerToken(email: $email, password: $password) { token } }',
      { email: shopperEmail, password: shopperPassword },
    )
  ).generateCustomerToken.token;
  await gql(
    request,
    'mutation E2eBoAddress($address: CustomerAddressInput!) { createCustomerAddress(input: $address) { id } }',
    {
      address: {
        firstname: 'Grace',
        lastname: 'Hopper',
        street: ['1 Compiler Lane'],
        city: 'Austin',
        region: { region_code: 'TX', region: 'Texas' },
        postcode: '78701',
        country_code: 'US',
        telephone: '5125550100',
        default_shipping: true,
        default_billing: true,
      },
    },
    token,
  );
  const shopper = await browser.newPage();
  try {
    await shopper.goto(PRODUCT.path);
    // The imported product goes into the customer's own cart, which the signed-in shop then uses.
    const cartId = await cartWith(request, PRODUCT.sku, token);
    await signInWithToken(shopper, token);
    await shopper.evaluate((id) => window.localStorage.setItem('vela.cartId', id), cartId);
    await shopper.goto('/checkout');
    await hydrated(shopper);
    await expect(shopper.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
    await expect(shopper.getByRole('radio', { name: /1 Compiler Lane/ })).toBeChecked();
    await shopper.getByRole('button', { name: 'Continue' }).click();
    await expect(shopper.getByRole('heading', { level: 2, name: 'Shipping method' })).toBeFocused();
    await shopper.getByRole('radio', { name: /Standard delivery/ }).check();
    await shopper.getByRole('button', { name: 'Continue' }).click();
    await expect(shopper.getByRole('heading', { level: 2, name: 'Payment' })).toBeFocused();
    await shopper.getByRole('radio', { name: 'Check / Money order' }).check();
    await shopper.getByRole('button', { name: 'Continue' }).click();
    await shopper.getByRole('button', { name: 'Place order' }).click();
    await expect(shopper.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible();
    const orderNumber = (await shopper.getByTestId('order-number').textContent())?.trim() ?? '';
    expect(orderNumber).toMatch(/^\d+$/);

    // 5. Staff find the order, invoice it and ship it with a tracking number.
    await page.goto('/admin/orders');
    await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeFocused();
    await page.getByLabel('Search').fill(shopperEmail);
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(/[?&]q=/);
    await expect(page.getByText('1 order matches the filters')).toBeVisible();
    await expectNoViolations(page, 'orders, filtered');
    await page.getByRole('link', { name: orderNumber }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Order ${orderNumber}` })).toBeFocused();
    await expect(page.getByRole('main')).toContainText(PRODUCT.name);
    await expect(page.getByRole('main')).toContainText('1 Compiler Lane');
    await expectNoViolations(page, 'order details, pending');
    // Back returns to the filtered list (the filters live in the URL).
    await page.goBack();
    await expect(page.getByLabel('Search')).toHaveValue(shopperEmail);
    await page.goForward();

    await page.getByRole('button', { name: 'Invoice' }).click();
    await expect(page.getByText(`Order ${orderNumber} is invoiced.`)).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Processing');
    await page.getByLabel('Carrier').selectOption('ups');
    await page.getByRole('button', { name: 'Ship order' }).click();
    await expect(page.getByText('Enter the tracking number.')).toBeVisible();
    await page.getByLabel('Tracking number').fill(TRACKING);
    await page.getByRole('button', { name: 'Ship order' }).click();
    await expect(page.getByText(/is shipped/)).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Shipped');
    await expect(page.getByRole('region', { name: 'Shipments' })).toContainText(TRACKING);
    await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
    await page.getByRole('textbox', { name: 'Comment' }).fill('Left the warehouse this morning.');
    await page.getByLabel('Visible to the customer in their order history').check();
    await page.getByRole('button', { name: 'Add comment' }).click();
    await expect(page.getByText('The comment is added.')).toBeVisible();
    await expect(page.getByRole('region', { name: 'History and comments' })).toContainText('Left the warehouse');
    await expectNoViolations(page, 'order details, shipped');

    // Owners read the audit log of what was done.
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Audit log' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeFocused();
    await expect(page.getByRole('table')).toContainText('order.ship');
    await expectNoViolations(page, 'audit log');

    // 6. The shopper sees it shipped, with its tracking number, and has the e-mail.
    await shopper.goto(`/account/orders/${orderNumber}`);
    await hydrated(shopper);
    await expect(shopper.getByRole('heading', { level: 1, name: `Order #${orderNumber}` })).toBeVisible();
    await expect(shopper.getByRole('main')).toContainText('Shipped');
    await expect(shopper.getByRole('main')).toContainText(TRACKING);
    await expect.poll(() => mailWith(shopperEmail, TRACKING), { timeout: 15_000 }).not.toBeNull();
  } finally {
    await shopper.close();
  }
});

test('the back office is at a tablet’s width usable and its pages are not indexed', async ({ page, request }) => {
  const response = await request.get('/admin/orders');
  expect(response.headers()['x-robots-tag']).toMatch(/noindex/);
  expect(response.headers()['cache-control']).toBe('no-store');
  expect(response.headers()['content-security-policy']).toMatch(/script-src 'self';/);
  await page.setViewportSize({ width: 800, height: 1000 });
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to the back office' })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  expect((await request.get('/robots.txt').then((r) => r.text())).split('\n')).toContain('Disallow: /admin/');
});
