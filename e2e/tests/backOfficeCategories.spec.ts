// Issue 10: the category tree in the back office, in Chromium. A staff member (made with
// admin:create) builds a small branch of the test's own (a top-level category with two
// subcategories), renames the second and moves it up with the keyboard, and the storefront's menu
// shows the new name first at once. The branch is deleted at the end, so the other journeys see
// the demo menu as seeded. axe checks the tree and the edit page.
import { createStaffAccount, expectNoViolations, signInToBackOffice } from './backOfficeAccounts';
import { expect, test, type Page } from './fixtures';

const STAFF = {
  email: `staff.categories${Date.now()}@example.com`,
  name: 'Cat Staff',
  password: 'Category-keeper-42',
  role: 'staff' as const,
};

test.skip(process.env.E2E_FRONTED === '1', 'fronting Magento, the back office is not mounted');
test.use({ actionTimeout: 15_000 });

async function createCategory(page: Page, name: string): Promise<string> {
  await expect(page.getByRole('heading', { level: 1, name: 'New category' })).toBeFocused();
  await page.getByRole('textbox', { name: /^Name/ }).fill(name);
  await page.getByRole('button', { name: 'Create category' }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText('The category is created.')).toBeVisible();
  return page.url().split('/').pop()!;
}

async function deleteCategory(page: Page, id: string, name: string): Promise<void> {
  await page.goto(`/admin/categories/${id}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeFocused();
  await page.getByRole('button', { name: 'Delete category' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes, delete it' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Categories' })).toBeVisible();
  await expect(page.getByRole('link', { name, exact: true })).toHaveCount(0);
}

test('staff rename a category and move it up; the storefront menu shows it first at once', async ({ page }) => {
  test.setTimeout(180_000);
  expect(await createStaffAccount(STAFF)).toContain(STAFF.email);
  const stamp = Date.now().toString(36);
  const shelf = `Harbour Shelf ${stamp}`;
  const alpha = `Alpha ${stamp}`;
  const beta = `Beta ${stamp}`;
  const gamma = `Gamma ${stamp}`;

  await signInToBackOffice(page, STAFF);
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Categories' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Categories' })).toBeFocused();
  await expect(page.getByRole('link', { name: 'Women', exact: true })).toBeVisible();
  await expectNoViolations(page, 'category tree');

  // A branch of the test's own: a top-level category and two subcategories.
  await page.getByRole('link', { name: 'New category' }).click();
  const shelfId = await createCategory(page, shelf);
  await page.getByRole('link', { name: 'All categories' }).click();
  await page.getByRole('link', { name: `Add subcategory to ${shelf}` }).click();
  await expect(page.getByRole('combobox', { name: /^Parent category/ })).toHaveValue(shelfId);
  const alphaId = await createCategory(page, alpha);
  await page.goto(`/admin/categories/new?parent=${shelfId}`);
  const betaId = await createCategory(page, beta);
  await expect(page.getByRole('textbox', { name: /^URL key/ })).toHaveValue(`beta-${stamp}`);

  // An empty name is refused beside the field; then the rename.
  const name = page.getByRole('textbox', { name: /^Name/ });
  await name.fill('');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('This field is required')).toBeVisible();
  await expect(name).toBeFocused();
  await expectNoViolations(page, 'category edit page with an error');
  await name.fill(gamma);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('The category is saved.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: gamma })).toBeVisible();
  await page.screenshot({ path: '/tmp/categories-edit.png', fullPage: true });

  // Move up, with the keyboard: the result is announced and the focus stays with the category.
  await page.getByRole('link', { name: 'All categories' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Categories' })).toBeFocused();
  const moveUp = page.getByRole('button', { name: `Move up ${gamma}` });
  await moveUp.focus();
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('status').filter({ hasText: `${gamma} moved up: now 1 of 2 in ${shelf}.` }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: gamma, exact: true })).toBeFocused();
  await expect(page.getByRole('button', { name: `Move up ${gamma}` })).toBeDisabled();
  await expect(page.getByRole('button', { name: `Move up ${alpha}` })).toBeEnabled();
  await expectNoViolations(page, 'category tree after a move');
  await page.setViewportSize({ width: 768, height: 1024 });
  await page.screenshot({ path: '/tmp/categories-tree-768.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // The storefront's menu: the shelf, and in it the renamed category first.
  await page.goto('/');
  const menu = page.getByRole('navigation', { name: 'Main' });
  await menu.getByRole('button', { name: `${shelf} categories` }).click();
  const branch = menu.getByRole('link').filter({ hasText: new RegExp(`^(${alpha}|${gamma}|${beta})$`) });
  await expect(branch).toHaveText([gamma, alpha]);
  await page.screenshot({ path: '/tmp/categories-storefront-menu.png' });

  // Restore: the branch goes, children first.
  await deleteCategory(page, betaId, gamma);
  await deleteCategory(page, alphaId, alpha);
  await deleteCategory(page, shelfId, shelf);
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: shelf })).toHaveCount(0);
});
