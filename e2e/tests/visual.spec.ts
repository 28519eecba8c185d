import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type APIRequestContext, type Locator, type Page, expect, test } from './fixtures';
import { cartWith, fillUsAddress, gql, signInWithToken } from './api';

// Issue 13: the main pages, at a phone's and a desktop's size, look as they did when a person last
// approved them. Baselines live beside this file (visual.spec.ts-snapshots/); after a deliberate
// design change, look at the new screenshots and accept them with
// `node run.mjs tests/visual.spec.ts --update-snapshots`.
//
// With DOCS_SCREENSHOTS=NAME the same pages are also written, full length, to
// docs/screenshots/NAME/ for the design notes (for example `before` and `after` a change).

const SIZES = {
  phone: { width: 412, height: 915 },
  desktop: { width: 1366, height: 900 },
} as const;

// Fixed demo products that no other journey buys, so stock notes do not change between runs.
const SIMPLE_PRODUCT = '/quill-armchair.html';
const CONFIGURABLE_PRODUCT = '/kestrel-crew-tee.html';
// Bought by the checkout journey; no other page here shows it.
const BOUGHT_PRODUCT = '/cedar-espresso-cup.html';

const docsDir = process.env.DOCS_SCREENSHOTS
  ? path.resolve(fileURLToPath(import.meta.url), '../../../docs/screenshots', process.env.DOCS_SCREENSHOTS)
  : null;

interface Shopper {
  token: string;
  email: string;
}

async function shopperWithAddress(request: APIRequestContext): Promise<Shopper> {
  const email = `visual${Date.now()}@example.com`;
  const password = 'Analytical1';
  await gql(
    request,
    'mutation($input: CustomerCreateInput!) { createCustomerV2(input: $input) { customer { email } } }',
    { input: { firstname: 'Ada', lastname: 'Lovelace', email, password } },
  );
  const { token } = (
    await gql<{ generateCustomerToken: { token: string } }>(
      request,
      'mutation($email: String!, $password: String!) { generateCustomerToken(email: $email, password: $password) { token } }',
      { email, password },
    )
  ).generateCustomerToken;
  const addAddress = (address: Record<string, unknown>) =>
    gql(
      request,
      'mutation($address: CustomerAddressInput!) { createCustomerAddress(input: $address) { id } }',
      { address: { firstname: 'Ada', lastname: 'Lovelace', ...address } },
      token,
    );
  await addAddress({
    street: ['1 Analytical Way'],
    city: 'Austin',
    region: { region_code: 'TX', region: 'Texas' },
    postcode: '78701',
    country_code: 'US',
    telephone: '5125550100',
    default_shipping: true,
    default_billing: true,
  });
  // A second country, written in its own order ("10117 Berlin").
  await addAddress({
    street: ['Unter den Linden 5'],
    city: 'Berlin',
    postcode: '10117',
    country_code: 'DE',
    telephone: '+49 30 5550100',
  });
  return { token, email };
}

async function skuOf(request: APIRequestContext, urlPath: string): Promise<string> {
  const urlKey = urlPath.replace(/^\//, '').replace(/\.html$/, '');
  const data = await gql<{ products: { items: Array<{ sku: string }> } }>(
    request,
    'query($key: String!) { products(filter: { url_key: { eq: $key } }) { items { sku } } }',
    { key: urlKey },
  );
  const sku = data.products.items[0]?.sku;
  if (!sku) throw new Error(`no product at ${urlPath}`);
  return sku;
}

/** Whether the browser drew the page's first heading with the brand font (not the fallback). */
async function headingInBrandFont(page: Page): Promise<boolean> {
  // A page that re-renders its heading between the two calls (the checkout moving to its next
  // step) leaves a stale node id: ask again.
  for (let attempt = 1; ; attempt++) {
    try {
      return await headingFontIsBrand(page);
    } catch (error) {
      if (attempt === 3 || !String(error).includes('Could not find node')) throw error;
    }
  }
}

async function headingFontIsBrand(page: Page): Promise<boolean> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const { root } = await cdp.send('DOM.getDocument');
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: 'h1' });
    if (!nodeId) throw new Error(`${page.url()} has no heading`);
    const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
    return fonts.some((font) => font.isCustomFont && /figtree/i.test(font.familyName));
  } finally {
    await cdp.detach();
  }
}

async function imagesLoaded(page: Page) {
  // Parts drawn after hydration (recently viewed) bring lazy images of their own after the first
  // look, and a lazy image below the fold never loads for a full-page screenshot: each poll makes
  // every image on the page eager before checking.
  await page.waitForFunction(() =>
    Array.from(document.images).every((image) => {
      if (image.loading !== 'eager') image.loading = 'eager';
      return image.complete && image.naturalWidth > 0;
    }),
  );
}

