import { expect, test } from './fixtures';

test('a shopper who types "hodie" finds hoodies, and a search with no results offers a correction', async ({
  page,
}) => {
  await page.goto('/', { waitUntil: 'networkidle' });
  const search = page.getByRole('combobox').first();
  await search.fill('hodie');
  const listbox = page.getByRole('listbox');
  await expect(listbox).toBeVisible();
  await expect(listbox.getByRole('option').first()).toContainText(/hoodie/i);
  await search.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=hodie/);
  const results = page.getByRole('list', { name: 'Products' }).first();
  await expect(results.locator('li').first()).toContainText(/hoodie/i);

  // No Kestrel jacket exists: the page offers the words that find products.
  await page.goto('/search?q=kestrel%20jaket');
  const correction = page.getByRole('link', { name: 'jacket', exact: true });
  await expect(page.getByText('Try searching for:')).toBeVisible();
  await correction.click();
  await expect(page).toHaveURL(/\/search\?q=jacket/);
  await expect(page.getByRole('list', { name: 'Products' }).first().locator('li').first()).toContainText(/jacket/i);
});
