import { graphql } from '../../__generated__/gql';

// Everything the checkout shows about the cart in one fragment: every mutation returns it too,
// so each step's answer updates the whole page from the cache.
export const CheckoutCartFields = graphql(`
  fragment CheckoutCartFields on Cart {
    ...CartContents
    email
    is_virtual
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
          ...MoneyAmount
        }
      }
      selected_shipping_method {
        carrier_code
        carrier_title
        method_code
        method_title
        amount {
          ...MoneyAmount
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
