import { createHash } from 'node:crypto';
import { expect, test } from './fixtures';

// The Content-Security-Policy allows only the shop's own script files and the inline scripts the
// server render emitted: with this response's nonce on a page of the shopper's own (the cart), by
// their SHA-256 on a page any shopper may be given from a cache (home, catalog; issue 33). The
// page must still hydrate from the inline Apollo state, show its images and install the service
// worker, with no violation reported.

/** deferScripts.ts inserts the module script from a JSON string in an inline script. */
function inlineScriptTexts(html: string): string[] {
  const texts: string[] = [];
  for (const [, attributes = '', text = ''] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    if (attributes.includes('src=') || attributes.includes('type="application/ld+json"')) continue;
    texts.push(text);
    for (const [, json = '""'] of text.matchAll(/\.textContent=("(?:[^"\\]|\\.)*")/g))
      texts.push(JSON.parse(json) as string);
  }
  return texts;
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

test('pages work under the Content-Security-Policy: inline state, images, service worker, no violations', async ({
  page,
}) => {
  const violations: string[] = [];
  await page.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      void (window as unknown as { reportCspViolation: (text: string) => Promise<void> }).reportCspViolation(
        `${event.violatedDirective} ${event.blockedURI}`,
      );
    });
  });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });

  // The cart is the shopper's own: a nonce made for this one answer, on every inline script (the
  // browser hides its value from the DOM). JSON-LD blocks are data, never run.
  const cart = await page.request.get('/cart');
  const cartCsp = cart.headers()['content-security-policy'] ?? '';
  const nonce = /'nonce-([^']+)'/.exec(cartCsp)?.[1];
  expect(nonce).toBeTruthy();
  const cartScripts = [...(await cart.text()).matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)]
    .map((match) => match[1] ?? '')
    .filter((attributes) => !attributes.includes('type="application/ld+json"'));
  expect(cartScripts.length).toBeGreaterThan(0);
  for (const attributes of cartScripts) expect(attributes).toContain(`nonce="${nonce}"`);

  // The home page may come from a cache: no nonce, the hash of each of its inline scripts. The
  // browser loads it twice, rendered afresh (or kept by an earlier test) and then from the cache.
  for (const visit of [1, 2]) {
    const response = await page.goto('/');
    const headers = response!.headers();
    const csp = headers['content-security-policy'] ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(csp).not.toContain("'nonce-");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    if (visit === 2) expect(headers['x-page-cache']).toBe('HIT');
    const scriptSources = /script-src ([^;]*)/.exec(csp)![1]!.split(' ');
    const texts = inlineScriptTexts(await response!.text());
    expect(texts.length).toBeGreaterThan(2);
    for (const text of texts) expect(scriptSources).toContain(sha256(text));
  }

  // The inline Apollo state ran, and the app hydrated (a client-side navigation works).
  expect(await page.evaluate(() => typeof (window as unknown as { __APOLLO_STATE__?: unknown }).__APOLLO_STATE__)).toBe(
    'object',
  );
  await page.waitForFunction(() => navigator.serviceWorker?.controller?.state === 'activated', null, {
    timeout: 20_000,
  });

  const categoryLink = page.locator('main a[href$=".html"]:visible').first();
  const href = await categoryLink.getAttribute('href');
  await categoryLink.click();
  await expect(page).toHaveURL(new RegExp(`${(href ?? '').replace(/\./g, '\\.')}$`));
  const image = page.locator('main img').first();
  await expect(image).toBeVisible();
  await expect
    .poll(() =>
      image.evaluate(
        (element) => (element as HTMLImageElement).complete && (element as HTMLImageElement).naturalWidth > 0,
      ),
    )
    .toBe(true);

  expect(violations).toEqual([]);
});
