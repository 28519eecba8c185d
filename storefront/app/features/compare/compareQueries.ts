import { graphql } from '../../__generated__/gql';

// Everything the compare page, the toggles and the header's count read of the list: one shape,
// so every mutation's answer updates all of them through the cache.
export const CompareListFields = graphql(`
  fragment CompareListFields on CompareList {
    uid
    item_count
    attributes {
      code
      label
    }
    items {
      uid
      attributes {
        code
        value
      }
      product {
        ...CatalogProductCardFields
      }
    }
  }
`);

export const CompareListQuery = graphql(`
  query CompareList($uid: ID!) {
    compareList(uid: $uid) {
      ...CompareListFields
    }
  }
`);

export const CreateCompareListMutation = graphql(`
  mutation CreateCompareList($products: [ID]) {
    createCompareList(input: { products: $products }) {
      ...CompareListFields
    }
  }
`);

export const AddToCompareListMutation = graphql(`
  mutation AddToCompareList($uid: ID!, $products: [ID]!) {
    addProductsToCompareList(input: { uid: $uid, products: $products }) {
      ...CompareListFields
    }
  }
`);

export const RemoveFromCompareListMutation = graphql(`
  mutation RemoveFromCompareList($uid: ID!, $products: [ID]!) {
    removeProductsFromCompareList(input: { uid: $uid, products: $products }) {
      ...CompareListFields
    }
  }
`);
