import { test as base, type Page, type Response } from '@playwright/test';

export { expect } from '@playwright/test';
export type { APIRequestContext, BrowserContext, Locator, Page } from '@playwright/test';

/**
 * The storefront starts its JavaScript only after the first paint (storefront/app/layout/
 * deferScripts.ts): until then links and forms work, but buttons that need React do not. A
 * journey that drives those waits, after each full page load, until the document says React has
 * hydrated it (`html[data-hydrated]`); pages without React (the offline page) do not wait.
 */
async function hydrated(page: Page, response: Response | null): Promise<Response | null> {
  await page.waitForFunction(
    () =>
      !(window as unknown as { __reactRouterContext?: unknown }).__reactRouterContext ||
      document.documentElement.dataset.hydrated === 'true',
    null,
    { timeout: 20_000 },
  );
  return response;
}

/**
 * Waits until every finite animation on the page has finished. Drawers, modals and toasts slide
 * and fade in (about 0.2 s); axe measures contrast against what is behind an element at that
 * moment, so a scan during the animation reports colours no one sees once it has settled.
 * Spinners run forever and are left out.
 */
export async function animationsSettled(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        // A cancelled animation (its element went) rejects `finished`: nothing left to wait for.
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

let journeys = 0;

export const test = base.extend({
  /**
   * API calls come from an address of each journey's own (the shop under test trusts
   * `X-Forwarded-For`, as behind a proxy: TRUST_PROXY in playwright.config.ts), so the accounts
   * journeys make for their set-up do not add up to the shop's per-address limit of new accounts
   * (10 an hour) and starve the journeys that sign up in the browser, which stay on 127.0.0.1.
   */
  request: async ({ playwright, baseURL }, use) => {
    journeys += 1;
    const address = `10.${process.pid % 250}.${Math.floor(journeys / 250) % 250}.${(journeys % 250) + 1}`;
    const request = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'X-Forwarded-For': address } });
    await use(request);
    await request.dispose();
  },
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) {
      const goto = page.goto.bind(page);
      page.goto = async (url, options) => hydrated(page, await goto(url, options));
      const reload = page.reload.bind(page);
      page.reload = async (options) => hydrated(page, await reload(options));
    }
    await use(page);
  },
});
