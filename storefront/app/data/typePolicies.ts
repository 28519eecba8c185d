import type { TypePolicies, TypePolicy } from '@apollo/client/cache';
import { MAGENTO_POSSIBLE_TYPES } from './possibleTypes';

// Normalise by a field only when the object carries it: a query that does not select the key
// then stores the object inline under its parent instead of failing with "Missing field".
function keyedByWhenSelected(field: string): TypePolicy {
  return { keyFields: (object) => (object[field] == null ? false : [field]) };
}

const byUid = keyedByWhenSelected('uid');

// Value objects without identity that appear once per parent; merging keeps fields selected
// by different queries (price on a listing, more price detail on the product page) together.
// CartItems (a cart's `itemsV2`) is one of them: the cart page reads its lines and, beside them, the
// same lines' cross-sells; without merging, the later answer replaced the object and the lines query
// lost its `total_count`.
const mergedValueObjects = [
  'PriceRange',
  'ProductPrice',
  'Money',
  'ProductImage',
  'CartPrices',
  'ProductDiscount',
  'CartItems',
  // The shop's currencies (one per store view, like storeConfig): the store switcher reads the
  // codes, the free-delivery line the base currency and rates. Replaced instead of merged, the
  // answer written last dropped the other's fields, and the cart's server render lost its line.
  'Currency',
  // Stripe's module configuration: the footer's ways to pay read its key, the payment step the rest.
  'ModuleConfiguration',
];

function policiesFor(typenames: readonly string[], policy: TypePolicy): TypePolicies {
  return Object.fromEntries(typenames.map((typename) => [typename, policy]));
}

export const typePolicies: TypePolicies = {
  ...policiesFor(MAGENTO_POSSIBLE_TYPES.ProductInterface ?? [], byUid),
  ...policiesFor(MAGENTO_POSSIBLE_TYPES.CartItemInterface ?? [], byUid),
  ...policiesFor(mergedValueObjects, { merge: true }),
  CategoryTree: byUid,
  CmsPage: keyedByWhenSelected('identifier'),
  // A compare list is one object whichever mutation answered last, so the header's count follows.
  // Its items and attributes are whole answers: the newest replaces the older one.
  CompareList: { ...byUid, fields: { items: { merge: false }, attributes: { merge: false } } },
  // A page is in one store view (each has its own persisted cache), so `storeConfig` is one object
  // that every query's fields merge into; kept inline rather than normalised, because
  // `availableStores` lists one StoreConfig per store view and a singleton would fold them together.
  StoreConfig: { keyFields: false, merge: true },
  // Only ever the signed-in shopper; signing out resets the cache.
  Customer: { keyFields: [] },
};
