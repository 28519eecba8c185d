import { expect, test } from './fixtures';

// Issue 8: the page works before hydration, so it works with JavaScript off: the header's
// category links, filters, sort, the phone menu, search and pagination, all as plain HTML.
test.use({ javaScriptEnabled: false });

test.describe('desktop, JavaScript off', () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test('the header menu leads to a category, and filters and sort apply by form', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Women', exact: true }).click();
    await expect(page).toHaveURL(/\/women\.html$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Women' })).toBeVisible();

    const count = page.getByRole('status').filter({ hasText: /^\d+ products$/ });
    const before = Number((await count.textContent())!.split(' ')[0]);
    const sidebar = page.getByRole('complementary');
    await sidebar.getByRole('checkbox', { name: /^Black/ }).check();
    await sidebar.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(/[?&]color=\d+/);
    const filtered = Number((await count.textContent())!.split(' ')[0]);
    expect(filtered).toBeGreaterThan(0);
    expect(filtered).toBeLessThan(before);
    await expect(sidebar.getByRole('checkbox', { name: /^Black/ })).toBeChecked();

    await page.getByLabel('Sort by').selectOption({ label: 'Price: low to high' });
    await page.getByRole('button', { name: 'Sort', exact: true }).click();
    await expect(page).toHaveURL(/sort=price_asc/);
    // The filter survives the sort.
    await expect(page).toHaveURL(/color=\d+/);
    expect(Number((await count.textContent())!.split(' ')[0])).toBe(filtered);
    const prices = (
      await page
        .getByRole('list', { name: 'Products' })
        .locator('[data-price]')
        .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-price')))
    ).map(Number);
    expect(prices.length).toBeGreaterThan(1);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  test('a price range and "any price" apply by form, and pagination and search are links and forms', async ({
    page,
  }) => {
    await page.goto('/women.html');
    const sidebar = page.getByRole('complementary');
    const range = sidebar.getByRole('radio').nth(1);
    await range.check();
    await sidebar.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(/price=[\d.*]+_[\d.*]+/);
    await sidebar.getByRole('radio', { name: 'Any price' }).check();
    await sidebar.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).not.toHaveURL(/price=[\d*]/);

    await page.goto('/women.html');
    await page
      .getByRole('navigation', { name: /pagination/i })
      .getByRole('link', { name: /2/ })
      .first()
      .click();
    await expect(page).toHaveURL(/page=2/);

    const search = page.getByRole('search').getByRole('combobox');
    await search.fill('tee');
    await search.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=tee/);
    await expect(page.getByRole('status').filter({ hasText: /^\d+ products$/ })).toBeVisible();
  });
});

test.describe('phone, JavaScript off', () => {
  test.use({ viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true });

  test('the menu button leads to every top category', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Open menu' }).click();
    await expect(page).toHaveURL(/#shop-categories$/);
    const categories = page.getByRole('navigation', { name: 'Shop by category' });
    await expect(categories).toBeInViewport();
    await categories.getByRole('link', { name: 'Men', exact: true }).click();
    await expect(page).toHaveURL(/\/men\.html$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Men' })).toBeVisible();
  });

  test('the Filters control shows the filter form in the page, and it applies', async ({ page }) => {
    await page.goto('/women.html');
    const form = page.getByRole('complementary');
    await expect(form).toBeHidden();
    await page.getByRole('link', { name: 'Filters' }).click();
    await expect(page).toHaveURL(/#listing-filters$/);
    await expect(form).toBeVisible();
    await form.getByRole('checkbox', { name: /^Black/ }).check();
    await form.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(/[?&]color=\d+/);
    await expect(page.getByRole('link', { name: 'Filters (1)' })).toBeVisible();
  });
});

test.describe('product page, JavaScript off', () => {
  test('colour and size are chosen by form, and the page says adding needs JavaScript', async ({ page }) => {
    // Issue 35, point 12: the options were buttons that did nothing without JavaScript.
    await page.goto('/women.html');
    await page.getByRole('list', { name: 'Products' }).getByRole('link').first().click();
    const details = page.getByRole('article');
    const colours = details.getByRole('group', { name: /^Choose Colou?r/ });
    const colour = colours.getByRole('button', { name: /^[^(]+$/ }).first();
    const colourName = (await colour.getAttribute('aria-label')) ?? '';
    await colour.click();
    await expect(page).toHaveURL(new RegExp(`[?&]color=${encodeURIComponent(colourName).replace(/%20/g, '\\+')}`));
    await expect(details.getByRole('group', { name: `Color: ${colourName}` })).toBeVisible();

    const sizes = details.getByRole('group', { name: /^Choose Size/ });
    const size = sizes.getByRole('button', { name: /^[^(]+$/ }).first();
    const sizeName = (await size.textContent())?.trim() ?? '';
    await size.click();
    await expect(page).toHaveURL(new RegExp(`[?&]size=${sizeName}(&|$)`));
    // The colour stays chosen.
    await expect(page).toHaveURL(/[?&]color=/);
    await expect(details.getByRole('group', { name: `Size: ${sizeName}` })).toBeVisible();
    await expect(details.getByRole('group', { name: `Color: ${colourName}` })).toBeVisible();
    // A <noscript> note: Playwright's text matching skips noscript, so the page's own innerText is read.
    expect(await details.locator('[data-slot="add-to-cart"]').innerText()).toContain(
      'Adding to the cart needs JavaScript',
    );
  });
});
