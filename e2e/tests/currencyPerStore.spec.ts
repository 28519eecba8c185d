import { expect, test } from './fixtures';

// Issue 35: a currency chosen in one store view stays there; the French store keeps its euros
// after the shopper picked dollars in the English one.
test('a currency chosen in the English store does not follow the shopper into the French one', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  await footer.getByLabel('Currency').selectOption('USD');
  await footer.getByRole('button', { name: 'Change currency' }).click();
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/fr/femme.html');
  await expect(page.locator('html')).not.toHaveAttribute('data-currency', 'USD');
  await expect(page.getByText(/\d+,\d\d\s€/).first()).toBeVisible();
  await expect(page.getByText(/\$US/)).toHaveCount(0);

  // The French store's own choice still works, and stays French.
  await page.getByRole('contentinfo').getByLabel('Devise').selectOption('USD');
  await page.getByRole('contentinfo').getByRole('button', { name: 'Changer de devise' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-currency', 'USD');
  await page.goto('/');
  await page.getByRole('contentinfo').getByLabel('Currency').selectOption('EUR');
  await page.getByRole('contentinfo').getByRole('button', { name: 'Change currency' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-currency', 'EUR');
  await page.goto('/fr/femme.html');
  await expect(page.locator('html')).toHaveAttribute('data-currency', 'USD');
});
