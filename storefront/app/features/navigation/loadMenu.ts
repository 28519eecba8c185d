import type { ApolloClient } from '@apollo/client';
import { CategoryMenuQuery } from './categoryMenuQuery';
import { type MenuItem, toMenuTree } from './menuTree';

/** The store's category navigation, ready to render; an empty menu when the root is unknown. */
export async function loadMenu(
  client: ApolloClient,
  rootUid: string | null | undefined,
  urlSuffix: string | null | undefined,
): Promise<MenuItem[]> {
  if (!rootUid) return [];
  const { data } = await client.query({ query: CategoryMenuQuery, variables: { rootUid } });
  return toMenuTree(data?.categoryList?.[0]?.children, urlSuffix);
}
