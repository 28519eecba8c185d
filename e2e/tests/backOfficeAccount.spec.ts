// Issue 10: a staff member adds an authenticator app to their own account on "Your account";
// signing in then asks for its code; removing it needs the password, and a wrong one is refused.
// axe checks the page in each state.
import { createStaffAccount, expectNoViolations, signInToBackOffice } from './backOfficeAccounts';
import { freshTotp } from './totp';
import { expect, test } from './fixtures';

const STAFF = {
  email: `staff.account${Date.now()}@example.com`,
  name: 'Tamsin Staff',
  password: 'Second-factor-please-9',
  role: 'staff' as const,
};

test.skip(process.env.E2E_FRONTED === '1', 'fronting Magento, the back office is not mounted');
test.use({ actionTimeout: 15_000 });

test('staff add an authenticator of their own, sign in with it, and remove it with their password', async ({
  page,
}) => {
  test.setTimeout(180_000);
  expect(await createStaffAccount(STAFF)).toContain(STAFF.email);
  await signInToBackOffice(page, STAFF);

  await page.getByRole('link', { name: 'Your account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeFocused();
  await expect(page.getByText('Not set up.')).toBeVisible();
  await expectNoViolations(page, 'account, no authenticator');

  await page.getByRole('button', { name: 'Add an authenticator app' }).click();
  const code = page.getByRole('textbox', { name: /6-digit code/ });
  await expect(code).toBeFocused();
  await expect(page.getByRole('img', { name: /QR code that adds Vela/ })).toBeVisible();
  await expectNoViolations(page, 'account, adding an authenticator');
  const secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').replace(/\s+/g, '');
  await code.fill('000000');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('The code is not right.')).toBeVisible();
  await code.fill(await freshTotp(secret));
  const usedStep = Math.floor(Date.now() / 30_000);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('The authenticator is added.')).toBeVisible();
  await expect(page.getByText('Set up: signing in asks for the code')).toBeVisible();

  // Signing in again asks for the code: a new one, as a code is accepted once.
  await page.getByRole('button', { name: 'Sign out' }).click();
  const wait = (usedStep + 1) * 30_000 - Date.now();
  if (wait > 0) await page.waitForTimeout(wait + 500);
  await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible();
  await signInToBackOffice(page, STAFF, secret);
  await page.getByRole('link', { name: 'Your account' }).click();

  const password = page.getByLabel('Your password, to remove it');
  await page.getByRole('button', { name: 'Remove the authenticator' }).click();
  await expect(page.getByText('This field is required')).toBeVisible();
  await expect(password).toBeFocused();
  await password.fill('not-my-password');
  await page.getByRole('button', { name: 'Remove the authenticator' }).click();
  await expect(page.getByText('The password is not right.')).toBeVisible();
  await expectNoViolations(page, 'account, wrong password');
  await password.fill(STAFF.password);
  await page.getByRole('button', { name: 'Remove the authenticator' }).click();
  await expect(page.getByText('The authenticator is removed.')).toBeVisible();
  await expect(page.getByText('Not set up.')).toBeVisible();
});
