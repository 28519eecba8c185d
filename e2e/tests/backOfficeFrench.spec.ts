// Issue 29: the back office speaks French (src/i18n/fr_FR.json) to a browser that prefers it, and
// to a staff member who chooses it on "Your account"; English stays the default. axe checks the
// French pages.
import { createStaffAccount, expectNoViolations, signInToBackOffice } from './backOfficeAccounts';
import { expect, test } from './fixtures';

const VIEWER = {
  email: `viewer.french${Date.now()}@example.com`,
  name: 'Françoise Viewer',
  password: 'Bonjour-la-boutique-29',
  role: 'viewer' as const,
};

test.skip(process.env.E2E_FRONTED === '1', 'fronting Magento, the back office is not mounted');
test.use({ actionTimeout: 15_000 });

test.describe('a browser that prefers French', () => {
  test.use({ locale: 'fr-FR' });

  test('gets the sign-in page in French', async ({ page }) => {
    await page.goto('/admin/sign-in');
    await expect(page.getByRole('heading', { level: 1, name: 'Connexion à l’administration' })).toBeFocused();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr-FR');
    await expect(page).toHaveTitle('Connexion · Administration Vela');
    await expect(page.getByLabel('Adresse e-mail')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Continuer' })).toBeVisible();
    await expectNoViolations(page, 'sign-in in French');
  });
});

test('a staff member switches the back office to French on their account page, and back', async ({ page }) => {
  test.setTimeout(120_000);
  expect(await createStaffAccount(VIEWER)).toContain(VIEWER.email);
  await signInToBackOffice(page, VIEWER);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');

  await page.getByRole('link', { name: 'Your account' }).click();
  await page.getByLabel('Language of the back office').selectOption('fr_FR');
  await expect(page.getByRole('heading', { level: 1, name: 'Votre compte' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr-FR');

  await page.getByRole('link', { name: 'Commandes' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Commandes' })).toBeFocused();
  await expect(page.getByRole('search', { name: 'Filtrer les commandes' })).toBeVisible();
  await expect(page.getByText(/^\d+ commandes?$/)).toBeVisible();
  // The list, or its empty state when this spec runs on a shop without orders.
  await expect(
    page.getByRole('columnheader', { name: 'Client' }).or(page.getByText('Aucune commande pour l’instant.')),
  ).toBeVisible();
  await expectNoViolations(page, 'orders in French');

  // The choice stays in this browser.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Commandes' })).toBeVisible();

  await page.getByRole('link', { name: 'Votre compte' }).click();
  await page.getByLabel('Langue de l’administration').selectOption('en_US');
  await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
});
