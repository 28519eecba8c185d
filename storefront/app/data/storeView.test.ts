import { afterEach, describe, expect, it } from 'vitest';
import { PERSIST_KEY } from './persistence';
import {
  DEFAULT_STORE_VIEW,
  browserStoreView,
  persistKeySuffix,
  storeGraphqlUri,
  storeHeaders,
  storeViewAttributes,
  type StoreView,
} from './storeView';

// The page's store view and display currency: the API headers they make, the persisted cache key
// they pick, and their trip from the server render (<html data-…>) to the browser.

const FRENCH: StoreView = { code: 'fr', isDefault: false, prefix: '/fr', currency: null };
const FRENCH_IN_DOLLARS: StoreView = { ...FRENCH, currency: 'USD' };
const DEFAULT_IN_EUROS: StoreView = { ...DEFAULT_STORE_VIEW, currency: 'EUR' };

/** An <html> element with exactly the attributes the root layout would render for `view`. */
function rendered(view: StoreView): HTMLElement {
  const root = document.createElement('html');
  for (const [name, value] of Object.entries(storeViewAttributes(view))) root.setAttribute(name, value);
  return root;
}

afterEach(() => {
  for (const name of [...document.documentElement.getAttributeNames()])
    if (name.startsWith('data-')) document.documentElement.removeAttribute(name);
});

describe('storeHeaders', () => {
  it('sends nothing for the default store in its own currency (the API default)', () => {
    expect(storeHeaders(DEFAULT_STORE_VIEW)).toEqual({});
  });

  it('names another store with the Store header, and a chosen currency with Content-Currency', () => {
    expect(storeHeaders(FRENCH)).toEqual({ Store: 'fr' });
    expect(storeHeaders(FRENCH_IN_DOLLARS)).toEqual({ Store: 'fr', 'Content-Currency': 'USD' });
    expect(storeHeaders(DEFAULT_IN_EUROS)).toEqual({ 'Content-Currency': 'EUR' });
  });
});

describe('persistKeySuffix', () => {
  it("keeps the default store's cache under the key it always had", () => {
    expect(persistKeySuffix(DEFAULT_STORE_VIEW)).toBe('');
    expect(PERSIST_KEY + persistKeySuffix(DEFAULT_STORE_VIEW)).toBe('vela-apollo-cache');
  });

  it('gives every other store and currency pair a key of its own', () => {
    const keys = [FRENCH, FRENCH_IN_DOLLARS, DEFAULT_IN_EUROS, DEFAULT_STORE_VIEW].map(
      (view) => PERSIST_KEY + persistKeySuffix(view),
    );
    expect(keys).toEqual([
      'vela-apollo-cache:fr',
      'vela-apollo-cache:fr:USD',
      'vela-apollo-cache:default:EUR',
      'vela-apollo-cache',
    ]);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('storeViewAttributes and browserStoreView', () => {
  it('renders the attributes the browser reads', () => {
    expect(storeViewAttributes(DEFAULT_STORE_VIEW)).toEqual({
      'data-store': 'default',
      'data-store-prefix': '',
      'data-default-store': '',
    });
    expect(storeViewAttributes(FRENCH_IN_DOLLARS)).toEqual({
      'data-store': 'fr',
      'data-store-prefix': '/fr',
      'data-currency': 'USD',
    });
  });

  it.each([
    ['the default store', DEFAULT_STORE_VIEW],
    ['the default store in euros', DEFAULT_IN_EUROS],
    ['the French store', FRENCH],
    ['the French store in dollars', FRENCH_IN_DOLLARS],
  ])('reads back %s exactly as the server rendered it', (_name, view) => {
    expect(browserStoreView(rendered(view))).toEqual(view);
  });

  it('reads the page itself by default', () => {
    for (const [name, value] of Object.entries(storeViewAttributes(FRENCH_IN_DOLLARS)))
      document.documentElement.setAttribute(name, value);
    expect(browserStoreView()).toEqual(FRENCH_IN_DOLLARS);
    expect(storeHeaders(browserStoreView())).toEqual({ Store: 'fr', 'Content-Currency': 'USD' });
  });

  it('takes a page without store attributes (an older cached page) as the default store', () => {
    expect(browserStoreView(document.createElement('html'))).toEqual(DEFAULT_STORE_VIEW);
    expect(browserStoreView()).toEqual(DEFAULT_STORE_VIEW);
  });
});

describe('storeGraphqlUri (issue 33)', () => {
  it('names the store and currency in the URL exactly when the headers do, so a CDN keyed on URLs keeps them apart', () => {
    expect(storeGraphqlUri('/graphql', DEFAULT_STORE_VIEW)).toBe('/graphql');
    expect(storeGraphqlUri('/graphql', FRENCH)).toBe('/graphql?store=fr');
    expect(storeGraphqlUri('/graphql', FRENCH_IN_DOLLARS)).toBe('/graphql?store=fr&currency=USD');
    expect(storeGraphqlUri('https://magento.example/graphql', DEFAULT_IN_EUROS)).toBe(
      'https://magento.example/graphql?currency=EUR',
    );
    expect(storeGraphqlUri('/graphql?a=1', FRENCH)).toBe('/graphql?a=1&store=fr');
  });
});
