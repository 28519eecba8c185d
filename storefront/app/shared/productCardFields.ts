import { graphql } from '../__generated__/gql';

// Everything a product card shows. Listings, featured rows, the wish list and (later) related products select
// this fragment so their items share one shape and one cache entry per product.
export const CatalogProductCardFields = graphql(`
  fragment CatalogProductCardFields on ProductInterface {
    __typename
    uid
    sku
    name
    url_key
    url_suffix
    stock_status
    small_image {
      url
      label
    }
    price_range {
      minimum_price {
        regular_price {
          ...MoneyAmount
        }
        final_price {
          ...MoneyAmount
        }
        discount {
          amount_off
          percent_off
        }
      }
      maximum_price {
        final_price {
          ...MoneyAmount
        }
      }
    }
  }
`);
