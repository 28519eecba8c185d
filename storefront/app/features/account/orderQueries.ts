import { graphql } from '../../__generated__/gql';

export const AccountOrdersQuery = graphql(`
  query AccountOrders($filter: CustomerOrdersFilterInput, $pageSize: Int!) {
    customer {
      orders(filter: $filter, pageSize: $pageSize, currentPage: 1) {
        total_count
        items {
          id
          number
          order_date
          status
          total {
            grand_total {
              value
              currency
            }
          }
        }
      }
    }
  }
`);

export const AccountOrderQuery = graphql(`
  query AccountOrder($number: String!) {
    customer {
      orders(filter: { number: { eq: $number } }, pageSize: 1) {
        items {
          id
          number
          order_date
          status
          shipping_method
          payment_methods {
            name
          }
          items {
            id
            product_name
            product_sku
            quantity_ordered
            product_sale_price {
              value
              currency
            }
            selected_options {
              label
              value
            }
          }
          total {
            subtotal {
              value
              currency
            }
            total_shipping {
              value
              currency
            }
            total_tax {
              value
              currency
            }
            discounts {
              label
              amount {
                value
                currency
              }
            }
            grand_total {
              value
              currency
            }
          }
          shipping_address {
            ...AccountOrderAddress
          }
          billing_address {
            ...AccountOrderAddress
          }
        }
      }
    }
  }
`);

export const AccountOrderAddressFields = graphql(`
  fragment AccountOrderAddress on OrderAddress {
    firstname
    lastname
    street
    city
    postcode
    region
    country_code
    telephone
  }
`);
