import { type Page, expect, test } from './fixtures';

// A shopper's first visit is set in the brand typeface (issue 35, point 17): a fresh browser (no
// service worker, no cache) loads Figtree from the server-rendered stylesheet, draws the page's
// heading and a product name with it, and the swap from the metric-matched fallback shifts nothing.

const PAGES = [
  { name: 'home', path: '/' },
  { name: 'category', path: '/women/tops.html' },
  { name: 'product', path: '/kestrel-crew-tee.html' },
];

const VIEWPORTS = [
  { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  { name: 'desktop', viewport: { width: 1280, height: 900 }, isMobile: false, hasTouch: false },
];

/** The faces the browser drew `selector`'s first element with, as Chromium reports them. */
async function platformFonts(page: Page, selector: string): Promise<{ familyName: string; isCustomFont: boolean }[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
    if (!nodeId) throw new Error(`${page.url()} has no ${selector}`);
    const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
    return fonts;
  } finally {
    await cdp.detach();
  }
}

for (const device of VIEWPORTS) {
  test.describe(`first visit on a ${device.name}`, () => {
    test.use({ viewport: device.viewport, isMobile: device.isMobile, hasTouch: device.hasTouch });

    for (const { name, path } of PAGES) {
      test(`${name} is drawn in the brand font`, async ({ page }) => {
        // Every layout shift from the first byte on, the font swap's included.
        await page.addInitScript(() => {
          const shifts: number[] = [];
          (window as unknown as { __shifts: number[] }).__shifts = shifts;
          // Whether a service worker served this page (it may take control later, once installed).
          (window as unknown as { __controlled: boolean }).__controlled = navigator.serviceWorker?.controller != null;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) shifts.push(entry.value);
          }).observe({ type: 'layout-shift', buffered: true });
        });
        await page.goto(path);
        await page.evaluate(() => document.fonts.ready.then(() => undefined));

        const state = await page.evaluate(() => ({
          // A first visit: nothing the service worker cached can have helped.
          controlled: (window as unknown as { __controlled: boolean }).__controlled,
          figtree: (() => {
            const statuses: string[] = [];
            document.fonts.forEach((face) => {
              if (face.family.replace(/["']/g, '') === 'Figtree Variable') statuses.push(face.status);
            });
            return statuses;
          })(),
          bodyFamily: getComputedStyle(document.body).fontFamily,
          checked:
            document.fonts.check('700 16px "Figtree Variable"') && document.fonts.check('16px "Figtree Variable"'),
          shift: (window as unknown as { __shifts: number[] }).__shifts.reduce((sum, value) => sum + value, 0),
        }));
        expect(state.controlled).toBe(false);
        expect(state.bodyFamily).toMatch(/^"?Figtree Variable"?,/);
        expect(state.figtree).toContain('loaded');
        expect(state.checked).toBe(true);
        expect(state.shift).toBeLessThan(0.01);

        const heading = await platformFonts(page, 'h1');
        expect(heading.some((font) => font.isCustomFont && /figtree/i.test(font.familyName))).toBe(true);
        // Body text too: the first element in main with words of its own, at the regular weight.
        await page.evaluate(() => {
          const walker = document.createTreeWalker(
            document.querySelector('main') ?? document.body,
            NodeFilter.SHOW_TEXT,
          );
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const element = node.parentElement;
            if (!node.textContent?.trim() || !element || element.closest('h1')) continue;
            if (Number(getComputedStyle(element).fontWeight) >= 600) continue;
            element.dataset.fontProbe = '';
            return;
          }
        });
        const bodyText = await platformFonts(page, '[data-font-probe]');
        expect(bodyText.some((font) => font.isCustomFont && /figtree/i.test(font.familyName))).toBe(true);
      });
    }
  });
}
