import { graphql } from '../../__generated__/gql';

export const RecentlyViewedQuery = graphql(`
  query RecentlyViewed($skus: [String!]!, $pageSize: Int!) {
    products(filter: { sku: { in: $skus } }, pageSize: $pageSize) {
      items {
        ...CatalogProductCardFields
      }
    }
  }
`);
