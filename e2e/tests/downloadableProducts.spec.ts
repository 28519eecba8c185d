// Downloadable products (issue 32), end to end: staff import a Magento CSV holding a downloadable
// product whose file is in the shop's private folder; a customer chooses a link on the product
// page (keyboard), pays by check / money order, staff invoice in the back office, and the
// customer downloads the very bytes from "My downloads"; a stranger, signed in or not, cannot.
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gql, signInWithToken } from './api';
import { createStaffAccount, expectNoViolations, signInToBackOffice } from './backOfficeAccounts';
import { type APIRequestContext, type Page, expect, test } from './fixtures';

test.skip(process.env.E2E_FRONTED === '1', 'fronting Magento, the back office is not mounted');
test.use({ actionTimeout: 15_000 });

const STAMP = Date.now();
const STAFF = { email: `download${STAMP}@example.com`, name: 'Dora Download', password: 'Lighthouse-keeper-42' };
const PRODUCT = { sku: `e2e-guide-${STAMP}`, name: `Field guide ${STAMP}`, urlKey: `e2e-guide-${STAMP}` };
const FILE = `/e/2/guide-${STAMP}.pdf`;
const BYTES = Buffer.from(`%PDF-1.4 the field guide ${STAMP}\n`);
const SCREENSHOTS = path.resolve(process.env.E2E_SCREENSHOT_DIR ?? path.join(tmpdir(), 'vela-downloadable-screens'));

const MAGENTO_CSV = [
  'sku,store_view_code,attribute_set_code,product_type,product_websites,name,short_description,product_online,tax_class_name,visibility,price,url_key,qty,is_in_stock,downloadable_links',
  `${PRODUCT.sku},,Default,downloadable,base,${PRODUCT.name},Every bird of the coast,1,Taxable Goods,"Catalog, Search",10.0000,${PRODUCT.urlKey},100.0000,1,"group_title=Formats,title=PDF,price=5,downloads=3,sortorder=1,file=${FILE}|title=Audio,price=7,downloads=unlimited,sortorder=2,url=https://example.com/audio"`,
].join('\n');

