import { graphql } from '../../__generated__/gql';

export const CatalogFeaturedQuery = graphql(`
  query CatalogFeatured($filter: ProductAttributeFilterInput!, $pageSize: Int!) {
    products(filter: $filter, pageSize: $pageSize, sort: { position: ASC }) {
      items {
        ...CatalogProductCardFields
      }
    }
  }
`);
