import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORE_PREFIX_HEADER, pathInStore, storeBaseUrl, storePrefixOf } from './storePrefix';
import { storeViewAttributes } from './storeView';

// Loaders see the full request URL (/fr/femme.html); these helpers give them the path inside the
// store and the base of the store's pages. On the server the prefix comes from the header the
// server sets; in the browser from the page's <html data-store-prefix>.

const request = (url: string, prefix?: string) =>
  new Request(url, { headers: prefix === undefined ? {} : { [STORE_PREFIX_HEADER]: prefix } });

function pageInStore(prefix: string) {
  const view = { code: prefix ? 'fr' : 'default', isDefault: !prefix, prefix, currency: null };
  for (const [name, value] of Object.entries(storeViewAttributes(view)))
    document.documentElement.setAttribute(name, value);
}

afterEach(() => {
  vi.unstubAllEnvs();
  for (const name of [...document.documentElement.getAttributeNames()])
    if (name.startsWith('data-')) document.documentElement.removeAttribute(name);
});

describe('on the server', () => {
  it('reads the prefix from the header the server set', () => {
    vi.stubEnv('SSR', true);
    // The page's attributes do not count on the server.
    pageInStore('/elsewhere');
    expect(storePrefixOf(request('https://shop.example/fr/femme.html', '/fr'))).toBe('/fr');
    expect(storePrefixOf(request('https://shop.example/femme.html', ''))).toBe('');
    expect(storePrefixOf(request('https://shop.example/femme.html'))).toBe('');
  });

  it('takes the prefix off the path, and only a whole prefix', () => {
    vi.stubEnv('SSR', true);
    expect(pathInStore(request('https://shop.example/fr/femme.html', '/fr'))).toBe('/femme.html');
    expect(pathInStore(request('https://shop.example/fr/femme/hauts.html?page=2', '/fr'))).toBe('/femme/hauts.html');
    expect(pathInStore(request('https://shop.example/fr/', '/fr'))).toBe('/');
    expect(pathInStore(request('https://shop.example/fr', '/fr'))).toBe('/');
    // Not under the prefix: left as it is.
    expect(pathInStore(request('https://shop.example/fred.html', '/fr'))).toBe('/fred.html');
    expect(pathInStore(request('https://shop.example/women.html', '/fr'))).toBe('/women.html');
    // The default store has no prefix to take off.
    expect(pathInStore(request('https://shop.example/fr/femme.html', ''))).toBe('/fr/femme.html');
    expect(pathInStore(request('https://shop.example/women.html'))).toBe('/women.html');
  });

  it("bases the store's page addresses on the request origin and the prefix", () => {
    vi.stubEnv('SSR', true);
    expect(storeBaseUrl(request('https://shop.example/fr/femme.html', '/fr'))).toBe('https://shop.example/fr');
    expect(storeBaseUrl(request('https://shop.example/women.html', ''))).toBe('https://shop.example');
    expect(`${storeBaseUrl(request('https://shop.example/fr/femme.html?x=1', '/fr'))}/femme.html`).toBe(
      'https://shop.example/fr/femme.html',
    );
  });
});

describe('in the browser', () => {
  it("reads the prefix from the page, not from a header (the browser's requests have none)", () => {
    vi.stubEnv('SSR', false);
    pageInStore('/fr');
    const clientRequest = request('https://shop.example/fr/femme.html', '/spoofed');
    expect(storePrefixOf(clientRequest)).toBe('/fr');
    expect(pathInStore(clientRequest)).toBe('/femme.html');
    expect(storeBaseUrl(clientRequest)).toBe('https://shop.example/fr');
  });

  it('on a default store page, leaves paths as they are', () => {
    vi.stubEnv('SSR', false);
    pageInStore('');
    expect(storePrefixOf(request('https://shop.example/fr/femme.html'))).toBe('');
    expect(pathInStore(request('https://shop.example/fr/femme.html'))).toBe('/fr/femme.html');
    expect(storeBaseUrl(request('https://shop.example/women.html'))).toBe('https://shop.example');
  });
});
