import { graphql } from '../../__generated__/gql';

// One shape of the cart for the badge, mini cart and cart page: every mutation returns it, so
// the normalised cache entry (Cart:<id>) stays complete whatever changed it.
export const CartFields = graphql(`
  fragment CartFields on Cart {
    ...CartContents
    shipping_addresses {
      selected_shipping_method {
        carrier_title
        method_title
        amount {
          ...MoneyAmount
        }
      }
    }
  }
`);
