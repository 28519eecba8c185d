import type { ApolloClient } from '@apollo/client';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { CmsPageQuery } from './cmsQueries';

/**
 * The CMS page with this identifier, or null when there is none. Magento reports an unknown or
 * disabled page as a GraphQL error next to `cmsPage: null`; a transport failure still throws.
 */
export async function queryCmsPage(client: ApolloClient, identifier: string) {
  const result = await client.query({ query: CmsPageQuery, variables: { identifier }, errorPolicy: 'all' });
  if (result.error && !CombinedGraphQLErrors.is(result.error)) throw result.error;
  return result.data?.cmsPage ?? null;
}
