import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createCommerce, type Commerce } from '@vela/commerce';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chosenCurrency,
  createStoreDirectory,
  prefixOf,
  readStoreDirectory,
  storeForPath,
  type StoreEntry,
} from '../src/storeDirectory';
import type { GraphQLTransport } from '../src/storefrontHandler';

// Which store view a path belongs to and which display currency the shopper's cookie picks:
// the pure rules, then the directory as the embedded commerce API (demo catalog) reports it.

const DEFAULT_STORE: StoreEntry = {
  code: 'default',
  prefix: '',
  isDefault: true,
  locale: 'en_US',
  defaultCurrency: 'USD',
  currencies: ['USD', 'EUR'],
};
const FRENCH_STORE: StoreEntry = {
  code: 'fr',
  prefix: '/fr',
  isDefault: false,
  locale: 'fr_FR',
  defaultCurrency: 'EUR',
  currencies: ['EUR', 'USD'],
};
const STORES = [DEFAULT_STORE, FRENCH_STORE];

describe('prefixOf', () => {
  it('takes the path of a relative or absolute base_link_url, without its trailing slash', () => {
    expect(prefixOf('/fr/')).toBe('/fr');
    expect(prefixOf('/fr')).toBe('/fr');
    expect(prefixOf('https://shop.example/fr/')).toBe('/fr');
    expect(prefixOf('https://shop.example/eu/fr/')).toBe('/eu/fr');
    expect(prefixOf('/fr//')).toBe('/fr');
    // Only the path counts: a query or a fragment is not part of the prefix.
    expect(prefixOf('/fr/?utm=x#top')).toBe('/fr');
  });

  it('gives the site root no prefix', () => {
    expect(prefixOf('/')).toBe('');
    expect(prefixOf('https://shop.example/')).toBe('');
    expect(prefixOf('https://shop.example')).toBe('');
    expect(prefixOf('')).toBe('');
    expect(prefixOf(null)).toBe('');
    expect(prefixOf(undefined)).toBe('');
  });

  it('refuses junk instead of making a prefix of it', () => {
    // Not path segments of letters, digits, - and _.
    expect(prefixOf('/fr fr/')).toBe('');
    expect(prefixOf('/fr.html/')).toBe('');
    expect(prefixOf('/fr%2F../')).toBe('');
    expect(prefixOf('/frànce/')).toBe('');
    // No path at all.
    expect(prefixOf('javascript:alert(1)')).toBe('');
    expect(prefixOf('mailto:shop@example.com')).toBe('');
    // Not a URL: new URL throws.
    expect(prefixOf('http://[::1')).toBe('');
  });
});

describe('storeForPath', () => {
  it('puts the prefix itself and every path under it in that store', () => {
    expect(storeForPath(STORES, '/fr')?.code).toBe('fr');
    expect(storeForPath(STORES, '/fr/')?.code).toBe('fr');
    expect(storeForPath(STORES, '/fr/x.html')?.code).toBe('fr');
    expect(storeForPath(STORES, '/fr/femme/hauts.html')?.code).toBe('fr');
  });

  it('leaves a path that merely starts with the same letters in the default store', () => {
    expect(storeForPath(STORES, '/fred.html')?.code).toBe('default');
    expect(storeForPath(STORES, '/fr.html')?.code).toBe('default');
    expect(storeForPath(STORES, '/french/')?.code).toBe('default');
    // Prefixes are case-sensitive, as the paths the API knows.
    expect(storeForPath(STORES, '/FR/x.html')?.code).toBe('default');
    expect(storeForPath(STORES, '/x/fr/y.html')?.code).toBe('default');
  });

  it('answers the default store for the root, whatever the order of the directory', () => {
    expect(storeForPath(STORES, '/')?.code).toBe('default');
    expect(storeForPath([FRENCH_STORE, DEFAULT_STORE], '/')?.code).toBe('default');
    expect(storeForPath([FRENCH_STORE, DEFAULT_STORE], '/fr/x.html')?.code).toBe('fr');
  });

  it('answers null when there is no directory (backend down) or no default store for the path', () => {
    expect(storeForPath([], '/fr/x.html')).toBeNull();
    expect(storeForPath([FRENCH_STORE], '/x.html')).toBeNull();
  });
});

