import type { ApolloClient } from '@apollo/client';
import { CmsBlocksQuery, cmsBlockVariables } from './cmsQueries';

/**
 * Puts a CMS block in the cache for CmsBlock. A block is decoration: when it is missing (Magento
 * answers unknown identifiers with a GraphQL error) or fails to load, the page renders without it.
 */
export async function loadCmsBlock(client: ApolloClient, identifier: string): Promise<void> {
  await client
    .query({ query: CmsBlocksQuery, variables: cmsBlockVariables(identifier), errorPolicy: 'all' })
    .catch(() => undefined);
}
