import { graphql } from '../../__generated__/gql';

export const SearchSuggestionsQuery = graphql(`
  query SearchSuggestions($search: String!, $pageSize: Int!) {
    products(search: $search, pageSize: $pageSize) {
      total_count
      suggestions {
        search
      }
      items {
        __typename
        uid
        name
        url_key
        url_suffix
        thumbnail {
          url
          label
        }
        price_range {
          minimum_price {
            final_price {
              ...MoneyAmount
            }
          }
        }
      }
    }
  }
`);
