// Issue 36, point 6: staff make a customer in the Wholesale group and give a product a wholesale
// tier price from 5; the customer sets a password from the welcome e-mail, signs in, sees the tier
// on the product page, and 5 in the cart and on the order cost the tier price. axe checks the new
// back-office screens; screenshots of them go to /tmp/customer-groups-*.png.
import { readFile } from 'node:fs/promises';
import { gql } from './api';
import { createStaffAccount, expectNoViolations, signInToBackOffice } from './backOfficeAccounts';
import { expect, test } from './fixtures';
import { decodeQuotedPrintable, outboxFiles } from './mailbox';

const STAFF = { email: `staff.groups${Date.now()}@example.com`, name: 'Sam Staff', password: 'Wholesale-desk-42' };
const BUYER = { firstname: 'Wanda', lastname: 'Wholesale', email: `wanda${Date.now()}@example.com` };
const PASSWORD = 'Bulk-Buyer-2026';

test.skip(process.env.E2E_FRONTED === '1', 'fronting Magento, the back office is not mounted');
test.use({ actionTimeout: 15_000 });

interface Candidate {
  __typename: string;
  sku: string;
  name: string;
  url_key: string;
  stock_status: string;
  price_range: { minimum_price: { final_price: { value: number }; regular_price: { value: number } } };
}

