import { InMemoryCache } from '@apollo/client/cache';
import { MAGENTO_POSSIBLE_TYPES } from './possibleTypes';
import { typePolicies } from './typePolicies';

export function createCache(): InMemoryCache {
  return new InMemoryCache({ possibleTypes: MAGENTO_POSSIBLE_TYPES, typePolicies });
}
