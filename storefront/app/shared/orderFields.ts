import { graphql } from '../__generated__/gql';

// What the order confirmation and the account's order page show of an order: one selection, so
// both views read the same shape (and the cache keeps one copy of it).

export const OrderAddressFieldsFragment = graphql(`
  fragment OrderAddressFields on OrderAddress {
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

export const OrderDetailsFieldsFragment = graphql(`
  fragment OrderDetailsFields on CustomerOrder {
    number
    shipping_method
    payment_methods {
      name
      type
      additional_data {
        name
        value
      }
    }
    items {
      id
      product_name
      product_sku
      product {
        uid
        thumbnail {
          url
          label
        }
        ... on ConfigurableProduct {
          variants {
            product {
              uid
              sku
              thumbnail {
                url
                label
              }
            }
          }
        }
      }
      quantity_ordered
      product_sale_price {
        ...MoneyAmount
      }
      prices {
        row_total {
          ...MoneyAmount
        }
      }
      selected_options {
        label
        value
      }
      entered_options {
        label
        value
      }
      ... on BundleOrderItem {
        bundle_options {
          label
          values {
            product_name
            quantity
          }
        }
      }
    }
    total {
      subtotal {
        ...MoneyAmount
      }
      discounts {
        label
        amount {
          ...MoneyAmount
        }
      }
      total_shipping {
        ...MoneyAmount
      }
      total_tax {
        ...MoneyAmount
      }
      grand_total {
        ...MoneyAmount
      }
    }
    shipping_address {
      ...OrderAddressFields
    }
    billing_address {
      ...OrderAddressFields
    }
    shipments {
      id
      number
      tracking {
        carrier
        number
        title
      }
    }
    comments {
      message
      timestamp
    }
  }
`);
