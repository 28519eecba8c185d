import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/createApp';
import { setCurrencyPreference } from '../src/currencyPreference';

// The currency switcher's form (it works without JavaScript): POST /currency sets the shopper's
// choice in a cookie and sends them back to the page they were on, and only to a page of this site.

const ONE_YEAR = 365 * 24 * 60 * 60;

function post(fields: Record<string, string>, url = 'http://localhost/currency'): Request {
  return new Request(url, { method: 'POST', body: new URLSearchParams(fields) });
}

describe('setCurrencyPreference', () => {
  it('sets the currency cookie for the whole site and sends the shopper back with a 303', async () => {
    const response = await setCurrencyPreference(post({ currency: 'EUR', return: '/fr/femme.html?page=2' }), false);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/fr/femme.html?page=2');
    expect(response.headers.get('set-cookie')).toBe(`vela_currency=EUR; Path=/; Max-Age=${ONE_YEAR}; SameSite=Lax`);
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('marks the cookie Secure only when asked (an https shop)', async () => {
    const plain = await setCurrencyPreference(post({ currency: 'USD', return: '/' }), false);
    expect(plain.headers.get('set-cookie')).not.toMatch(/Secure/i);
    const secure = await setCurrencyPreference(post({ currency: 'USD', return: '/' }), true);
    expect(secure.headers.get('set-cookie')).toBe(
      `vela_currency=USD; Path=/; Max-Age=${ONE_YEAR}; SameSite=Lax; Secure`,
    );
  });

  it("keeps another store view's choice in that store's own cookie", async () => {
    const response = await setCurrencyPreference(post({ currency: 'USD', return: '/fr/', store: 'fr' }), false);
    expect(response.status).toBe(303);
    expect(response.headers.get('set-cookie')).toBe(`vela_currency_fr=USD; Path=/; Max-Age=${ONE_YEAR}; SameSite=Lax`);
  });

  it.each([['Fr'], ['fr;x=1'], ['1fr'], ['']])('refuses a store that is not a store code (%s)', async (store) => {
    const response = await setCurrencyPreference(post({ currency: 'USD', return: '/fr/', store }), false);
    expect(response.status).toBe(400);
    expect(response.headers.get('set-cookie')).toBeNull();
  });

  it('also reads a multipart form', async () => {
    const form = new FormData();
    form.set('currency', 'USD');
    form.set('return', '/fr/');
    const response = await setCurrencyPreference(
      new Request('http://localhost/currency', { method: 'POST', body: form }),
      false,
    );
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/fr/');
    expect(response.headers.get('set-cookie')).toMatch(/^vela_currency=USD;/);
  });

  it.each([
    ['lowercase', { currency: 'eur' }],
    ['too long', { currency: 'EURO' }],
    ['too short', { currency: 'EU' }],
    ['empty', { currency: '' }],
    ['missing', {}],
    ['a cookie injection', { currency: 'EUR; Domain=evil.example' }],
    ['markup', { currency: '<b>' }],
  ])('refuses a currency that is not a three-letter code (%s): 400 and no cookie', async (_name, fields) => {
    const response = await setCurrencyPreference(post({ ...fields, return: '/fr/' }), false);
    expect(response.status).toBe(400);
    expect(response.headers.get('set-cookie')).toBeNull();
    expect(response.headers.get('location')).toBeNull();
  });

  it('refuses a body that is not a form: 400 and no cookie', async () => {
    const response = await setCurrencyPreference(
      new Request('http://localhost/currency', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ currency: 'EUR' }),
      }),
      false,
    );
    expect(response.status).toBe(400);
    expect(response.headers.get('set-cookie')).toBeNull();
  });

  it.each([
    ['protocol-relative', '//evil.example'],
    ['protocol-relative with a path', '//evil.example/fr/'],
    ['absolute', 'https://evil.example'],
    ['a scheme', 'javascript:alert(1)'],
    ['backslash', '/\\evil.example'],
    ['backslash later on', '/fr/\\\\evil.example'],
    ['CR/LF (header injection)', '/fr/\r\nSet-Cookie: admin=1'],
    ['LF', '/\n/evil.example'],
    // Browsers drop tabs from URLs: "/<TAB>/evil.example" is followed as "//evil.example".
    ['tab', '/\t/evil.example'],
    ['a NUL', '/fr/\u0000'],
    ['relative', 'fr/femme.html'],
    ['empty', ''],
  ])('keeps the shopper on this site: return path (%s) goes to /', async (_name, returnPath) => {
    const response = await setCurrencyPreference(post({ currency: 'EUR', return: returnPath }), false);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/');
    // The choice itself is still taken.
    expect(response.headers.get('set-cookie')).toMatch(/^vela_currency=EUR;/);
  });

  it('goes to / without a return path', async () => {
    const response = await setCurrencyPreference(post({ currency: 'EUR' }), false);
    expect(response.headers.get('location')).toBe('/');
  });
});

describe('POST /currency in the app', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'vela-currency-'));
  // A build always has its client folder; without one the static handlers would warn at every request.
  mkdirSync(path.join(dir, 'client'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  let rendered = 0;
  const appOn = (publicUrl: string) =>
    createApp({
      graphql: async () => new Response('{}', { headers: { 'content-type': 'application/json' } }),
      ssrTransport: () => ({ uri: 'http://localhost/graphql', fetch }),
      storefront: async () => {
        rendered++;
        return new Response('<html></html>', { headers: { 'Content-Type': 'text/html' } });
      },
      storefrontBuildDir: dir,
      publicUrl,
    });

  it('answers the form itself (no page render), with a Secure cookie on an https shop only', async () => {
    rendered = 0;
    const body = () => new URLSearchParams({ currency: 'USD', return: '/fr/t-shirt-col-rond-kestrel.html' });
    const https = await appOn('https://shop.example').request('/currency', { method: 'POST', body: body() });
    expect(https.status).toBe(303);
    expect(https.headers.get('location')).toBe('/fr/t-shirt-col-rond-kestrel.html');
    expect(https.headers.get('set-cookie')).toMatch(/^vela_currency=USD; Path=\/; .*SameSite=Lax; Secure$/);

    const http = await appOn('http://localhost:3000').request('/currency', { method: 'POST', body: body() });
    expect(http.status).toBe(303);
    expect(http.headers.get('set-cookie')).toMatch(/^vela_currency=USD; Path=\/; .*SameSite=Lax$/);
    expect(rendered).toBe(0);
  });

  it('refuses a bad code through the app too', async () => {
    const response = await appOn('https://shop.example').request('/currency', {
      method: 'POST',
      body: new URLSearchParams({ currency: 'usd', return: '/' }),
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('set-cookie')).toBeNull();
  });
});
