import { graphql } from '../../__generated__/gql';

export const AccountAddressFields = graphql(`
  fragment AccountAddressFields on CustomerAddress {
    id
    firstname
    lastname
    street
    city
    postcode
    telephone
    country_code
    region {
      region
      region_code
      region_id
    }
    default_shipping
    default_billing
  }
`);

// Customer is a cache singleton: every account query fills in the same object.
export const AccountCustomerQuery = graphql(`
  query AccountCustomer {
    customer {
      firstname
      lastname
      email
      is_subscribed
      default_shipping
      default_billing
      addresses {
        ...AccountAddressFields
      }
    }
  }
`);

export const AccountSessionConfigQuery = graphql(`
  query AccountSessionConfig {
    storeConfig {
      store_code
      customer_access_token_lifetime
      minimum_password_length
      required_character_classes_number
    }
  }
`);

/** How many of the latest orders and wish-list products the account overview shows. */
export const OVERVIEW_ORDERS = 3;
export const OVERVIEW_WISHLIST = 4;

// The account's front page: who is signed in, the latest orders, the default addresses and a
// glimpse of the wish list, in one request.
export const AccountOverviewQuery = graphql(`
  query AccountOverview($orders: Int!, $wishlistItems: Int!) {
    customer {
      firstname
      lastname
      email
      default_shipping
      default_billing
      addresses {
        ...AccountAddressFields
      }
      orders(pageSize: $orders, currentPage: 1) {
        total_count
        items {
          id
          number
          order_date
          status
          state
          total {
            grand_total {
              ...MoneyAmount
            }
          }
        }
      }
      wishlists {
        id
        items_count
        items_v2(pageSize: $wishlistItems, currentPage: 1) {
          items {
            id
            product {
              uid
              name
              url_key
              url_suffix
              small_image {
                url
                label
              }
            }
          }
        }
      }
    }
  }
`);
