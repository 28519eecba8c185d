import { InMemoryCache } from '@apollo/client/cache';
import { MAGENTO_POSSIBLE_TYPES } from './possibleTypes';
import { typePolicies } from './typePolicies';

/**
 * `resultCaching: false` for the server render's cache: it lives for one request, is read about
 * once per query, and the dependency tracking that makes repeated reads cheap (optimism) cost
 * about 8 % of a page's CPU there (issue 33, node --cpu-prof of product pages).
 */
export function createCache({ resultCaching = true }: { resultCaching?: boolean } = {}): InMemoryCache {
  return new InMemoryCache({ possibleTypes: MAGENTO_POSSIBLE_TYPES, typePolicies, resultCaching });
}