/**
 * Waits until images have loaded and the heading is set in the brand font, so the picture is the
 * settled page. A page the service worker controls uses the brand font only when it is ready within
 * font-display: optional's short block period (storefront/app/layout/brandFont.tsx), so a page that
 * came out in the fallback is loaded again.
 */
async function settle(page: Page) {
  for (let attempt = 1; ; attempt++) {
    await imagesLoaded(page);
    if (await headingInBrandFont(page)) break;
    if (attempt === 4) throw new Error(`${page.url()} never rendered its heading in the brand font`);
    await page.waitForFunction(() => navigator.serviceWorker?.controller?.state === 'activated', null, {
      timeout: 30_000,
    });
    await page.reload();
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  }
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

async function capture(page: Page, name: string, mask: Locator[] = []) {
  await settle(page);
  if (docsDir) {
    mkdirSync(docsDir, { recursive: true });
    // JPEG keeps the design notes' pictures small in the repository; the baselines stay PNG.
    await page.screenshot({ path: path.join(docsDir, `${name}.jpg`), type: 'jpeg', quality: 80, fullPage: true, mask });
  }
  await expect(page).toHaveScreenshot(`${name}.png`, { fullPage: true, mask, maxDiffPixelRatio: 0.01 });
}

for (const [size, viewport] of Object.entries(SIZES)) {
  test.describe(`${size} (${viewport.width}×${viewport.height})`, () => {
    test.use({ viewport });

    test('catalog pages: home, category, a simple and a configurable product', async ({ page }) => {
      test.setTimeout(120_000);
      await page.goto('/');
      await capture(page, `home-${size}`);
      await page.goto('/women.html');
      await capture(page, `category-${size}`);
      await page.goto(SIMPLE_PRODUCT);
      await capture(page, `product-${size}`);
      await page.goto(CONFIGURABLE_PRODUCT);
      await capture(page, `configurable-${size}`);
    });

    test('cart and checkout with an item', async ({ page, request }) => {
      const cartId = await cartWith(request, await skuOf(request, SIMPLE_PRODUCT));
      await page.goto('/');
      await page.evaluate((id) => window.localStorage.setItem('vela.cartId', id), cartId);
      await page.goto('/cart');
      await expect(page.getByRole('main').getByRole('link', { name: 'Quill Armchair' }).first()).toBeVisible();
      // The way to free delivery (issue 35), above the items.
      await expect(page.getByTestId('free-delivery')).toBeVisible();
      await capture(page, `cart-${size}`);
      await page.goto('/checkout');
      await expect(page.getByLabel('E-mail address')).toBeVisible();
      await capture(page, `checkout-${size}`);
    });

    test('checkout steps and the confirmation', async ({ page, request }) => {
      test.setTimeout(120_000);
      const cartId = await cartWith(request, await skuOf(request, BOUGHT_PRODUCT));
      await page.goto('/');
      await page.evaluate((id) => window.localStorage.setItem('vela.cartId', id), cartId);
      await page.goto('/checkout');
      await page.getByLabel('E-mail address').fill('visual.shopper@example.com');
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page.getByRole('heading', { level: 2, name: 'Shipping address' })).toBeFocused();
      await capture(page, `checkout-2-address-${size}`);
      await fillUsAddress(page);
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page.getByRole('heading', { level: 2, name: 'Shipping method' })).toBeFocused();
      await capture(page, `checkout-3-shipping-${size}`);
      await page.getByRole('radio').first().check();
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page.getByRole('heading', { level: 2, name: 'Payment' })).toBeFocused();
      await page.getByRole('radio', { name: 'Check / Money order' }).check();
      await capture(page, `checkout-4-payment-${size}`);
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page.getByRole('heading', { level: 2, name: 'Review and place order' })).toBeFocused();
      await capture(page, `checkout-5-review-${size}`);
      await page.getByRole('button', { name: 'Place order' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible();
      // The order number (and the date beside it) changes from run to run.
      await capture(page, `checkout-6-confirmation-${size}`, [page.getByTestId('order-number')]);
    });

    test('account: overview and address book', async ({ page, request }) => {
      const shopper = await shopperWithAddress(request);
      await page.goto('/');
      await signInWithToken(page, shopper.token);
      await page.goto('/account');
      await expect(page.getByText('Hello, Ada!')).toBeVisible();
      // The overview (issue 35): orders, default addresses, wish list and profile.
      await expect(
        page.getByRole('region', { name: 'Default addresses' }).getByText('Austin, TX 78701').first(),
      ).toBeVisible();
      await capture(page, `account-${size}`, [page.getByText(shopper.email)]);
      await page.goto('/account/addresses');
      await expect(page.getByText('Austin, TX 78701')).toBeVisible();
      await expect(page.getByText('10117 Berlin')).toBeVisible();
      await capture(page, `addresses-${size}`);
    });
  });
}
