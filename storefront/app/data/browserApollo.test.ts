import { gql } from '@apollo/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PERSIST_DEBOUNCE_MS, PERSIST_KEY } from './persistence';
import { APOLLO_STATE_GLOBAL } from './ssrState';

// Each test loads a fresh copy of the module, since the client is a page-wide singleton.
async function freshBrowserApollo() {
  vi.resetModules();
  return import('./browserApollo');
}

const STORE_QUERY = gql`
  query StoreName {
    storeConfig {
      store_name
      locale
    }
  }
`;

beforeEach(() => {
  window.localStorage.clear();
  delete window[APOLLO_STATE_GLOBAL];
});
afterEach(() => {
  vi.useRealTimers();
});

describe('getBrowserApollo', () => {
  it('is a singleton', async () => {
    const { getBrowserApollo } = await freshBrowserApollo();
    expect(getBrowserApollo()).toBe(getBrowserApollo());
  });

  it('starts from the persisted cache with the SSR state merged over it', async () => {
    window.localStorage.setItem(
      PERSIST_KEY,
      JSON.stringify({
        ROOT_QUERY: {
          __typename: 'Query',
          storeConfig: { __ref: 'StoreConfig:{}' },
          'cart({"cart_id":"c1"})': { __ref: 'Cart:c1' },
        },
        'StoreConfig:{}': { __typename: 'StoreConfig', store_name: 'Stale name', locale: 'en_US' },
        'Cart:c1': { __typename: 'Cart', id: 'c1', total_quantity: 3 },
      }),
    );
    window[APOLLO_STATE_GLOBAL] = {
      ROOT_QUERY: { __typename: 'Query', storeConfig: { __ref: 'StoreConfig:{}' } },
      'StoreConfig:{}': { __typename: 'StoreConfig', store_name: 'Vela' },
    };
    const { getBrowserApollo } = await freshBrowserApollo();
    const client = getBrowserApollo();

    expect(client.readQuery({ query: STORE_QUERY })).toEqual({
      storeConfig: { __typename: 'StoreConfig', store_name: 'Vela', locale: 'en_US' },
    });
    const cart = client.readQuery({
      query: gql`
        query Cart {
          cart(cart_id: "c1") {
            id
            total_quantity
          }
        }
      `,
    });
    expect(cart).toEqual({ cart: { __typename: 'Cart', id: 'c1', total_quantity: 3 } });
  });

  it('persists later writes, debounced', async () => {
    vi.useFakeTimers();
    const { getBrowserApollo, getBrowserCachePersistor } = await freshBrowserApollo();
    const client = getBrowserApollo();
    expect(getBrowserCachePersistor()).toBeDefined();

    client.writeQuery({
      query: STORE_QUERY,
      data: { storeConfig: { __typename: 'StoreConfig', store_name: 'Persisted', locale: 'de_DE' } },
    });
    expect(window.localStorage.getItem(PERSIST_KEY)).toBeNull();
    await vi.advanceTimersByTimeAsync(PERSIST_DEBOUNCE_MS);
    expect(window.localStorage.getItem(PERSIST_KEY)).toContain('Persisted');
    getBrowserCachePersistor()?.remove();
  });

  it("stores the server render's state once the page is idle, without waiting for a write", async () => {
    vi.useFakeTimers();
    window[APOLLO_STATE_GLOBAL] = {
      ROOT_QUERY: { __typename: 'Query', storeConfig: { __ref: 'StoreConfig:{}' } },
      'StoreConfig:{}': { __typename: 'StoreConfig', store_name: 'Rendered on the server', locale: 'en_US' },
    };
    const { getBrowserApollo, getBrowserCachePersistor } = await freshBrowserApollo();
    getBrowserApollo();
    expect(window.localStorage.getItem(PERSIST_KEY)).toBeNull();
    await vi.advanceTimersByTimeAsync(5000);
    expect(window.localStorage.getItem(PERSIST_KEY)).toContain('Rendered on the server');
    getBrowserCachePersistor()?.remove();
  });

  it('still works when localStorage is unavailable', async () => {
    const blocked = vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    const { getBrowserApollo, getBrowserCachePersistor } = await freshBrowserApollo();
    expect(getBrowserApollo()).toBeDefined();
    expect(getBrowserCachePersistor()).toBeUndefined();
    blocked.mockRestore();
  });

  it('writes the cache when the page is left, before the idle callback or debounce would', async () => {
    window[APOLLO_STATE_GLOBAL] = {
      ROOT_QUERY: { __typename: 'Query', storeConfig: { __ref: 'StoreConfig:{}' } },
      'StoreConfig:{}': { __typename: 'StoreConfig', store_name: 'Vela', locale: 'en_US' },
    };
    vi.useFakeTimers();
    // Kept to put back afterwards, never called unbound.
    // eslint-disable-next-line @typescript-eslint/unbound-method
    const idle = window.requestIdleCallback;
    // An idle callback that never comes: a busy page that is left right away.
    window.requestIdleCallback = () => 0;
    try {
      const { getBrowserApollo } = await freshBrowserApollo();
      getBrowserApollo();
      expect(window.localStorage.getItem(PERSIST_KEY)).toBeNull();
      window.dispatchEvent(new Event('pagehide'));
      await vi.advanceTimersByTimeAsync(0);
      expect(JSON.parse(window.localStorage.getItem(PERSIST_KEY)!)['StoreConfig:{}'].store_name).toBe('Vela');
    } finally {
      window.requestIdleCallback = idle;
    }
  });
});

describe('prepareBrowserApollo', () => {
  it('builds the same client in several tasks, with the SSR state in its cache', async () => {
    window[APOLLO_STATE_GLOBAL] = {
      ROOT_QUERY: { __typename: 'Query', storeConfig: { __ref: 'StoreConfig:{}' } },
      'StoreConfig:{}': { __typename: 'StoreConfig', store_name: 'Vela', locale: 'en_US' },
    };
    const { getBrowserCachePersistor, prepareBrowserApollo, getBrowserApollo } = await freshBrowserApollo();
    const prepared = prepareBrowserApollo();
    // The call returned after its first step: restoring the state waits for a later task.
    expect(getBrowserCachePersistor()).toBeUndefined();
    const client = await prepared;

    expect(client).toBe(getBrowserApollo());
    expect(getBrowserCachePersistor()).toBeDefined();
    expect(client.readQuery({ query: STORE_QUERY })).toEqual({
      storeConfig: { __typename: 'StoreConfig', store_name: 'Vela', locale: 'en_US' },
    });
  });

  it('hands back the client another caller built meanwhile', async () => {
    const { prepareBrowserApollo, getBrowserApollo } = await freshBrowserApollo();
    const prepared = prepareBrowserApollo();
    const built = getBrowserApollo();
    expect(await prepared).toBe(built);
  });
});
