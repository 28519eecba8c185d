import type { ApolloClient } from '@apollo/client';
import type { CatalogFeaturedQueryVariables } from '../../__generated__/graphql';
import { CatalogFeaturedQuery } from './featuredQuery';
import { loadGridConfig } from './loadProductListing';

const FEATURED_COUNT = 8;

/**
 * The first products of the whole catalog in the merchant's order: the root category's
 * listing. Magento's `products` query needs a search or a filter, and the root category is the
 * one filter every store has.
 */
export async function loadFeaturedProducts(
  client: ApolloClient,
): Promise<{ variables: CatalogFeaturedQueryVariables | null }> {
  const config = await loadGridConfig(client);
  const root = config?.root_category_uid;
  if (!root) return { variables: null };
  const variables: CatalogFeaturedQueryVariables = { filter: { category_uid: { eq: root } }, pageSize: FEATURED_COUNT };
  try {
    await client.query({ query: CatalogFeaturedQuery, variables });
  } catch (error) {
    // The home page stays useful without this row; the component shows the error in its place.
    if (import.meta.env.DEV) console.error(error);
  }
  return { variables };
}
