import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApolloClient } from '../../data/createApolloClient';
import { sendJson, startGraphqlTestServer, type GraphqlTestServer } from '../../../test/graphqlTestServer';
import { loadStoreChoices, storePrefixOfLink } from './storeChoices';

describe('storePrefixOfLink', () => {
  it("takes the path of another store's relative or absolute base_link_url", () => {
    expect(storePrefixOfLink('/fr/', false)).toBe('/fr');
    expect(storePrefixOfLink('/fr', false)).toBe('/fr');
    expect(storePrefixOfLink('https://shop.example/fr/', false)).toBe('/fr');
    expect(storePrefixOfLink('https://shop.example/eu/fr/', false)).toBe('/eu/fr');
    expect(storePrefixOfLink('/fr/?from=menu', false)).toBe('/fr');
  });

  it('gives the default store no prefix, whatever its base_link_url says', () => {
    expect(storePrefixOfLink('/', true)).toBe('');
    expect(storePrefixOfLink('https://shop.example/', true)).toBe('');
    expect(storePrefixOfLink('/en/', true)).toBe('');
  });

  it('gives the root, nothing and junk no prefix', () => {
    expect(storePrefixOfLink('/', false)).toBe('');
    expect(storePrefixOfLink('https://shop.example/', false)).toBe('');
    expect(storePrefixOfLink(null, false)).toBe('');
    expect(storePrefixOfLink(undefined, false)).toBe('');
    expect(storePrefixOfLink('', false)).toBe('');
    expect(storePrefixOfLink('/fr fr/', false)).toBe('');
    expect(storePrefixOfLink('/fr.html', false)).toBe('');
    expect(storePrefixOfLink('javascript:alert(1)', false)).toBe('');
    expect(storePrefixOfLink('http://[::1', false)).toBe('');
  });
});

// A scripted GraphQL endpoint over real HTTP: these tests are about what the switcher keeps of
// the API's answer, not about the API.
describe('loadStoreChoices', () => {
  let server: GraphqlTestServer;
  beforeAll(async () => {
    server = await startGraphqlTestServer();
  });
  afterAll(() => server.close());
  const client = () => createApolloClient({ uri: server.uri, reportError: () => undefined });
  const store = (fields: Record<string, unknown>) => ({
    __typename: 'StoreConfig',
    store_code: 'fr',
    locale: 'fr_FR',
    base_link_url: '/fr/',
    is_default_store: false,
    ...fields,
  });

  it('offers the stores that have an address and the currencies of this store', async () => {
    server.respondWith((_request, response) =>
      sendJson(response, 200, {
        data: {
          availableStores: [
            store({ store_code: 'default', locale: 'en_US', base_link_url: '/', is_default_store: true }),
            store({}),
            // Another store at the root would be the default store's address: not linkable.
            store({ store_code: 'de', locale: 'de_DE', base_link_url: '/' }),
            store({ store_code: 'nolocale', locale: null, base_link_url: '/nl/' }),
            null,
          ],
          currency: {
            __typename: 'Currency',
            available_currency_codes: ['EUR', null, 'USD'],
            default_display_currency_code: 'EUR',
          },
        },
      }),
    );
    expect(await loadStoreChoices(client())).toEqual({
      stores: [
        { code: 'default', locale: 'en_US', prefix: '' },
        { code: 'fr', locale: 'fr_FR', prefix: '/fr' },
      ],
      currencies: ['EUR', 'USD'],
      defaultCurrency: 'EUR',
    });
  });

  it('offers nothing, rather than breaking the page, when the API fails', async () => {
    server.respondWith((_request, response) =>
      sendJson(response, 200, { errors: [{ message: 'Cannot query field "availableStores"' }], data: null }),
    );
    expect(await loadStoreChoices(client())).toEqual({ stores: [], currencies: [], defaultCurrency: null });
  });
});
