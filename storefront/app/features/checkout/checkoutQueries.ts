import { graphql } from '../../__generated__/gql';

// Everything the checkout shows about the cart in one fragment: every mutation returns it too,
// so each step's answer updates the whole page from the cache.
export const CheckoutCartFields = graphql(`
  fragment CheckoutCartFields on Cart {
    id
    email
    is_virtual
    total_quantity
    applied_coupons {
      code
    }
    itemsV2(pageSize: 100) {
      total_count
      items {
        __typename
        uid
        quantity
        is_available
        errors {
          code
          message
        }
        product {
          __typename
          uid
          sku
          name
          url_key
          url_suffix
          thumbnail {
            url
            label
          }
        }
        prices {
          row_total {
            value
            currency
          }
        }
        ... on ConfigurableCartItem {
          configurable_options {
            configurable_product_option_uid
            option_label
            value_label
          }
        }
      }
    }
    prices {
      subtotal_excluding_tax {
        value
        currency
      }
      grand_total {
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
      applied_taxes {
        label
        amount {
          value
          currency
        }
      }
    }
    shipping_addresses {
      firstname
      lastname
      street
      city
      postcode
      telephone
      region {
        code
        label
        region_id
      }
      country {
        code
        label
      }
      available_shipping_methods {
        carrier_code
        carrier_title
        method_code
        method_title
        available
        error_message
        amount {
          value
          currency
        }
      }
      selected_shipping_method {
        carrier_code
        carrier_title
        method_code
        method_title
        amount {
          value
          currency
        }
      }
    }
    billing_address {
      firstname
      lastname
      street
      city
      postcode
      telephone
      region {
        code
        label
        region_id
      }
      country {
        code
        label
      }
    }
    available_payment_methods {
      code
      title
    }
    selected_payment_method {
      code
      title
    }
  }
`);

export const CheckoutCartQuery = graphql(`
  query CheckoutCart($cartId: String!) {
    cart(cart_id: $cartId) {
      ...CheckoutCartFields
    }
  }
`);
