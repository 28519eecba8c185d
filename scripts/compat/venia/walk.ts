// A shopper's walk through Venia in Chromium, step by step. Every GraphQL response is read: an
// `errors` entry is a failure, listed with its operation, as is every console error and every
// uncaught page error. Each step ends with a screenshot.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page, type Response } from 'playwright-core';
import type { Failure, StepResult } from '../report';
import { standInBraintree, type BraintreeStandIn } from './braintreeStandIn';

/** The flags /work/shared/toolchain.md lists for Debian's Chromium here. */
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Operations that fail on Magento Open Source as well, with the reason: not counted as failures,
 * listed in the report. Nothing of Vela's may go here.
 */
const EXPECTED_ERRORS: Record<string, string> = {
  experiencePlatformConnectorContext:
    "@magento/experience-platform-connector (a dependency of venia-concept 14.5) asks for Adobe Commerce's data-services and Experience Platform fields (`dataServicesStorefrontInstanceContext`, `experienceConnectorContext`), which neither Magento Open Source nor the PWA metapackage has: a Magento Open Source shop answers the same validation errors, and Venia carries on without its event forwarding",
};

function isLocal(url: string): boolean {
  try {
    return ['localhost', '127.0.0.1'].includes(new URL(url).hostname);
  } catch {
    return true;
  }
}

export type ShopFacts = {
  /** A configurable product's URL key and its option labels. */
  configurable: { urlKey: string; name: string };
  category: { urlPath: string; name: string };
  searchTerm: string;
  coupon: string;
  frenchStoreName: string;
};

export type WalkResult = {
  steps: StepResult[];
  operations: { name: string; count: number; failed: number }[];
  /** What the Braintree stand-in answered in the browser, by host and path. */
  braintreeStandIn: { request: string; count: number }[];
};

/** Where Venia is installed and the tokenization key it was built with, for the Braintree stand-in. */
export type BraintreeWalk = { installDir: string; tokenizationKey: string };

/** `expected`: errors Magento gives in the same place, with the reason (listed, not counted). */
type Step = { name: string; run: (page: Page) => Promise<string>; expected?: { message: RegExp; why: string }[] };

/**
 * Venia's sign-in (peregrine's useSignIn / useCreateAccount) stores the customer's token, clears
 * Apollo's cart data, which makes the mounted cart queries ask again with the guest cart's id,
 * and only then fetches the customer's cart and merges. Magento refuses a customer on a guest
 * cart with this message (Quote GraphQL's GetCartForUser; Magento's own API test
 * testGetSelectedPaymentMethodFromGuestCart expects it), so a Magento shop answers the same.
 */
const SIGN_IN_GUEST_CART_RACE = {
  message: /^The current user cannot perform operations on cart/,
  why: "Venia's sign-in asks for the guest cart once more with the customer's token before it merges; Magento answers the same error (GetCartForUser refuses a customer on a guest cart)",
};

const TIMEOUT_MS = Number(process.env.VELA_COMPAT_TIMEOUT_MS ?? 30_000);