/** An in-stock simple product without a special price, and its price. */
async function plainProduct(request: Parameters<typeof gql>[0]): Promise<Candidate> {
  for (const term of ['bag', 'cap', 'mug', 'sock', 'tote', 'scarf', 'belt', 'tee']) {
    const data = await gql<{ products: { items: Candidate[] } }>(
      request,
      `query E2eTierCandidates($term: String!) { products(search: $term, pageSize: 20) { items { __typename sku name
        url_key stock_status price_range { minimum_price { final_price { value } regular_price { value } } } } } }`,
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

async function setPasswordLink(email: string): Promise<{ token: string }> {
  for (const file of await outboxFiles()) {
    const text = decodeQuotedPrintable((await readFile(file, 'utf8')).replace(/=\r?\n/g, ''));
    if (!text.includes(email)) continue;
    const token = /createPassword\?token=([\w-]+)/.exec(text)?.[1];
    if (token) return { token };
  }
  throw new Error(`no set-password e-mail to ${email}`);
}

test('staff put a customer in Wholesale with a tier price; the customer gets it on the product, in the cart and on the order', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const product = await plainProduct(request);
  const regular = product.price_range.minimum_price.regular_price.value;
  const tierPrice = Math.round(regular * 80) / 100;
  const percent = Math.round(((regular - tierPrice) / regular) * 100);
  const money = (value: number) => `$${value.toFixed(2)}`;
  expect(await createStaffAccount({ ...STAFF, role: 'staff' })).toContain(STAFF.email);
  await signInToBackOffice(page, STAFF);
  const nav = page.getByRole('navigation', { name: 'Back office' });

  // A new customer in Wholesale: no password here, the customer gets an e-mail to set one.
  await nav.getByRole('link', { name: 'Customers' }).click();
  await page.getByRole('link', { name: 'New customer' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New customer' })).toBeFocused();
  await page.getByRole('textbox', { name: 'First name' }).fill(BUYER.firstname);
  await page.getByRole('textbox', { name: 'Last name' }).fill(BUYER.lastname);
  await page.getByRole('textbox', { name: 'E-mail' }).fill(BUYER.email);
  await page.getByRole('combobox', { name: 'Customer group' }).selectOption({ label: 'Wholesale' });
  await expectNoViolations(page, 'new customer');
  await page.screenshot({ path: '/tmp/customer-groups-new-customer.png', fullPage: true });
  await page.getByRole('button', { name: 'Create the account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(BUYER.firstname) })).toBeFocused();
  await expect(page.getByRole('region', { name: 'Account' })).toContainText('Wholesale');
  await expectNoViolations(page, 'customer with edit form');
  await page.screenshot({ path: '/tmp/customer-groups-customer.png', fullPage: true });

  // The groups, read by staff (the owner changes them).
  await page.goto('/admin/customer-groups');
  await expect(page.getByRole('heading', { level: 1, name: 'Customer groups' })).toBeFocused();
  await expect(page.getByRole('row', { name: /Wholesale/ })).toContainText('Retail Customer');
  await expectNoViolations(page, 'customer groups');
  await page.screenshot({ path: '/tmp/customer-groups-groups.png', fullPage: true });

  // A tier price for Wholesale from 5 on the product's page.
  await page.goto(`/admin/products/${encodeURIComponent(product.sku)}`);
  const tiers = page.getByRole('region', { name: 'Tier prices' });
  await tiers.getByRole('button', { name: 'Add a tier' }).click();
  const row = tiers.getByRole('group', { name: 'Tier 1' });
  await row.getByRole('combobox', { name: 'Customer group' }).selectOption({ label: 'Wholesale' });
  await row.getByRole('textbox', { name: 'From quantity' }).fill('5');
  await row.getByRole('textbox', { name: /^Price/ }).fill(String(tierPrice));
  await tiers.getByRole('button', { name: 'Save the tier prices' }).click();
  await expect(page.getByText('The tier prices are saved.')).toBeVisible();
  await expectNoViolations(page, 'product with tier prices');
  await tiers.screenshot({ path: '/tmp/customer-groups-tier-prices.png' });

  // The customer sets a password from the welcome e-mail and signs in.
  const { token: resetToken } = await setPasswordLink(BUYER.email);
  await gql(
    request,
    'mutation E2eTierSetPassword($e: String!, $t: String!, $p: String!) { resetPassword(email: $e, resetPasswordToken: $t, newPassword: $p) }',
    { e: BUYER.email, t: resetToken, p: PASSWORD },
  );
  await page.goto('/account/signin');
  await page.getByLabel('E-mail address').fill(BUYER.email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/account$/);

  // The product page offers the wholesale tier.
  await page.goto(`/${product.url_key}.html`);
  const offer = `Buy 5 for ${money(tierPrice)} each and save ${percent}%`;
  await expect(page.getByText(offer)).toBeVisible();
  await page.screenshot({ path: '/tmp/customer-groups-product.png' });

  // 5 in the cart cost the tier price each; so does the order.
  const customerToken = await page.evaluate(
    () => (JSON.parse(window.localStorage.getItem('vela.customerToken') ?? '{}') as { token?: string }).token ?? '',
  );
  const cartId = (await gql<{ customerCart: { id: string } }>(request, '{ customerCart { id } }', {}, customerToken))
    .customerCart.id;
  await gql(
    request,
    'mutation E2eTierAdd($c: String!, $s: String!) { addProductsToCart(cartId: $c, cartItems: [{ sku: $s, quantity: 5 }]) { cart { id } } }',
    { c: cartId, s: product.sku },
    customerToken,
  );
  await page.goto('/cart');
  await expect(page.getByRole('main')).toContainText(money(tierPrice * 5));
  await page.screenshot({ path: '/tmp/customer-groups-cart.png', fullPage: true });
  const address = {
    firstname: BUYER.firstname,
    lastname: BUYER.lastname,
    street: ['1 Market Street'],
    city: 'Austin',
    region: 'TX',
    postcode: '78701',
    country_code: 'US',
    telephone: '5125550100',
  };
  for (const [query, variables] of [
    [
      'mutation E2eTierShip($c: String!, $a: CartAddressInput!) { setShippingAddressesOnCart(input: { cart_id: $c, shipping_addresses: [{ address: $a }] }) { cart { id } } }',
      { a: address },
    ],
    [
      'mutation E2eTierBill($c: String!) { setBillingAddressOnCart(input: { cart_id: $c, billing_address: { same_as_shipping: true } }) { cart { id } } }',
      {},
    ],
    [
      'mutation E2eTierMethod($c: String!) { setShippingMethodsOnCart(input: { cart_id: $c, shipping_methods: [{ carrier_code: "flatrate", method_code: "flatrate" }] }) { cart { id } } }',
      {},
    ],
    [
      'mutation E2eTierPay($c: String!) { setPaymentMethodOnCart(input: { cart_id: $c, payment_method: { code: "checkmo" } }) { cart { id } } }',
      {},
    ],
  ] as const)
    await gql(request, query, { c: cartId, ...variables }, customerToken);
  const placed = await gql<{
    placeOrder: { orderV2: { number: string; items: Array<{ product_sale_price: { value: number } }> } };
  }>(
    request,
    'mutation E2eTierPlace($c: String!) { placeOrder(input: { cart_id: $c }) { orderV2 { number items { product_sale_price { value } } } } }',
    { c: cartId },
    customerToken,
  );
  expect(placed.placeOrder.orderV2.items[0]?.product_sale_price.value).toBe(tierPrice);
  await page.goto(`/account/orders/${placed.placeOrder.orderV2.number}`);
  await expect(page.getByRole('main')).toContainText(money(tierPrice));
});
