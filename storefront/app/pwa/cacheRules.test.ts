import { describe, expect, it } from 'vitest';
import {
  PRECACHE_MAX_BYTES,
  isMediaRequest,
  isPrecacheFile,
  isPrivatePage,
  isPublicGraphqlRequest,
  isStorableResponse,
} from './cacheRules';

const origin = 'https://shop.example';

function graphqlGet(query: string, operationName?: string): URL {
  const url = new URL('/graphql', origin);
  url.searchParams.set('query', query);
  if (operationName) url.searchParams.set('operationName', operationName);
  url.searchParams.set('variables', '{}');
  return url;
}

const publicQuery = (query: string, operationName?: string, headers: HeadersInit = {}) =>
  isPublicGraphqlRequest(graphqlGet(query, operationName), 'GET', new Headers(headers));

describe('isPublicGraphqlRequest', () => {
  it('caches catalog, category, route and CMS queries', () => {
    expect(
      publicQuery(
        'query ProductPage($urlKey: String) { products(filter: { url_key: { eq: $urlKey } }) { items { uid name } } }',
        'ProductPage',
      ),
    ).toBe(true);
    expect(
      publicQuery('query ResolveRoute($url: String!) { route(url: $url) { __typename relative_url } }', 'ResolveRoute'),
    ).toBe(true);
    expect(publicQuery('query StoreConfig { storeConfig { store_code minicart_max_items } }', 'StoreConfig')).toBe(
      true,
    );
    expect(publicQuery('{ categories { items { uid name } } }')).toBe(true);
  });

  it('never caches cart, customer, order or wishlist fields, however they are spelled', () => {
    expect(
      publicQuery('query MiniCart($cartId: String!) { cart(cart_id: $cartId) { total_quantity } }', 'MiniCart'),
    ).toBe(false);
    expect(publicQuery('query { customerCart { id } }')).toBe(false);
    expect(publicQuery('query Me { customer { firstname } }', 'Me')).toBe(false);
    expect(publicQuery('query History { customerOrders { items { number } } }', 'History')).toBe(false);
    expect(publicQuery('query Saved { wishlist { items_count } }', 'Saved')).toBe(false);
    expect(publicQuery('query StoreConfig { storeConfig { cart_summary_display_quantity } }')).toBe(false);
    // An aliased private field is still that field.
    expect(publicQuery('query Innocent { basket: cart(cart_id: "x") { id } }', 'Innocent')).toBe(false);
  });

  it('judges by the operation name too', () => {
    expect(publicQuery('query CartTotals { storeConfig { store_code } }', 'CartTotals')).toBe(false);
  });

  it('ignores words inside strings and comments', () => {
    expect(publicQuery('query Search { products(search: "cart customer") { total_count } } # wishlist', 'Search')).toBe(
      true,
    );
  });

  it('never caches mutations, requests with credentials, POSTs or other paths', () => {
    expect(publicQuery('mutation Subscribe { subscribeEmailToNewsletter(email: "a@b.c") { status } }')).toBe(false);
    expect(
      publicQuery('query Products { products { total_count } }', 'Products', { Authorization: 'Bearer abc' }),
    ).toBe(false);
    expect(isPublicGraphqlRequest(graphqlGet('{ products { total_count } }'), 'POST', new Headers())).toBe(false);
    expect(isPublicGraphqlRequest(new URL('/graphql', origin), 'GET', new Headers())).toBe(false);
    expect(
      isPublicGraphqlRequest(new URL('/other?query=%7Bproducts%7Btotal_count%7D%7D', origin), 'GET', new Headers()),
    ).toBe(false);
  });
});

describe('isStorableResponse', () => {
  const response = (status: number, cacheControl?: string) =>
    new Response(status === 204 ? null : 'x', {
      status,
      headers: cacheControl ? { 'Cache-Control': cacheControl } : {},
    });

  it('keeps only plain 200 answers', () => {
    expect(isStorableResponse(response(200))).toBe(true);
    expect(isStorableResponse(response(200, 'public, max-age=60'))).toBe(true);
    expect(isStorableResponse(response(200, 'no-store'))).toBe(false);
    expect(isStorableResponse(response(200, 'private, max-age=0'))).toBe(false);
    expect(isStorableResponse(response(404))).toBe(false);
    expect(isStorableResponse(response(500))).toBe(false);
    expect(isStorableResponse(response(204))).toBe(false);
  });
});

describe('isPrivatePage', () => {
  it('covers cart, checkout and account pages', () => {
    for (const path of [
      '/cart',
      '/cart/',
      '/checkout',
      '/checkout/success',
      '/checkout-success',
      '/account',
      '/account/orders/1',
      '/wishlist',
      '/customer/account/login',
    ]) {
      expect(isPrivatePage(path), path).toBe(true);
    }
  });

  it('leaves catalog pages that merely start with the same letters', () => {
    for (const path of [
      '/',
      '/search',
      '/women/tops.html',
      '/cartography-prints.html',
      '/accessories.html',
      '/customers-stories',
    ]) {
      expect(isPrivatePage(path), path).toBe(false);
    }
  });
});

describe('media', () => {
  it('matches same-origin media only', () => {
    expect(isMediaRequest(new URL('/media/catalog/product/demo/tee/1.png?width=400&format=webp', origin), origin)).toBe(
      true,
    );
    expect(isMediaRequest(new URL('https://cdn.example/media/x.png'), origin)).toBe(false);
    expect(isMediaRequest(new URL('/assets/x.png', origin), origin)).toBe(false);
  });
});

describe('isPrecacheFile', () => {
  it('takes hashed assets, icons and the offline page, not source maps or huge files', () => {
    expect(isPrecacheFile('assets/root-jbK3S6GV.js', 20_000)).toBe(true);
    expect(isPrecacheFile('assets/root-OrcBFIp9.css', 4_000)).toBe(true);
    expect(isPrecacheFile('offline.html', 3_000)).toBe(true);
    expect(isPrecacheFile('icons/icon-192.png', 3_000)).toBe(true);
    expect(isPrecacheFile('assets/root-jbK3S6GV.js.map', 20_000)).toBe(false);
    expect(isPrecacheFile('assets/video-abc.js', PRECACHE_MAX_BYTES + 1)).toBe(false);
    expect(isPrecacheFile('sw.js', 1_000)).toBe(false);
    expect(isPrecacheFile('manifest.webmanifest', 1_000)).toBe(false);
  });
});