export async function walkVenia(
  veniaUrl: string,
  facts: ShopFacts,
  reportDir: string,
  braintree: BraintreeWalk,
): Promise<WalkResult> {
  mkdirSync(reportDir, { recursive: true });
  const browser: Browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_FLAGS,
  });
  const operations = new Map<string, { count: number; failed: number }>();
  const steps: StepResult[] = [];
  let standIn: BraintreeStandIn | undefined;
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
    context.setDefaultTimeout(TIMEOUT_MS);
    standIn = await standInBraintree(context, braintree.installDir, braintree.tokenizationKey);
    const page = await context.newPage();
    let current: Failure[] = [];
    let notes: Failure[] = [];
    let currentStep: Step | undefined;
    const pending = new Set<Promise<void>>();
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      const source = message.location().url;
      const failure: Failure = {
        kind: 'console',
        operation: page.url(),
        message: `${message.text()} ${source}`.trim(),
      };
      // This machine reaches no host but the registry: Venia's web fonts (Google Fonts) cannot load here.
      if (source && !isLocal(source))
        notes.push({ ...failure, why: 'a third-party host Venia loads from, unreachable from this machine' });
      else current.push(failure);
    });
    page.on('pageerror', (error) => current.push({ kind: 'page', operation: page.url(), message: error.message }));
    page.on('response', (response) => {
      if (!new URL(response.url()).pathname.endsWith('/graphql')) return;
      const read = readGraphqlResponse(response).then((result) => {
        const entry = operations.get(result.operation) ?? { count: 0, failed: 0 };
        entry.count += 1;
        if (result.errors.length > 0) {
          entry.failed += 1;
          for (const message of result.errors) {
            const failure: Failure = { kind: 'graphql', operation: result.operation, message };
            const why =
              EXPECTED_ERRORS[result.operation] ?? currentStep?.expected?.find((e) => e.message.test(message))?.why;
            if (why) notes.push({ ...failure, why });
            else current.push(failure);
          }
        }
        operations.set(result.operation, entry);
      });
      pending.add(read);
      void read.finally(() => pending.delete(read));
    });

    const email = `venia-${Date.now()}@example.com`;
    const password = 'Venia-compat-2026!';
    const walk = shopperSteps(veniaUrl, facts, { email, password });
    for (const [index, step] of walk.entries()) {
      current = [];
      notes = [];
      currentStep = step;
      const started = Date.now();
      const result: StepResult = { name: step.name, ok: false, seconds: 0, detail: '', failures: current, notes };
      console.log(`[compat] step ${index + 1}/${walk.length}: ${step.name}`);
      try {
        result.detail = await step.run(page);
        // Let the step's last requests answer before judging it.
        await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
        await Promise.all([...pending]);
        result.ok = true;
      } catch (error) {
        // Playwright's first line, and the locator it waited for (from its call log).
        const lines = error instanceof Error ? error.message.split('\n') : [String(error)];
        const waited = lines
          .find((line) => line.includes('waiting for'))
          ?.replace(/\u001b\[\d+m/g, '')
          .trim();
        result.error = [lines[0], waited].filter(Boolean).join(' ');
      }
      const file = `${String(index + 1).padStart(2, '0')}-${step.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.png`;
      await page
        .screenshot({ path: path.join(reportDir, file) })
        .then(() => (result.screenshot = file))
        .catch(() => undefined);
      result.failures = current;
      result.notes = notes;
      result.ok = result.ok && current.length === 0;
      result.seconds = Math.round((Date.now() - started) / 100) / 10;
      console.log(
        `[compat]   ${result.ok ? 'pass' : 'FAIL'} in ${result.seconds} s${result.error ? `: ${result.error}` : ''}${current.length ? ` (${current.length} errors)` : ''}`,
      );
      steps.push(result);
    }
  } finally {
    await browser.close();
  }
  return {
    steps,
    operations: [...operations.entries()]
      .map(([name, o]) => ({ name, ...o }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    braintreeStandIn: [...(standIn?.answered ?? new Map<string, number>()).entries()]
      .map(([request, count]) => ({ request, count }))
      .sort((a, b) => a.request.localeCompare(b.request)),
  };
}

async function readGraphqlResponse(response: Response): Promise<{ operation: string; errors: string[] }> {
  const request = response.request();
  const url = new URL(request.url());
  let operation = url.searchParams.get('operationName') ?? '';
  if (!operation) {
    try {
      const body = request.postDataJSON() as { operationName?: string } | null;
      operation = body?.operationName ?? '';
    } catch {
      operation = '';
    }
  }
  operation ||= '(anonymous)';
  try {
    const body = (await response.json()) as { errors?: { message: string }[] };
    return { operation, errors: (body.errors ?? []).map((e) => e.message) };
  } catch {
    return { operation, errors: response.ok() ? [] : [`HTTP ${response.status()}`] };
  }
}

/**
 * An element by its CSS-module class: buildpack names classes `<module>-<local>-<hash>` in
 * production, and Venia's production build strips its `data-cy` test attributes.
 */
const css = (module: string, local: string) => `[class*="${module}-${local}-"]`;
const GALLERY_ITEM = '[class*="gallery-items-"] > div';
/** The first visible match: Venia renders some parts twice (a phone and a desktop header). */
const shown = (page: Page, selector: string) => page.locator(selector).filter({ visible: true }).first();
const OPTION_CHOICE = `${css('tile', 'root')}:not([class*="_outOfStock"]), ${css('swatch', 'root')}:not([class*="_outOfStock"])`;

function shopperSteps(base: string, facts: ShopFacts, account: { email: string; password: string }): Step[] {
  const address = {
    firstName: 'Ada',
    lastName: 'Lovelace',
    street: '1 Market Street',
    city: 'San Francisco',
    region: 'California',
    postcode: '94105',
    telephone: '4155550100',
  };
  let placedOrder = '';
  const addConfigurableToCart = async (page: Page) => {
    await page.goto(`${base}/${facts.configurable.urlKey}.html`);
    const groups = page.locator(css('option', 'root'));
    await groups.first().waitFor();
    for (let i = 0; i < (await groups.count()); i += 1) await groups.nth(i).locator(OPTION_CHOICE).first().click();
    await page.getByRole('button', { name: /Add to Cart/i }).click();
    await shown(page, css('cartTrigger', 'counter')).waitFor();
  };
  /** A guest's address and the first shipping method, up to the payment step. */
  const guestToPayment = async (page: Page, email: string) => {
    await page.goto(`${base}/checkout`);
    const form = shown(page, css('guestForm', 'root'));
    // Venia's own quirk (venia-ui checkoutPage.js): after a guest order it sets localStorage
    // orderCount = 1, and the next guest visit to the checkout is sent home once and resets it.
    // A shopper goes to the checkout again; so does the walk.
    const sentHome = page
      .waitForURL((url) => url.pathname === '/')
      .then(
        () => true,
        () => false,
      );
    const formShown = form.waitFor().then(
      () => false,
      () => false,
    );
    if (await Promise.race([sentHome, formShown])) await page.goto(`${base}/checkout`);
    await form.waitFor();
    await form.locator('input[name="email"]').fill(email);
    await form.locator('input[name="firstname"]').fill(address.firstName);
    await form.locator('input[name="lastname"]').fill(address.lastName);
    await form.locator('input[name="street[0]"]').fill(address.street);
    await form.locator('input[name="city"]').fill(address.city);
    await form.locator('select[name="region[region_id]"]').selectOption({ label: address.region });
    await form.locator('input[name="postcode"]').fill(address.postcode);
    await form.locator('input[name="telephone"]').fill(address.telephone);
    await page.getByRole('button', { name: /Continue to Shipping Method/i }).click();
    await page.getByRole('button', { name: /Continue to Payment Information/i }).click();
  };
  return [
    {
      name: 'Home',
      run: async (page) => {
        await page.goto(base);
        await shown(page, css('header', 'root')).waitFor();
        await page.locator('main').first().waitFor();
        return `header and main content of ${base}`;
      },
    },
    {
      name: 'Category with a filter and a sort',
      run: async (page) => {
        await page.goto(`${base}/${facts.category.urlPath}.html`);
        await page.locator(GALLERY_ITEM).first().waitFor();
        const before = await page.locator(GALLERY_ITEM).count();
        const block = shown(page, css('filterBlock', 'root') + ':has(input[type="checkbox"])');
        const trigger = block.locator('button').first();
        const blockName = (await trigger.innerText()).trim();
        if ((await trigger.getAttribute('aria-expanded')) === 'false') await trigger.click();
        const optionLabel = (await block.locator('label').first().innerText()).trim();
        await block.locator('label').first().click();
        await shown(page, css('currentFilter', 'root')).first().waitFor();
        await shown(page, css('productSort', 'sortButton')).click();
        await page.getByRole('button', { name: 'Price: Low to High' }).click();
        await shown(page, css('productSort', 'sortButton')).filter({ hasText: 'Price: Low to High' }).waitFor();
        await page.locator(GALLERY_ITEM).first().waitFor();
        const prices = await page.locator(`${GALLERY_ITEM} [class*="item-price-"]`).allInnerTexts();
        const numbers = prices.map((p) => Number(p.replace(/[^0-9.]/g, '')));
        if (numbers.some((n, i) => i > 0 && n < numbers[i - 1]!))
          throw new Error(`prices not ascending: ${prices.join(', ')}`);
        return `${facts.category.name}: ${before} products on the first screen; filter ${blockName} = ${optionLabel}; sorted by price ascending (${numbers.length} shown)`;
      },
    },
    {
      name: 'Search',
      run: async (page) => {
        await shown(page, css('searchTrigger', 'root')).click();
        const field = page.locator('input[name="search_query"]').first();
        await field.fill(facts.searchTerm);
        await field.press('Enter');
        await page.waitForURL(/search\.html/);
        await page.locator(GALLERY_ITEM).first().waitFor();
        return `"${facts.searchTerm}": ${await page.locator(GALLERY_ITEM).count()} results on the page`;
      },
    },
    {
      name: 'Configurable product with its options',
      run: async (page) => {
        await page.goto(`${base}/${facts.configurable.urlKey}.html`);
        await shown(page, css('productFullDetail', 'productName')).waitFor();
        const groups = page.locator(css('option', 'root'));
        const count = await groups.count();
        if (count === 0) throw new Error('no option groups shown');
        const chosen: string[] = [];
        for (let i = 0; i < count; i += 1) {
          const group = groups.nth(i);
          const choice = group.locator(OPTION_CHOICE).first();
          await choice.click();
          chosen.push((await group.locator(css('option', 'selection')).innerText()).replace(/\s+/g, ' ').trim());
        }
        return `${facts.configurable.name}: ${chosen.join('; ')}`;
      },
    },
    {
      name: 'Add to cart',
      run: async (page) => {
        await page.getByRole('button', { name: /Add to Cart/i }).click();
        await shown(page, css('cartTrigger', 'counter')).waitFor();
        return `cart counter shows ${(await shown(page, css('cartTrigger', 'counter')).innerText()).trim()}`;
      },
    },
    {
      name: 'Mini cart',
      run: async (page) => {
        await shown(page, css('cartTrigger', 'trigger')).click();
        const items = shown(page, css('miniCart', 'quantity'));
        await items.waitFor();
        const subtotal = (await shown(page, css('miniCart', 'price')).innerText()).trim();
        return `${(await items.innerText()).trim()}, subtotal ${subtotal}`;
      },
    },
    {
      name: 'Cart with a coupon',
      run: async (page) => {
        await shown(page, css('miniCart', 'editCartButton')).click();
        await page.waitForURL(/\/cart/);
        await page.getByRole('button', { name: /Enter Coupon Code/i }).click();
        await page.locator(`input[name="couponCode"]`).fill(facts.coupon);
        await page.getByRole('button', { name: 'Apply', exact: true }).click();
        await shown(page, css('couponCode', 'removeButton')).waitFor();
        return `coupon ${facts.coupon} applied`;
      },
    },
    {
      name: 'Guest checkout with check / money order',
      run: async (page) => {
        await guestToPayment(page, `guest-${account.email}`);
        await page.locator('#paymentMethod--checkmo').check();
        await shown(page, css('checkoutPage', 'review_order_button')).click();
        await shown(page, css('checkoutPage', 'place_order_button')).click();
        const number = shown(page, css('orderConfirmationPage', 'orderNumber'));
        await number.waitFor();
        return (await number.innerText()).trim();
      },
    },
    {
      name: 'Guest checkout with Braintree (Drop-in stand-in, fake gateway)',
      run: async (page) => {
        await addConfigurableToCart(page);
        await guestToPayment(page, `card-${account.email}`);
        await page.locator('#paymentMethod--braintree').check();
        // Drop-in (Venia's own, unchanged) draws one hosted-fields frame per card field; the frames
        // are the stand-in's (braintreeStandIn.ts), at Braintree's address.
        const card = {
          cardholderName: `${address.firstName} ${address.lastName}`,
          number: '4111 1111 1111 1111',
          expirationDate: '12/30',
          cvv: '123',
        };
        for (const [field, value] of Object.entries(card)) {
          const input = page.frameLocator(`iframe[name="braintree-hosted-field-${field}"]`).locator('input');
          await input.fill(value);
        }
        await shown(page, css('checkoutPage', 'review_order_button')).click();
        await shown(page, css('checkoutPage', 'place_order_button')).click();
        const number = shown(page, css('orderConfirmationPage', 'orderNumber'));
        await number.waitFor();
        return `${(await number.innerText()).trim()}, paid by Visa ending in 1111 (nonce fake-valid-nonce)`;
      },
    },
    {
      name: 'Create an account with the guest cart merged',
      run: async (page) => {
        await addConfigurableToCart(page);
        await shown(page, css('accountTrigger', 'trigger')).click();
        await page.getByRole('button', { name: 'Create an Account' }).click();
        await shown(page, 'input[name="customer.firstname"]').fill(address.firstName);
        await shown(page, 'input[name="customer.lastname"]').fill(address.lastName);
        await shown(page, 'input[name="customer.email"]').fill(account.email);
        await shown(page, 'input[name="password"]').fill(account.password);
        await shown(page, css('createAccount', 'submitButton')).click();
        await shown(page, css('accountMenuItems', 'root')).waitFor();
        await page.keyboard.press('Escape');
        const counter = (await shown(page, css('cartTrigger', 'counter')).innerText()).trim();
        if (counter === '' || counter === '0') throw new Error('the guest cart was not merged into the new account');
        return `${account.email}: signed in, cart counter ${counter} after the merge`;
      },
      expected: [SIGN_IN_GUEST_CART_RACE],
    },
    {
      name: 'Sign out and sign in',
      run: async (page) => {
        await page.goto(base);
        await shown(page, css('accountTrigger', 'trigger')).click();
        await shown(page, css('accountMenuItems', 'signOut')).click();
        await shown(page, css('accountTrigger', 'trigger')).filter({ hasText: 'Sign In' }).waitFor();
        await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
        await shown(page, css('accountTrigger', 'trigger')).click();
        const menu = shown(page, css('accountMenu', 'contents_open'));
        await menu.locator('input[name="email"]').fill(account.email);
        await menu.locator('input[name="password"]').fill(account.password);
        await menu.getByRole('button', { name: 'Sign In', exact: true }).click();
        await shown(page, css('accountMenuItems', 'root')).waitFor();
        return `signed in again as ${account.email}`;
      },
      expected: [SIGN_IN_GUEST_CART_RACE],
    },
    {
      name: 'Address book',
      run: async (page) => {
        await page.goto(`${base}/address-book`);
        await shown(page, css('addressBookPage', 'addButton')).click();
        const dialog = shown(page, css('addEditDialog', 'root'));
        await dialog.locator('input[name="firstname"]').fill(address.firstName);
        await dialog.locator('input[name="lastname"]').fill(address.lastName);
        await dialog.locator('input[name="street[0]"]').fill(address.street);
        await dialog.locator('input[name="city"]').fill(address.city);
        await dialog.locator('select[name="region[region_id]"]').selectOption({ label: address.region });
        await dialog.locator('input[name="postcode"]').fill(address.postcode);
        await dialog.locator('input[name="telephone"]').fill(address.telephone);
        await dialog.getByText('Make this my default address').click();
        await page.getByRole('button', { name: 'Save', exact: true }).click();
        await shown(page, css('addressCard', 'root')).first().waitFor();
        return `${await page.locator(css('addressCard', 'root')).count()} address(es) saved`;
      },
    },
    {
      name: 'Signed-in checkout to the default address',
      run: async (page) => {
        await page.goto(`${base}/checkout`);
        // With the default address filled in, Venia may have chosen the shipping method already.
        const toPayment = page.getByRole('button', { name: /Continue to Payment Information/i });
        const checkmo = page.locator('#paymentMethod--checkmo');
        await toPayment.or(checkmo).first().waitFor();
        if (await toPayment.isVisible()) await toPayment.click();
        await checkmo.check();
        await shown(page, css('checkoutPage', 'review_order_button')).click();
        await shown(page, css('checkoutPage', 'place_order_button')).click();
        const number = shown(page, css('orderConfirmationPage', 'orderNumber'));
        await number.waitFor();
        placedOrder = (await number.innerText()).replace(/\D+/g, '');
        return (await number.innerText()).trim();
      },
    },
    {
      name: 'Order history',
      run: async (page) => {
        await page.goto(`${base}/order-history`);
        await shown(page, css('orderHistoryPage', 'root')).getByText('Order History').waitFor();
        if (!placedOrder) return 'order history lists no order';
        const row = shown(page, css('orderRow', 'root')).filter({ hasText: placedOrder });
        await row.waitFor();
        // Venia shows `status` as the API gives it: Magento's label, not the code.
        const status = (await row.locator(css('orderRow', 'orderStatusBadge')).innerText()).trim();
        if (status !== 'Pending')
          throw new Error(`order ${placedOrder} shows status "${status}", Magento's label is "Pending"`);
        return `order history lists order ${placedOrder}, status "${status}"`;
      },
    },
    {
      name: 'Wish list',
      run: async (page) => {
        await page.goto(`${base}/${facts.configurable.urlKey}.html`);
        await page.getByRole('button', { name: 'Add to Favorites' }).click();
        await page.getByText('Added to Favorites').waitFor();
        await page.goto(`${base}/wishlist`);
        await shown(page, css('wishlistItem', 'root')).first().waitFor();
        return `${await page.locator(css('wishlistItem', 'root')).count()} item(s) in the wish list`;
      },
    },
    {
      name: 'French store view',
      run: async (page) => {
        await page.goto(base);
        await shown(page, css('storeSwitcher', 'trigger')).first().click();
        await page.getByText(facts.frenchStoreName, { exact: true }).filter({ visible: true }).first().click();
        await page.waitForLoadState('load');
        await shown(page, css('header', 'root')).waitFor();
        // Venia reloads in the chosen view: its switcher names it, prices are in its currency.
        await shown(page, css('storeSwitcher', 'root'))
          .getByText(facts.frenchStoreName, { exact: true })
          .first()
          .waitFor();
        const currency = (await shown(page, css('currencySwitcher', 'root')).innerText()).replace(/\s+/g, ' ').trim();
        return `switched to ${facts.frenchStoreName}; currency ${currency}`;
      },
    },
  ];
}
