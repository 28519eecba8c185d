// Issue 36, point 5: staff take an order on the phone for a new customer in the Wholesale group,
// for a product with a wholesale tier price from 5: the back office's Create order page finds the
// customer, prices 5 at the tier, ships to a new address with flat rate, takes check / money
// order and places it. The order shows the tier price and the customer's confirmation e-mail
// exists. axe checks the page at each step; screenshots go to /tmp/staff-order-*.png.
import { readFile } from 'node:fs/promises';
import { gql } from './api';
import { createStaffAccount, expectNoViolations, signInToBackOffice } from './backOfficeAccounts';
import { type APIRequestContext, expect, test } from './fixtures';
import { decodeQuotedPrintable, outboxFiles } from './mailbox';

const STAFF = { email: `staff.phone${Date.now()}@example.com`, name: 'Phil Phone', password: 'Phone-orders-42' };
const BUYER = { firstname: 'Olga', lastname: 'Outlet', email: `olga${Date.now()}@example.com` };

test.skip(process.env.E2E_FRONTED === '1', 'fronting Magento, the back office is not mounted');
test.use({ actionTimeout: 15_000 });

interface Candidate {
  __typename: string;
  sku: string;
  stock_status: string;
  price_range: { minimum_price: { final_price: { value: number }; regular_price: { value: number } } };
}

async function plainProduct(request: APIRequestContext): Promise<Candidate> {
  for (const term of ['bag', 'cap', 'mug', 'sock', 'tote', 'scarf', 'belt']) {
    const data = await gql<{ products: { items: Candidate[] } }>(
      request,
      `query E2ePhoneCandidates($term: String!) { products(search: $term, pageSize: 20) { items { __typename sku
        stock_status price_range { minimum_price { final_price { value } regular_price { value } } } } } }`,
      { term },
    );
    const found = data.products.items.find(
      (p) =>
        p.__typename === 'SimpleProduct' &&
        p.stock_status === 'IN_STOCK' &&
        p.price_range.minimum_price.final_price.value === p.price_range.minimum_price.regular_price.value,
    );
    if (found) return found;
  }
  throw new Error('no plain simple product in the demo catalog');
}

async function mailWith(email: string, text: string): Promise<boolean> {
  for (const file of await outboxFiles()) {
    const mail = decodeQuotedPrintable((await readFile(file, 'utf8')).replace(/=\r?\n/g, ''));
    if (mail.includes(email) && mail.includes(text)) return true;
  }
  return false;
}

test('staff create an order for a new Wholesale customer at the tier price; the customer gets the mail', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const product = await plainProduct(request);
  const regular = product.price_range.minimum_price.regular_price.value;
  const tierPrice = Math.round(regular * 80) / 100;
  const money = (value: number) => `$${value.toFixed(2)}`;
  expect(await createStaffAccount({ ...STAFF, role: 'staff' })).toContain(STAFF.email);
  await signInToBackOffice(page, STAFF);

  // The new customer, in Wholesale.
  await page.goto('/admin/customers/new');
  await page.getByRole('textbox', { name: 'First name' }).fill(BUYER.firstname);
  await page.getByRole('textbox', { name: 'Last name' }).fill(BUYER.lastname);
  await page.getByRole('textbox', { name: 'E-mail' }).fill(BUYER.email);
  await page.getByRole('combobox', { name: 'Customer group' }).selectOption({ label: 'Wholesale' });
  await page.getByRole('button', { name: 'Create the account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(BUYER.firstname) })).toBeFocused();

  // The product's wholesale tier from 5.
  await page.goto(`/admin/products/${encodeURIComponent(product.sku)}`);
  const tiers = page.getByRole('region', { name: 'Tier prices' });
  await expect(tiers.getByRole('button', { name: 'Add a tier' })).toBeVisible();
  // The customer-groups journey gives the same product a Wholesale tier from 5: this one replaces it.
  const existing = tiers.getByRole('button', { name: /^Remove tier \d+$/ });
  while ((await existing.count()) > 0) await existing.first().click();
  await tiers.getByRole('button', { name: 'Add a tier' }).click();
  const row = tiers.getByRole('group', { name: 'Tier 1' });
  await row.getByRole('combobox', { name: 'Customer group' }).selectOption({ label: 'Wholesale' });
  await row.getByRole('textbox', { name: 'From quantity' }).fill('5');
  await row.getByRole('textbox', { name: /^Price/ }).fill(String(tierPrice));
  await tiers.getByRole('button', { name: 'Save the tier prices' }).click();
  await expect(page.getByText('The tier prices are saved.')).toBeVisible();

  // Create order, from the orders list.
  await page.goto('/admin/orders');
  await page.getByRole('link', { name: 'Create order' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create order' })).toBeFocused();
  await page.getByRole('searchbox', { name: /Find a customer/ }).fill(BUYER.email);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expectNoViolations(page, 'create order: customer');
  await page.screenshot({ path: '/tmp/staff-order-customer.png', fullPage: true });
  await page.getByRole('button', { name: `Start the order for ${BUYER.firstname} ${BUYER.lastname}` }).click();

  await page.getByRole('textbox', { name: /^SKU/ }).fill(product.sku);
  await page.getByRole('textbox', { name: /^Quantity/ }).fill('5');
  await page.getByRole('button', { name: 'Add the product' }).click();
  const lines = page.getByRole('table', { name: 'Products in the order' });
  await expect(lines.getByRole('row').nth(1)).toContainText(money(tierPrice));
  await expect(lines.getByRole('row').nth(1)).toContainText(money(tierPrice * 5));

  const address = page.getByRole('form', { name: 'Shipping address' });
  for (const [label, value] of [
    ['First name', BUYER.firstname],
    ['Last name', BUYER.lastname],
    ['Street', '9 Warehouse Row'],
    ['City', 'Austin'],
    ['State or region', 'TX'],
    ['Postcode', '78701'],
    ['Telephone', '5125550100'],
  ] as const)
    await address.getByRole('textbox', { name: new RegExp(`^${label}`) }).fill(value);
  await address.getByRole('button', { name: 'Ship to this address' }).click();
  await expect(page.getByText(/Ships to .*9 Warehouse Row/)).toBeVisible();
  await page.getByRole('combobox', { name: 'Shipping method' }).selectOption('flatrate_flatrate');
  await expect(page.getByRole('combobox', { name: 'Shipping method' })).toHaveValue('flatrate_flatrate');
  await page.getByRole('combobox', { name: 'Payment method' }).selectOption('checkmo');
  await expect(page.getByRole('combobox', { name: 'Payment method' })).toHaveValue('checkmo');
  await expectNoViolations(page, 'create order: ready');
  await page.screenshot({ path: '/tmp/staff-order-ready.png', fullPage: true });
  await page.getByRole('button', { name: 'Place the order' }).click();

  await expect(page).toHaveURL(/\/admin\/orders\/\d+$/);
  const number = decodeURIComponent(page.url().split('/').pop() ?? '');
  await expect(page.getByRole('main')).toContainText(money(tierPrice));
  await page.screenshot({ path: '/tmp/staff-order-placed.png', fullPage: true });
  await expect.poll(() => mailWith(BUYER.email, number), { timeout: 30_000 }).toBe(true);
});
