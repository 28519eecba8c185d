import type { ApolloClient } from '@apollo/client';
import { compareListUidFromCookies } from '../../data/compareListId';
import { CompareListQuery } from './compareQueries';

export interface ComparePageData {
  /** The list the server rendered the page with; null when the browser has to load it. */
  uid: string | null;
}

/**
 * On the server: the list named by the browser's compare cookie, read into the render's cache, so
 * the page arrives with its products side by side. A list that is gone, belongs to a signed-in
 * customer (the server render has no customer token, and the API answers a customer's list to
 * that customer only) or cannot be read now is left to the browser.
 */
export async function loadComparePage(client: ApolloClient, request: Request): Promise<ComparePageData> {
  const uid = compareListUidFromCookies(request.headers.get('cookie'));
  if (!uid) return { uid: null };
  const list = await client.query({ query: CompareListQuery, variables: { uid } }).catch(() => null);
  return { uid: list?.data?.compareList ? uid : null };
}
