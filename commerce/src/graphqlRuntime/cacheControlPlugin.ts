import { getOperationAST, Kind, OperationTypeNode, type DocumentNode } from 'graphql';
import type { Plugin } from 'graphql-yoga';

export const PUBLIC_CACHE_CONTROL = 'public, max-age=60, s-maxage=300';
export const PRIVATE_CACHE_CONTROL = 'no-store';

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
  return {
    onExecute({ args }) {
      const request = (args.contextValue as { request?: Request }).request;
      if (!request) return;
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
      response.headers.set('Cache-Control', ok ? PUBLIC_CACHE_CONTROL : PRIVATE_CACHE_CONTROL);
      // The same URL answers differently per store view and currency: a CDN or the service
      // worker's cache must keep them apart.
      if (ok) response.headers.set('Vary', 'Store, Content-Currency');
    },
  };
}
