// A shopper's walk through Venia in Chromium, step by step. Every GraphQL response is read: an
// `errors` entry is a failure, listed with its operation, as is every console error and every
// uncaught page error. Each step ends with a screenshot.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page, type Response } from 'playwright-core';
import type { Failure, StepResult } from '../report';

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

export type ShopFacts = {
  /** A configurable product's URL key and its option labels. */
  configurable: { urlKey: string; name: string };
  category: { urlPath: string; name: string };
  searchTerm: string;
  coupon: string;
  frenchStoreName: string;
};

export type WalkResult = { steps: StepResult[]; operations: { name: string; count: number; failed: number }[] };

type Step = { name: string; run: (page: Page) => Promise<string> };

const TIMEOUT_MS = 30_000;

export async function walkVenia(veniaUrl: string, facts: ShopFacts, reportDir: string): Promise<WalkResult> {
  mkdirSync(reportDir, { recursive: true });
  const browser: Browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_FLAGS,
  });
  const operations = new Map<string, { count: number; failed: number }>();
  const steps: StepResult[] = [];
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
    context.setDefaultTimeout(TIMEOUT_MS);
    const page = await context.newPage();
    let current: Failure[] = [];
    const pending = new Set<Promise<void>>();
    page.on('console', (message) => {
      if (message.type() === 'error') current.push({ kind: 'console', operation: page.url(), message: message.text() });
    });
    page.on('pageerror', (error) => current.push({ kind: 'page', operation: page.url(), message: error.message }));
    page.on('response', (response) => {
      if (!new URL(response.url()).pathname.endsWith('/graphql')) return;
      const read = readGraphqlResponse(response).then((result) => {
        const entry = operations.get(result.operation) ?? { count: 0, failed: 0 };
        entry.count += 1;
        if (result.errors.length > 0) {
          entry.failed += 1;
          for (const message of result.errors) current.push({ kind: 'graphql', operation: result.operation, message });
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
      const started = Date.now();
      const result: StepResult = { name: step.name, ok: false, seconds: 0, detail: '', failures: current };
      console.log(`[compat] step ${index + 1}/${walk.length}: ${step.name}`);
      try {
        result.detail = await step.run(page);
        // Let the step's last requests answer before judging it.
        await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
        await Promise.all([...pending]);
        result.ok = true;
      } catch (error) {
        result.error = error instanceof Error ? error.message.split('\n')[0] : String(error);
      }
      const file = `${String(index + 1).padStart(2, '0')}-${step.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.png`;
      await page
        .screenshot({ path: path.join(reportDir, file) })
        .then(() => (result.screenshot = file))
        .catch(() => undefined);
      result.failures = current;
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

const cy = (name: string) => `[data-cy="${name}"]`;

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
  return [
    {
      name: 'Home',
      run: async (page) => {
        await page.goto(base);
        await page.locator(cy('Header-root')).waitFor();
        await page.locator('main').first().waitFor();
        return `header and main content of ${base}`;
      },
    },
    {
      name: 'Category with a filter and a sort',
      run: async (page) => {
        await page.goto(`${base}/${facts.category.urlPath}.html`);
        await page.locator(cy('GalleryItem-root')).first().waitFor();
        const before = await page.locator(cy('GalleryItem-root')).count();
        const block = page.locator(cy('FilterBlock-root')).first();
        const blockName = (await block.locator(cy('FilterBlock-triggerButton')).innerText()).trim();
        const checkbox = block.locator(cy('FilterDefault-checkbox')).first();
        if (!(await checkbox.isVisible())) await block.locator(cy('FilterBlock-triggerButton')).click();
        const optionLabel = (await block.locator('label').first().innerText()).trim();
        await block.locator('label').first().click();
        await page.locator(cy('CurrentFilter-root')).first().waitFor();
        await page.locator(cy('ProductSort-sortButton')).click();
        await page.getByRole('button', { name: 'Price: Low to High' }).click();
        await page.waitForURL(/product_list_order=price/);
        await page.locator(cy('GalleryItem-root')).first().waitFor();
        const prices = await page.locator(cy('GalleryItem-price')).allInnerTexts();
        const numbers = prices.map((p) => Number(p.replace(/[^0-9.]/g, '')));
        if (numbers.some((n, i) => i > 0 && n < numbers[i - 1]!))
          throw new Error(`prices not ascending: ${prices.join(', ')}`);
        return `${facts.category.name}: ${before} products; filter ${blockName} = ${optionLabel}; sorted by price ascending (${numbers.length} shown)`;
      },
    },
    {
      name: 'Search',
      run: async (page) => {
        await page.locator(cy('SearchTrigger-button')).click();
        const field = page.locator(`${cy('SearchField-textInput')}, input[name="search_query"]`).first();
        await field.fill(facts.searchTerm);
        await field.press('Enter');
        await page.waitForURL(/search\.html/);
        await page.locator(cy('GalleryItem-root')).first().waitFor();
        return `"${facts.searchTerm}": ${await page.locator(cy('GalleryItem-root')).count()} results on the page`;
      },
    },
    {
      name: 'Configurable product with its options',
      run: async (page) => {
        await page.goto(`${base}/${facts.configurable.urlKey}.html`);
        await page.locator(cy('ProductFullDetail-productName')).waitFor();
        const groups = page.locator(cy('ProductOptions-Option-root'));
        const count = await groups.count();
        if (count === 0) throw new Error('no option groups shown');
        const chosen: string[] = [];
        for (let i = 0; i < count; i += 1) {
          const group = groups.nth(i);
          const choice = group
            .locator(`${cy('Tile-button')}:not([disabled]), ${cy('Swatch-root')}:not([disabled])`)
            .first();
          await choice.click();
          chosen.push((await group.locator(cy('ProductOptions-Option-selectedLabel')).innerText()).trim());
        }
        return `${facts.configurable.name}: ${chosen.join('; ')}`;
      },
    },
    {
      name: 'Add to cart',
      run: async (page) => {
        await page.locator(cy('ProductFullDetail-addToCartButton')).click();
        await page.locator(cy('CartTrigger-counter')).waitFor();
        return `cart counter shows ${(await page.locator(cy('CartTrigger-counter')).innerText()).trim()}`;
      },
    },
    {
      name: 'Mini cart',
      run: async (page) => {
        await page.locator(cy('CartTrigger-trigger')).click();
        await page.locator(cy('MiniCart-Item-root')).first().waitFor();
        const subtotal = (await page.locator(cy('MiniCart-subtotalPrice')).innerText()).trim();
        return `${await page.locator(cy('MiniCart-Item-root')).count()} line(s), subtotal ${subtotal}`;
      },
    },
    {
      name: 'Cart with a coupon',
      run: async (page) => {
        await page.locator(cy('Minicart-editCartButton')).click();
        await page.waitForURL(/\/cart/);
        await page.locator(cy('PriceAdjustments-couponCodeSection')).click();
        await page.locator(`input[name="couponCode"]`).fill(facts.coupon);
        await page.locator(cy('CouponCode-submit')).click();
        await page.locator(cy('CouponCode-removeCouponButton')).waitFor();
        return `coupon ${facts.coupon} applied`;
      },
    },
    {
      name: 'Guest checkout with check / money order',
      run: async (page) => {
        await page.goto(`${base}/checkout`);
        await page.locator(cy('GuestForm-root')).waitFor();
        await page.locator('input[name="email"]').fill(`guest-${account.email}`);
        await page.locator('input[name="firstname"]').fill(address.firstName);
        await page.locator('input[name="lastname"]').fill(address.lastName);
        await page.locator('input[name="street[0]"]').fill(address.street);
        await page.locator('input[name="city"]').fill(address.city);
        await page.locator('select[name="region[region_id]"]').selectOption({ label: address.region });
        await page.locator('input[name="postcode"]').fill(address.postcode);
        await page.locator('input[name="telephone"]').fill(address.telephone);
        await page.locator(cy('GuestForm-submitButton')).click();
        await page.locator(cy('ShippingMethod-submitButton')).click();
        await page.locator('#paymentMethod--checkmo').check();
        await page.locator(cy('CheckoutPage-reviewOrderButton')).click();
        await page.locator(cy('CheckoutPage-placeOrderButton')).click();
        const number = page.locator(cy('OrderConfirmationPage-orderNumber'));
        await number.waitFor();
        return (await number.innerText()).trim();
      },
    },
    {
      name: 'Create an account with the guest cart merged',
      run: async (page) => {
        await page.goto(`${base}/${facts.configurable.urlKey}.html`);
        const groups = page.locator(cy('ProductOptions-Option-root'));
        await groups.first().waitFor();
        for (let i = 0; i < (await groups.count()); i += 1)
          await groups
            .nth(i)
            .locator(`${cy('Tile-button')}:not([disabled]), ${cy('Swatch-root')}:not([disabled])`)
            .first()
            .click();
        await page.locator(cy('ProductFullDetail-addToCartButton')).click();
        await page.locator(cy('CartTrigger-counter')).waitFor();
        await page.locator(cy('AccountTrigger-trigger')).click();
        await page.locator(cy('CreateAccount-initiateButton')).click();
        await page.locator(cy('CreateAccount-form')).waitFor();
        await page.locator('input[name="customer.firstname"]').fill(address.firstName);
        await page.locator('input[name="customer.lastname"]').fill(address.lastName);
        await page.locator('input[name="customer.email"]').fill(account.email);
        await page.locator('input[name="password"]').fill(account.password);
        await page.locator(cy('CreateAccount-submitButton')).click();
        await page.locator(cy('AccountMenuItems-root')).waitFor();
        await page.keyboard.press('Escape');
        const counter = (await page.locator(cy('CartTrigger-counter')).innerText()).trim();
        if (counter === '' || counter === '0') throw new Error('the guest cart was not merged into the new account');
        return `${account.email}: signed in, cart counter ${counter} after the merge`;
      },
    },
    {
      name: 'Sign out and sign in',
      run: async (page) => {
        await page.goto(base);
        await page.locator(cy('AccountTrigger-trigger')).click();
        await page.locator(cy('AccountMenuItems-signOut')).click();
        await page.locator(cy('AccountTrigger-trigger')).click();
        await page.locator('input[name="email"]').fill(account.email);
        await page.locator('input[name="password"]').fill(account.password);
        await page.locator(`${cy('SignIn-form')} button[type="submit"]`).click();
        await page.locator(cy('AccountMenuItems-root')).waitFor();
        return `signed in again as ${account.email}`;
      },
    },
    {
      name: 'Address book',
      run: async (page) => {
        await page.goto(`${base}/address-book`);
        await page.locator(cy('AddressBookPage-addButton')).click();
        const dialog = page.locator(cy('AddEditDialog-root'));
        await dialog.locator('input[name="firstname"]').fill(address.firstName);
        await dialog.locator('input[name="lastname"]').fill(address.lastName);
        await dialog.locator('input[name="street[0]"]').fill(address.street);
        await dialog.locator('input[name="city"]').fill(address.city);
        await dialog.locator('select[name="region[region_id]"]').selectOption({ label: address.region });
        await dialog.locator('input[name="postcode"]').fill(address.postcode);
        await dialog.locator('input[name="telephone"]').fill(address.telephone);
        await dialog.getByRole('button', { name: 'Save' }).click();
        await page.locator(cy('addressCard-root')).first().waitFor();
        return `${await page.locator(cy('addressCard-root')).count()} address(es) saved`;
      },
    },
    {
      name: 'Order history',
      run: async (page) => {
        await page.goto(`${base}/order-history`);
        await page.getByRole('heading', { name: /Order History/i }).waitFor();
        return `order history page (${await page.locator(cy('OrderHistoryPage-orderHistoryTable')).count()} table)`;
      },
    },
    {
      name: 'Wish list',
      run: async (page) => {
        await page.goto(`${base}/${facts.configurable.urlKey}.html`);
        await page.getByRole('button', { name: 'Add to Favorites' }).click();
        await page.getByRole('button', { name: 'Added to Favorites' }).waitFor();
        await page.goto(`${base}/wishlist`);
        await page.locator(cy('wishlistItem-root')).first().waitFor();
        return `${await page.locator(cy('wishlistItem-root')).count()} item(s) in the wish list`;
      },
    },
    {
      name: 'French store view',
      run: async (page) => {
        await page.goto(base);
        await page.locator(cy('StoreSwitcher-triggerButton')).first().click();
        await page.locator(cy('SwitcherItem-button')).filter({ hasText: facts.frenchStoreName }).first().click();
        await page.waitForLoadState('load');
        await page.locator(cy('Header-root')).waitFor();
        await page
          .locator(cy('StoreSwitcher-triggerButton'))
          .filter({ hasText: facts.frenchStoreName })
          .first()
          .waitFor();
        return `switched to ${facts.frenchStoreName}`;
      },
    },
  ];
}
