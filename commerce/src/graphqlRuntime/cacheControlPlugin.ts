import { getOperationAST, Kind, OperationTypeNode, type DocumentNode } from 'graphql';
import type { Plugin } from 'graphql-yoga';

export const PUBLIC_CACHE_CONTROL = 'public, max-age=60, s-maxage=300';
export const PRIVATE_CACHE_CONTROL = 'no-store';
/**
 * Public data in a store or currency the URL does not name: the browser may keep it, no shared
 * cache may (one keyed on the URL would hand it to shoppers of another store or currency).
 */
export const BROWSER_ONLY_CACHE_CONTROL = 'private, max-age=60';

/**
 * Whether the URL names the store and currency the request is answered in, so a cache keyed on
 * the URL alone (a CDN that ignores Vary) cannot mix them: `store=<code>` and `currency=<code>`
 * repeat the Store and Content-Currency headers (the storefront adds them, storefront/app/data/
 * storeView.ts). No header and no parameter is the default store in its default currency; a
 * Store header naming the default store needs no parameter. The parameters choose nothing
 * themselves: the headers do, as in Magento.
 */
export function storeAndCurrencyInUrl(request: Request, store: { isDefault: boolean } | undefined): boolean {
  const params = new URL(request.url).searchParams;
  const storeHeader = request.headers.get('store')?.trim() || null;
  const storeParam = params.get('store');
  const storeNamed =
    storeHeader === null
      ? storeParam === null
      : storeParam === storeHeader || (storeParam === null && store?.isDefault === true);
  const currencyHeader = request.headers.get('content-currency')?.trim().toUpperCase() || null;
  const currencyParam = params.get('currency')?.toUpperCase() ?? null;
  return storeNamed && currencyParam === currencyHeader;
}

/** Root fields whose answers are the same for every shopper, so a CDN may keep them. */
const PUBLIC_ROOT_FIELDS = new Set([
  '__typename',
  'storeConfig',
  'currency',
  'availableStores',
  'categoryList',
  'categories',
  'category',
  'products',
  'route',
  'urlResolver',
  'cmsPage',
  'cmsBlocks',
  'countries',
  'country',
]);

/**
 * Marks successful GET queries over public catalog data as cacheable; everything else
 * (POST, errors, anything sent with an Authorization header) must not be stored.
 */
export function useCatalogCacheControl(): Plugin {
  const cacheable = new WeakMap<Request, boolean>();
  const keyedByUrl = new WeakMap<Request, boolean>();
  return {
    onExecute({ args }) {
      const { request, store } = args.contextValue as { request?: Request; store?: { isDefault: boolean } };
      if (!request) return;
      keyedByUrl.set(request, storeAndCurrencyInUrl(request, store));
      const operation = getOperationAST(args.document as DocumentNode, args.operationName as string | undefined);
      const publicOnly =
        operation?.operation === OperationTypeNode.QUERY &&
        operation.selectionSet.selections.every((s) => s.kind === Kind.FIELD && PUBLIC_ROOT_FIELDS.has(s.name.value));
      return {
        onExecuteDone({ result }) {
          const errors = 'errors' in result ? result.errors : undefined;
          cacheable.set(request, publicOnly && !(errors && errors.length > 0));
        },
      };
    },
    onResponse({ request, response }) {
      const ok =
        request.method === 'GET' &&
        !request.headers.has('authorization') &&
        response.status === 200 &&
        cacheable.get(request) === true;
      const shared = ok && keyedByUrl.get(request) === true;
      response.headers.set(
        'Cache-Control',
        shared ? PUBLIC_CACHE_CONTROL : ok ? BROWSER_ONLY_CACHE_CONTROL : PRIVATE_CACHE_CONTROL,
      );
      // The same URL answers differently per store view and currency: a CDN or the service
      // worker's cache must keep them apart.
      if (ok) response.headers.set('Vary', 'Store, Content-Currency');
    },
  };
}
