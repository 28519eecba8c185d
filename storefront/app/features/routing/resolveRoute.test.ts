import { ApolloClient, ApolloLink } from '@apollo/client';
import { Observable } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { createCache } from '../../data/cache';
import { resolveRoute, searchTermRedirect, toResolvedRoute, toRouteUrl } from './resolveRoute';

const canonical = { redirect_code: 0, relative_url: null, type: null } as const;

describe('toResolvedRoute', () => {
  it('maps categories, products and CMS pages to what the catch-all route loads', () => {
    expect(toResolvedRoute({ __typename: 'CategoryTree', uid: 'Mw==', ...canonical }, 'women.html')).toEqual({
      type: 'CATEGORY',
      uid: 'Mw==',
    });
    expect(
      toResolvedRoute(
        { __typename: 'ConfigurableProduct', uid: 'MTA=', url_key: 'crew-tee', ...canonical },
        'crew-tee.html',
      ),
    ).toEqual({
      type: 'PRODUCT',
      urlKey: 'crew-tee',
    });
    expect(toResolvedRoute({ __typename: 'CmsPage', identifier: 'about-us', ...canonical }, 'about-us')).toEqual({
      type: 'CMS_PAGE',
      identifier: 'about-us',
    });
  });

  it('carries 301 and 302 redirects with a root-relative target', () => {
    expect(
      toResolvedRoute(
        {
          __typename: 'CategoryTree',
          uid: 'Mw==',
          redirect_code: 301,
          relative_url: 'women/new.html',
          type: 'CATEGORY',
        },
        'women/old.html',
      ),
    ).toEqual({
      type: 'CATEGORY',
      uid: 'Mw==',
      redirectTo: '/women/new.html',
      redirectCode: 301,
    });
    expect(
      toResolvedRoute(
        { __typename: 'RoutableUrl', redirect_code: 302, relative_url: '/promo', type: 'CMS_PAGE' },
        'old-promo',
      ),
    ).toMatchObject({
      redirectTo: '/promo',
      redirectCode: 302,
    });
  });

  it('ignores a redirect to the URL itself and answers null for what it cannot render', () => {
    expect(
      toResolvedRoute(
        { __typename: 'CmsPage', identifier: 'faq', redirect_code: 301, relative_url: 'faq', type: 'CMS_PAGE' },
        'faq',
      ),
    ).toEqual({
      type: 'CMS_PAGE',
      identifier: 'faq',
    });
    expect(toResolvedRoute({ __typename: 'RoutableUrl', ...canonical }, 'x')).toBeNull();
    expect(toResolvedRoute(null, 'x')).toBeNull();
  });

  it('strips leading slashes for the route query', () => {
    expect(toRouteUrl('/women/tops.html')).toBe('women/tops.html');
    expect(toRouteUrl('//x')).toBe('x');
  });
});

describe('resolveRoute', () => {
  function clientAnswering(route: object | null, asked: unknown[]) {
    const link = new ApolloLink((operation) => {
      asked.push(operation.variables);
      return new Observable((observer) => {
        observer.next({ data: { route } });
        observer.complete();
      });
    });
    return new ApolloClient({ cache: createCache(), link });
  }

  it('asks for the decoded path without its slash', async () => {
    const asked: unknown[] = [];
    const client = clientAnswering({ __typename: 'CmsPage', identifier: 'über-uns', ...canonical }, asked);
    await expect(resolveRoute(client, '/%C3%BCber-uns')).resolves.toEqual({ type: 'CMS_PAGE', identifier: 'über-uns' });
    expect(asked).toEqual([{ url: 'über-uns' }]);
  });

  it('does not ask for the root or a malformed path', async () => {
    const asked: unknown[] = [];
    const client = clientAnswering(null, asked);
    await expect(resolveRoute(client, '/')).resolves.toBeNull();
    await expect(resolveRoute(client, '/%E0%A4%A')).resolves.toBeNull();
    expect(asked).toEqual([]);
  });
});

describe('searchTermRedirect', () => {
  function clientAnswering(route: object | null, asked: unknown[]) {
    const link = new ApolloLink((operation) => {
      asked.push(operation.variables);
      return new Observable((observer) => {
        observer.next({ data: { route } });
        observer.complete();
      });
    });
    return new ApolloClient({ cache: createCache(), link });
  }

  it("asks Magento's search address for the term and follows a plain redirect, on the shop or off it", async () => {
    const asked: unknown[] = [];
    const onShop = clientAnswering(
      { __typename: 'RoutableUrl', redirect_code: 302, relative_url: '/sale.html', type: null },
      asked,
    );
    await expect(searchTermRedirect(onShop, 'red & blue')).resolves.toBe('/sale.html');
    expect(asked).toEqual([{ url: 'catalogsearch/result/?q=red%20%26%20blue' }]);
    const offShop = clientAnswering(
      { __typename: 'RoutableUrl', redirect_code: 302, relative_url: 'https://brand.example/hoodies', type: null },
      [],
    );
    await expect(searchTermRedirect(offShop, 'hoodie')).resolves.toBe('https://brand.example/hoodies');
  });

  it('stays on the result page when there is no redirect, or the answer names an entity', async () => {
    await expect(searchTermRedirect(clientAnswering(null, []), 'hoodie')).resolves.toBeNull();
    const category = clientAnswering({ __typename: 'CategoryTree', uid: 'Mw==', ...canonical }, []);
    await expect(searchTermRedirect(category, 'hoodie')).resolves.toBeNull();
  });
});