async function importProduct(page: Page): Promise<void> {
  // The shop's private folder for links' files, where Magento keeps them too.
  const linkFile = path.join(
    process.env.E2E_VAR_DIR ?? '',
    'media',
    'downloadable',
    'files',
    'links',
    ...FILE.split('/'),
  );
  await mkdir(path.dirname(linkFile), { recursive: true });
  await writeFile(linkFile, BYTES);
  const dir = await mkdtemp(path.join(tmpdir(), 'vela-downloadable-'));
  const file = path.join(dir, 'downloadable.csv');
  await writeFile(file, `${MAGENTO_CSV}\n`);
  await page.goto('/admin/catalog-import');
  await page.getByLabel('CSV file').setInputFiles(file);
  await page.getByRole('button', { name: 'Import' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Import finished' })).toBeVisible({ timeout: 60_000 });
  await expect(page.locator('.bo-stats dt:text-is("Created") + dd')).toHaveText('1');
}

async function customer(request: APIRequestContext, name: string): Promise<string> {
  const email = `${name}${STAMP}@example.com`;
  await gql(request, 'mutation($i: CustomerCreateInput!) { createCustomerV2(input: $i) { customer { email } } }', {
    i: { firstname: name, lastname: 'Reader', email, password: 'Correct-Horse-9' },
  });
  const signedIn = await gql<{ generateCustomerToken: { token: string } }>(
    request,
    'mutation($e: String!) { generateCustomerToken(email: $e, password: "Correct-Horse-9") { token } }',
    { e: email },
  );
  return signedIn.generateCustomerToken.token;
}

test('a customer buys a downloadable product, staff invoice, the customer downloads it; a stranger cannot', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  expect(await createStaffAccount({ ...STAFF, role: 'staff' })).toContain(STAFF.email);
  const staffContext = await browser.newContext();
  const staffPage = await staffContext.newPage();
  await signInToBackOffice(staffPage, { ...STAFF, role: 'staff' });
  await importProduct(staffPage);

  const token = await customer(request, 'reader');
  await page.goto('/');
  await signInWithToken(page, token);

  // The product page: a link must be chosen; its price is added.
  await page.goto(`/${PRODUCT.urlKey}.html`);
  await expect(page.getByRole('heading', { level: 1, name: PRODUCT.name })).toBeVisible();
  const links = page.getByRole('group', { name: /Formats/ });
  await expect(links).toBeVisible();
  await expect(page.getByText('Choose Formats to add this product to your cart.')).toBeVisible();
  await links.getByRole('checkbox', { name: 'PDF (+$5.00)' }).focus();
  await page.keyboard.press('Space');
  await expect(page.getByRole('main')).toContainText('$15.00');
  await expectNoViolations(page, 'a downloadable product page');
  await page.screenshot({ path: path.join(SCREENSHOTS, 'downloadable-product-desktop.png'), fullPage: true });
  await page.getByRole('button', { name: 'Add to cart' }).first().click();
  await expect(page.getByRole('status').filter({ hasText: '1 item in your cart' })).toBeVisible();

  // Checkout through the API (the storefront's virtual checkout is covered by virtualProducts.spec).
  const cartId = (await gql<{ customerCart: { id: string } }>(request, '{ customerCart { id } }', {}, token))
    .customerCart.id;
  const cart = await gql<{
    cart: {
      is_virtual: boolean;
      items: Array<{ __typename: string; links: Array<{ title: string }> }>;
      prices: { grand_total: { value: number } };
    };
  }>(
    request,
    'query($id: String!) { cart(cart_id: $id) { is_virtual items { __typename ... on DownloadableCartItem { links { title } } } prices { grand_total { value } } } }',
    { id: cartId },
    token,
  );
  expect(cart.cart.is_virtual).toBe(true);
  expect(cart.cart.items).toEqual([{ __typename: 'DownloadableCartItem', links: [{ title: 'PDF' }] }]);
  for (const [query, variables] of [
    [
      'mutation($id: String!, $a: CartAddressInput!) { setBillingAddressOnCart(input: { cart_id: $id, billing_address: { address: $a } }) { cart { id } } }',
      {
        a: {
          firstname: 'Ada',
          lastname: 'Reader',
          street: ['1 Analytical Way'],
          city: 'Portland',
          region: 'OR',
          postcode: '97201',
          country_code: 'US',
          telephone: '555-0100',
        },
      },
    ],
    [
      'mutation($id: String!) { setPaymentMethodOnCart(input: { cart_id: $id, payment_method: { code: "checkmo" } }) { cart { id } } }',
      {},
    ],
  ] as const)
    await gql(request, query, { id: cartId, ...variables }, token);
  const placed = await gql<{ placeOrder: { orderV2: { number: string } } }>(
    request,
    'mutation($id: String!) { placeOrder(input: { cart_id: $id }) { orderV2 { number } } }',
    { id: cartId },
    token,
  );
  const orderNumber = placed.placeOrder.orderV2.number;

  // Before the invoice: listed, waiting for payment, no download.
  await page.goto('/account/downloads');
  await expect(page.getByRole('heading', { level: 1, name: 'My downloads' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: orderNumber });
  await expect(row).toContainText('Available once paid');
  await expect(row.getByRole('button', { name: /Download/ })).toHaveCount(0);

  // Staff invoice the order in the back office.
  await staffPage.goto(`/admin/orders/${orderNumber}`);
  await staffPage
    .getByRole('button', { name: /^Invoice/ })
    .first()
    .click();
  await expect(staffPage.getByText(`Order ${orderNumber} is invoiced.`)).toBeVisible({ timeout: 15_000 });

  // Now the customer downloads the file: the very bytes.
  await page.reload();
  await expect(row).toContainText('Available');
  await expect(row).toContainText('3');
  await expectNoViolations(page, 'My downloads');
  await page.screenshot({ path: path.join(SCREENSHOTS, 'downloadable-my-downloads-desktop.png'), fullPage: true });
  const downloading = page.waitForEvent('download');
  await row.getByRole('button', { name: `Download the file of order ${orderNumber}` }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`guide-${STAMP}.pdf`);
  const saved = path.join(await mkdtemp(path.join(tmpdir(), 'vela-downloaded-')), 'file');
  await download.saveAs(saved);
  const { readFile } = await import('node:fs/promises');
  expect(await readFile(saved)).toEqual(BYTES);
  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: orderNumber })).toContainText('2');

  // A stranger: no session, another customer, or a made-up address.
  const url = (
    await gql<{ customerDownloadableProducts: { items: Array<{ download_url: string; order_increment_id: string }> } }>(
      request,
      '{ customerDownloadableProducts { items { download_url order_increment_id } } }',
      {},
      token,
    )
  ).customerDownloadableProducts.items.find((i) => i.order_increment_id === orderNumber)!.download_url;
  const sameOrigin = new URL(new URL(url).pathname, page.url()).href;
  expect((await request.get(sameOrigin)).status()).toBe(401);
  const stranger = await customer(request, 'stranger');
  const refused = await request.get(sameOrigin, { headers: { Authorization: `Bearer ${stranger}` } });
  expect(refused.status()).toBe(404);
  expect(await refused.text()).not.toContain('field guide');
  // The private folder is no media.
  expect((await request.get(`/media/downloadable/files/links${FILE}`)).status()).toBe(404);
  await staffContext.close();
});
