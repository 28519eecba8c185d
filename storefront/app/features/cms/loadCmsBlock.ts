import type { ApolloClient } from '@apollo/client';
import { CmsBlocksQuery, cmsBlockVariables } from './cmsQueries';

/**
 * Loads a CMS block into the cache for CmsBlock and returns its HTML, for a page that passes it
 * down as loader data instead. A block is decoration: when it is missing (Magento answers unknown
 * identifiers with a GraphQL error) or fails to load, the answer is null and the page renders
 * without it.
 */
export async function loadCmsBlock(client: ApolloClient, identifier: string): Promise<string | null> {
  const result = await client
    .query({ query: CmsBlocksQuery, variables: cmsBlockVariables(identifier), errorPolicy: 'all' })
    .catch(() => undefined);
  return result?.data?.cmsBlocks?.items?.find((item) => item?.identifier === identifier)?.content || null;
}
