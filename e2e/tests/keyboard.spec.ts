import { type Locator, type Page } from '@playwright/test';
import { expect, test } from './fixtures';

// Issue 8: from home to a placed order with the keyboard alone. Every step moves focus with Tab
// (never a click), focus is visible wherever it lands, drawers take focus in and give it back,
// and Escape closes them.

/**
 * Focus is visible: something drawn on the focused element, its ::before or ::after, or its two
 * nearest ancestors (a search box may ring the whole field) changes when focus arrives: outline,
 * ring, border or background.
 */
async function expectFocusVisible(page: Page, where: string) {
  const result = await page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return null;
    const chain = [element, element.parentElement, element.parentElement?.parentElement].filter(
      (node): node is HTMLElement => !!node,
    );
    const describe = (style: CSSStyleDeclaration) =>
      [
        style.outlineStyle,
        style.outlineWidth,
        style.outlineColor,
        style.boxShadow,
        style.borderColor,
        style.backgroundColor,
      ].join(' ');
    // A stretched link draws its ring on ::after, over the whole card.
    const look = () => [
      ...chain.map((node) => describe(getComputedStyle(node))),
      describe(getComputedStyle(element, '::after')),
      describe(getComputedStyle(element, '::before')),
    ];
    const focused = look();
    element.blur();
    const blurred = look();
    element.focus();
    return { tag: element.tagName, changed: focused.some((value, i) => value !== blurred[i]) };
  });
  expect(result, `${where}: something has focus`).not.toBeNull();
  expect(result!.changed, `${where}: focus on ${result!.tag} is visible`).toBe(true);
}

/** Presses Tab until `target` has focus, checking that focus is visible at every stop. */
async function tabTo(page: Page, target: Locator, where: string, max = 80) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) {
      await expectFocusVisible(page, where);
      return;
    }
  }
  throw new Error(`${where}: not reached with ${max} presses of Tab`);
}

async function typeInto(page: Page, field: Locator, text: string, where: string) {
  await tabTo(page, field, where);
  await page.keyboard.type(text);
}

test('a shopper goes from home to a placed order without a mouse', async ({ page, request }) => {
  test.setTimeout(180_000);
  const response = await request.get(
    `/graphql?query=${encodeURIComponent('{ products(search: "bag", pageSize: 20) { items { __typename name stock_status } } }')}`,
  );
  const { data } = (await response.json()) as {
    data: { products: { items: { __typename: string; name: string; stock_status: string }[] } };
  };
  const product = data.products.items.find((p) => p.__typename === 'SimpleProduct' && p.stock_status === 'IN_STOCK')!;

  await page.goto('/');
  // The first stop is the skip link, shown when focused.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await expectFocusVisible(page, 'skip link');

  const search = page.getByRole('search').getByRole('combobox');
  await typeInto(page, search, product.name, 'search field');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=/);

  const result = page.getByRole('list', { name: 'Products' }).getByRole('link', { name: product.name }).first();
  await tabTo(page, result, 'search result');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();

  const addToCart = page.getByRole('button', { name: 'Add to cart' });
  await tabTo(page, addToCart, 'Add to cart');
  await page.keyboard.press('Enter');
  const miniCart = page.getByRole('dialog', { name: 'Your cart' });
  await expect(miniCart).toBeVisible();
  // Focus moves into the drawer, and Escape closes it and gives focus back.
  await expect.poll(() => miniCart.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(miniCart).toBeHidden();
  await expect(addToCart).toBeFocused();

  // The header's cart opens the mini cart; its "View cart" leads to the cart page.
  const cartLink = page.getByRole('link', { name: /^Cart, 1 item/ });
  await tabTo(page, cartLink, 'header cart link', 120);
  await page.keyboard.press('Enter');
  await expect(miniCart).toBeVisible();
  await tabTo(page, miniCart.getByRole('link', { name: 'View cart' }), 'view cart');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/cart$/);
  await expect(miniCart).toBeHidden();
  await tabTo(page, page.getByRole('link', { name: 'Proceed to checkout' }), 'proceed to checkout');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();

  const next = async (where: string) => {
    await tabTo(page, page.getByRole('button', { name: 'Continue' }), where);
    await page.keyboard.press('Enter');
  };
  await typeInto(page, page.getByLabel('E-mail address'), `keys${Date.now()}@example.com`, 'e-mail');
  await next('e-mail step');

  await expect(page.getByRole('heading', { level: 2, name: 'Shipping address' })).toBeFocused();
  await typeInto(page, page.getByLabel('First name'), 'Ada', 'first name');
  await typeInto(page, page.getByLabel('Last name'), 'Lovelace', 'last name');
  await typeInto(page, page.getByLabel('Street address'), '1 Analytical Way', 'street');
  const country = page.getByLabel('Country');
  await tabTo(page, country, 'country');
  await expect(country).toHaveValue('US');
  await tabTo(page, page.getByLabel('State / province'), 'region');
  await page.keyboard.type('California');
  await expect(page.getByLabel('State / province')).toHaveValue(/.+/);
  await typeInto(page, page.getByLabel('City'), 'San Francisco', 'city');
  await typeInto(page, page.getByLabel('Postal code'), '94103', 'postcode');
  await typeInto(page, page.getByLabel('Phone number'), '+1 415 555 0100', 'phone');
  await next('address step');

  await expect(page.getByRole('heading', { level: 2, name: 'Shipping method' })).toBeFocused();
  const flatRate = page.getByRole('radio', { name: /Standard delivery/ });
  await tabTo(page, flatRate, 'shipping method');
  await page.keyboard.press('Space');
  await expect(flatRate).toBeChecked();
  await next('shipping method step');

  await expect(page.getByRole('heading', { level: 2, name: 'Payment' })).toBeFocused();
  const checkmo = page.getByRole('radio', { name: 'Check / Money order' });
  await tabTo(page, checkmo, 'payment method');
  await page.keyboard.press('Space');
  await expect(checkmo).toBeChecked();
  await next('payment step');

  await expect(page.getByRole('heading', { level: 2, name: 'Review and place order' })).toBeFocused();
  await tabTo(page, page.getByRole('button', { name: 'Place order' }), 'place order');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/checkout\/success/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/thank/i);
});
