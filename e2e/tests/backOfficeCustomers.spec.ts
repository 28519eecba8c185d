// Issue 10: customers and staff accounts in the back office, in Chromium. An owner (made with
// admin:create, signing in with the authenticator) finds a customer who signed up on the
// storefront, locks the account (the customer can no longer sign in) and unlocks it, and adds a
// viewer's account on the Staff page. axe checks the three pages.
import type { APIRequestContext } from '@playwright/test';
import { gql } from './api';
import { createStaffAccount, expectNoViolations, signInToBackOffice } from './backOfficeAccounts';
import { expect, test } from './fixtures';

const OWNER = {
  email: `owner.customers${Date.now()}@example.com`,
  name: 'Olga Owner',
  password: 'Lighthouse-keeper-42',
};
const SHOPPER = {
  firstname: 'Katherine',
  lastname: 'Johnson',
  email: `katherine${Date.now()}@example.com`,
  password: 'Trajectory-1962',
};
const SIGN_IN =
  'mutation E2eBoCustomersToken($email: String!, $password: String!) { generateCustomerToken(email: $email, password: $password) { token } }';

test.skip(process.env.E2E_FRONTED === '1', 'fronting Magento, the back office is not mounted');
test.use({ actionTimeout: 15_000 });

/** Whether the shopper can sign in on the storefront now. */
async function canSignIn(request: APIRequestContext): Promise<boolean> {
  const response = await request.post('/graphql', {
    data: { query: SIGN_IN, variables: { email: SHOPPER.email, password: SHOPPER.password } },
  });
  const body = (await response.json()) as { data?: { generateCustomerToken?: { token: string } | null } };
  return Boolean(body.data?.generateCustomerToken?.token);
}

test('an owner finds a customer, locks and unlocks the account, and adds a viewer', async ({ page, request }) => {
  test.setTimeout(180_000);
  expect(await createStaffAccount({ ...OWNER, role: 'owner' })).toContain(OWNER.email);

  // A shopper signs up on the storefront and saves an address.
  await gql(
    request,
    'mutation E2eBoCustomersCreate($input: CustomerCreateInput!) { createCustomerV2(input: $input) { customer { email } } }',
    { input: SHOPPER },
  );
  const token = (await gql<{ generateCustomerToken: { token: string } }>(request, SIGN_IN, SHOPPER))
    .generateCustomerToken.token;
  await gql(
    request,
    'mutation E2eBoCustomersAddress($address: CustomerAddressInput!) { createCustomerAddress(input: $address) { id } }',
    {
      address: {
        firstname: SHOPPER.firstname,
        lastname: SHOPPER.lastname,
        street: ['1 Langley Road'],
        city: 'Hampton',
        region: { region_code: 'VA', region: 'Virginia' },
        postcode: '23681',
        country_code: 'US',
        telephone: '7575550100',
        default_shipping: true,
        default_billing: true,
      },
    },
    token,
  );

  await signInToBackOffice(page, OWNER);
  const nav = page.getByRole('navigation', { name: 'Back office' });

  // Customers: the list, a search that lives in the address, the customer's page.
  await nav.getByRole('link', { name: 'Customers' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toBeFocused();
  await expect(page.getByRole('table')).toBeVisible();
  await expectNoViolations(page, 'customers');
  await page.getByRole('searchbox', { name: 'Search' }).fill(SHOPPER.email.toUpperCase());
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/[?&]q=/);
  await expect(page.getByText(/^1 customer match/)).toBeVisible();
  await expectNoViolations(page, 'customers, searched');
  const name = `${SHOPPER.firstname} ${SHOPPER.lastname}`;
  await page.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(name) })).toBeFocused();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Active');
  await expect(page.getByRole('region', { name: 'Address book' })).toContainText('1 Langley Road');
  await expect(page.getByRole('region', { name: 'Orders' })).toContainText('No orders yet.');
  await expectNoViolations(page, 'customer');

  // Lock, after a confirmation: the shopper's session ends and sign-in is refused.
  await page.getByRole('button', { name: 'Lock account' }).click();
  const dialog = page.getByRole('dialog', { name: `Lock ${SHOPPER.email}?` });
  await expect(dialog).toBeVisible();
  await expectNoViolations(page, 'customer, lock confirmation');
  await dialog.getByRole('button', { name: 'Yes, lock the account' }).click();
  await expect(page.getByText(`${SHOPPER.email} is locked.`)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Locked');
  await expect(page.getByText('Locked by staff')).toBeVisible();
  expect(await canSignIn(request)).toBe(false);
  const me = await request.post('/graphql', {
    data: { query: 'query E2eBoCustomersMe { customer { email } }' },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(((await me.json()) as { data?: { customer?: unknown } }).data?.customer ?? null).toBeNull();

  // Unlock: the shopper signs in again.
  await page.getByRole('button', { name: 'Unlock account' }).click();
  await expect(page.getByText(`${SHOPPER.email} can sign in again.`)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Active');
  expect(await canSignIn(request)).toBe(true);

  // Staff (owners only): add a viewer, switch the account off and on again.
  await nav.getByRole('link', { name: 'Staff' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Staff' })).toBeFocused();
  await expect(page.getByRole('row', { name: new RegExp(OWNER.email) })).toContainText('You');
  await expectNoViolations(page, 'staff');
  const viewer = `viewer${Date.now()}@example.com`;
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(viewer);
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Vera Viewer');
  await page.getByRole('combobox', { name: 'Role', exact: true }).selectOption('VIEWER');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('too-short');
  await page.getByRole('button', { name: 'Add account' }).click();
  await expect(page.getByText('The password needs at least 12 characters.')).toBeVisible();
  await expectNoViolations(page, 'staff, form errors');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Read-only-viewer-7');
  await page.getByRole('button', { name: 'Add account' }).click();
  await expect(page.getByText(`${viewer} can now sign in as Viewer.`)).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(viewer) });
  await expect(row).toContainText('Vera Viewer');
  await expect(row).toContainText('Viewer');
  await expect(row).toContainText('Active');
  await row.getByRole('button', { name: `Switch off ${viewer}` }).click();
  await expect(row).toContainText('Switched off');
  await row.getByRole('button', { name: `Switch on ${viewer}` }).click();
  await expect(row).toContainText('Active');
  await expectNoViolations(page, 'staff, after changes');
});
