import { type APIRequestContext, type Page, expect, test } from './fixtures';
import { gql } from './api';

// Issue 35, point 8: with a colour filter chosen, every card shows the product in that colour (its
// picture) and its link opens the product with that colour chosen, on the server-rendered page and
// after the filter is picked in the browser.

const CATEGORY = '/women.html';

function fileStem(url: string): string {
  // The demo draws each colour into a folder of its own (…/hoodie/3a3a3c/1.png); the card's image
  // goes through the resizer, whose address keeps that path.
  const parsed = new URL(url, 'http://x');
  const inner = parsed.searchParams.get('url') ?? parsed.pathname;
  return new URL(inner, 'http://x').pathname.replace(/\.[a-z]+$/i, '');
}

interface Expected {
  name: string;
  picture: string;
  /** The parent's own picture differs: the card must change to show red. */
  changes: boolean;
}

/** The Red option's value, and per configurable product of the filtered listing the Red picture. */
async function redListing(request: APIRequestContext): Promise<{ value: string; expected: Expected[] }> {
  const facets = await gql<{
    products: { aggregations: Array<{ attribute_code: string; options: Array<{ label: string; value: string }> }> };
  }>(
    request,
    `query E2eTrustColours { products(filter: {}, pageSize: 1) { aggregations { attribute_code options { label value } } } }`,
  );
  const red = facets.products.aggregations
    .find((a) => a.attribute_code === 'color')
    ?.options.find((o) => o.label === 'Red');
  if (!red) throw new Error('the demo has no Red');
  const data = await gql<{ products: { items: Array<Record<string, unknown>> } }>(
    request,
    `query E2eTrustRed($value: String) { products(filter: { category_uid: { eq: "Mw==" }, color: { eq: $value } }, sort: { position: ASC }, pageSize: 12) {
      items { __typename name small_image { url } ... on ConfigurableProduct { variants { attributes { code label } product { stock_status small_image { url } } } } } } }`,
    { value: red.value },
  );
  const expected: Expected[] = [];
  for (const item of data.products.items) {
    if (item.__typename !== 'ConfigurableProduct') continue;
    const variants = item.variants as Array<{
      attributes: Array<{ code: string; label: string }>;
      product: { stock_status: string; small_image: { url: string } | null };
    }>;
    const reds = variants.filter((v) => v.attributes.some((a) => a.code === 'color' && a.label === 'Red'));
    const best = reds.find((v) => v.product.stock_status === 'IN_STOCK') ?? reds[0];
    if (best?.product.small_image) {
      const picture = fileStem(best.product.small_image.url);
      const parent = fileStem((item.small_image as { url: string } | null)?.url ?? '');
      expected.push({ name: item.name as string, picture, changes: picture !== parent });
    }
  }
  return { value: red.value, expected };
}

async function expectRedCards(page: Page, expected: Expected[]): Promise<void> {
  const grid = page.getByRole('list', { name: 'Products' });
  await expect(grid.getByRole('listitem').first()).toBeVisible();
  for (const { name, picture } of expected) {
    const card = grid.getByRole('listitem').filter({ has: page.getByRole('link', { name, exact: true }) });
    const link = card.getByRole('link', { name, exact: true });
    await expect(link).toHaveAttribute('href', /[?&]color=Red(&|$)/);
    const src = await card.locator('img').first().getAttribute('src');
    expect(fileStem(src ?? ''), `${name} shows its red picture`).toBe(picture);
  }
}

test('a colour filter shows each product in that colour, rendered on the server', async ({ page, request }) => {
  const { value, expected } = await redListing(request);
  // Products whose parent picture is another colour prove the cards changed.
  expect(expected.filter((e) => e.changes).length).toBeGreaterThan(2);
  await page.goto(`${CATEGORY}?color=${value}`);
  await expectRedCards(page, expected);

  // The link opens the product with Red chosen.
  const first = expected[0]!;
  await page.getByRole('link', { name: first.name, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: first.name })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Red', exact: true, pressed: true })).toBeVisible();
});

test('a colour picked in the browser turns the cards to that colour', async ({ page, request }) => {
  const { expected } = await redListing(request);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(CATEGORY);
  await page.getByRole('checkbox', { name: /^Red\b/ }).click();
  await expect(page).toHaveURL(/[?&]color=/);
  await expectRedCards(page, expected);
});

// Point 9: on a phone the purchase block is screens below the pictures.
async function configurablePath(request: APIRequestContext): Promise<{ path: string; name: string }> {
  const data = await gql<{ products: { items: Array<{ name: string; url_key: string; url_suffix: string | null }> } }>(
    request,
    `query E2eTrustHoodie { products(search: "hoodie", filter: { category_uid: { eq: "Mw==" } }, pageSize: 1) { items { name url_key url_suffix } } }`,
  );
  const item = data.products.items[0];
  if (!item) throw new Error('no hoodie in the demo');
  return { path: `/${item.url_key}${item.url_suffix ?? '.html'}`, name: item.name };
}

test('on a phone a buy bar keeps the price and Add to cart in reach, and leads to the options first', async ({
  page,
  request,
}) => {
  const product = await configurablePath(request);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(product.path);
  const bar = page.getByTestId('product-buy-bar');
  const details = page.getByRole('article', { name: product.name });
  const mainAdd = details.locator('[data-slot="add-to-cart"]').getByRole('button', { name: 'Add to cart' });
  await expect(mainAdd).not.toBeInViewport();
  await expect(bar).toBeVisible();
  await expect(bar).toContainText(/\$\d/);

  // Nothing chosen yet: the bar brings the first option's choices into view and focuses one.
  await bar.getByRole('button', { name: 'Add to cart' }).click();
  const colours = details.getByRole('group', { name: /^Choose Color/ });
  await expect(colours.getByRole('button').first()).toBeFocused();
  await expect(colours).toBeInViewport();

  // With everything chosen, the bar adds to the cart (the mini cart opens).
  const unchosen = details.getByRole('group', { name: /^Choose / });
  for (let i = 0; i < 3 && (await unchosen.count()) > 0; i++) {
    // A value in stock with the other choices: its name carries no note in brackets.
    await unchosen
      .first()
      .getByRole('button', { name: /^[^(]+$/, disabled: false })
      .first()
      .click();
  }
  await expect(unchosen).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(bar).toBeVisible();
  await bar.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('dialog', { name: 'Your cart' })).toBeVisible();

  // Beside the purchase block (desktop) there is no bar.
  await page.getByRole('dialog', { name: 'Your cart' }).press('Escape');
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(bar).toBeHidden();
});
