import { expect, test } from './fixtures';

// The Content-Security-Policy allows only the shop's own script files and the inline scripts the
// server render emitted with this response's nonce. The page must still hydrate from the inline
// Apollo state, show its images and install the service worker, with no violation reported.

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

  const response = await page.goto('/');
  const headers = response!.headers();
  const csp = headers['content-security-policy'] ?? '';
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  expect(nonce).toBeTruthy();
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');

  // Every inline script in the document carries the nonce (the browser hides its value from the DOM).
  // JSON-LD blocks are data, never run, so the policy does not apply to them.
  const html = await response!.text();
  const inlineScripts = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)]
    .map((match) => match[1] ?? '')
    .filter((attributes) => !attributes.includes('type="application/ld+json"'));
  expect(inlineScripts.length).toBeGreaterThan(0);
  for (const attributes of inlineScripts) expect(attributes).toContain(`nonce="${nonce}"`);

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