describe('chosenCurrency', () => {
  const cookie = 'vela_currency';

  it('reads the cookie among others, wherever it stands in the header', () => {
    expect(chosenCurrency(FRENCH_STORE, 'vela_currency=USD', cookie)).toBe('USD');
    expect(chosenCurrency(FRENCH_STORE, 'session=abc; vela_currency=USD; theme=dark', cookie)).toBe('USD');
    expect(chosenCurrency(FRENCH_STORE, 'session=abc;vela_currency=USD', cookie)).toBe('USD');
    expect(chosenCurrency(FRENCH_STORE, 'a=1; b=2; vela_currency=USD', cookie)).toBe('USD');
    expect(chosenCurrency(DEFAULT_STORE, 'a=1; vela_currency=EUR; b=2', cookie)).toBe('EUR');
  });

  it('does not take another cookie whose name ends or starts the same, nor a value that only starts with a code', () => {
    expect(chosenCurrency(FRENCH_STORE, 'old_vela_currency=USD', cookie)).toBeNull();
    expect(chosenCurrency(FRENCH_STORE, 'vela_currency_v2=USD', cookie)).toBeNull();
    expect(chosenCurrency(FRENCH_STORE, 'vela_currency=USDX', cookie)).toBeNull();
    expect(chosenCurrency(FRENCH_STORE, 'x=vela_currency=USD', cookie)).toBeNull();
  });

  it('ignores a currency the store does not offer', () => {
    expect(chosenCurrency(FRENCH_STORE, 'vela_currency=GBP', cookie)).toBeNull();
    expect(chosenCurrency(DEFAULT_STORE, 'vela_currency=JPY', cookie)).toBeNull();
  });

  it("answers null for the store's own default currency (the page is then the store's plain page)", () => {
    expect(chosenCurrency(FRENCH_STORE, 'vela_currency=EUR', cookie)).toBeNull();
    expect(chosenCurrency(DEFAULT_STORE, 'vela_currency=USD', cookie)).toBeNull();
  });

  it('ignores lowercase, garbage, an empty value and no cookie header', () => {
    expect(chosenCurrency(FRENCH_STORE, 'vela_currency=usd', cookie)).toBeNull();
    expect(chosenCurrency(FRENCH_STORE, 'vela_currency=US', cookie)).toBeNull();
    expect(chosenCurrency(FRENCH_STORE, 'vela_currency=<script>', cookie)).toBeNull();
    expect(chosenCurrency(FRENCH_STORE, 'vela_currency=', cookie)).toBeNull();
    expect(chosenCurrency(FRENCH_STORE, '', cookie)).toBeNull();
    expect(chosenCurrency(FRENCH_STORE, null, cookie)).toBeNull();
  });
});

describe('the store directory of the embedded commerce API', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'vela-stores-'));
  let commerce: Commerce;
  // In process, as the server render reaches the embedded API; counts the requests it makes.
  const calls: Array<{ store: string | null; body: string }> = [];
  const transport: GraphQLTransport = {
    uri: 'http://localhost/graphql',
    fetch: async (input, init) => {
      const request = new Request(input, init);
      calls.push({ store: request.headers.get('store'), body: await request.clone().text() });
      return commerce.fetch(request);
    },
  };

  beforeAll(async () => {
    commerce = await createCommerce({
      sqlitePath: path.join(dir, 'vela.db'),
      mailDir: path.join(dir, 'mail'),
      mailWorker: false,
    });
  }, 60_000);
  afterAll(async () => {
    await commerce?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('lists the default store at the root and the French store under /fr, each with its locale and currencies', async () => {
    calls.length = 0;
    const stores = await readStoreDirectory(transport);
    expect([...stores].sort((a, b) => a.code.localeCompare(b.code))).toEqual([DEFAULT_STORE, FRENCH_STORE]);
    // Each store's currencies are asked in that store: the French one with its Store header.
    const currencyCalls = calls.filter((c) => c.body.includes('VelaStoreCurrencies'));
    expect(currencyCalls.map((c) => c.store).sort()).toEqual(['fr', null]);
  });

  it('reads the directory once and serves it from memory for a minute', async () => {
    const directory = createStoreDirectory(() => transport);
    const request = new Request('http://localhost/fr/');
    calls.length = 0;
    const [first, second] = await Promise.all([directory.stores(request), directory.stores(request)]);
    const afterFirst = calls.length;
    expect(afterFirst).toBeGreaterThan(0);
    expect(second).toBe(first);
    expect(await directory.stores(request)).toBe(first);
    // Concurrent and later callers shared the one read.
    expect(calls.length).toBe(afterFirst);
    expect(first.map((s) => s.prefix).sort()).toEqual(['', '/fr']);
  });

  it('answers no stores while the backend cannot answer, and reads again on the next page', async () => {
    let down = true;
    const directory = createStoreDirectory(() => ({
      uri: transport.uri,
      fetch: (input, init) =>
        down
          ? Promise.resolve(new Response('unavailable', { status: 503 }))
          : transport.fetch(input as RequestInfo, init),
    }));
    const request = new Request('http://localhost/');
    expect(await directory.stores(request)).toEqual([]);
    down = false;
    expect((await directory.stores(request)).map((s) => s.code).sort()).toEqual(['default', 'fr']);
  });
});
