import { graphql } from '../../__generated__/gql';

export const CartDetailsQuery = graphql(`
  query CartDetails($cartId: String!) {
    cart(cart_id: $cartId) {
      ...CartFields
    }
  }
`);

/**
 * What useCart watches while there is no cart. Apollo builds a watcher for every useQuery, even a
 * skipped one, and preparing the cart's large document for it was most of the mini cart's work
 * while a page hydrates; with no cart there is nothing to prepare it for.
 */
export const CartNoneQuery = graphql(`
  query CartNone {
    __typename
  }
`);

export const CartCreateMutation = graphql(`
  mutation CartCreate {
    createGuestCart {
      cart {
        ...CartFields
      }
    }
  }
`);

export const CartAddProductsMutation = graphql(`
  mutation CartAddProducts($cartId: String!, $cartItems: [CartItemInput!]!) {
    addProductsToCart(cartId: $cartId, cartItems: $cartItems) {
      cart {
        ...CartFields
      }
      user_errors {
        code
        message
      }
    }
  }
`);

export const CartOfCustomerQuery = graphql(`
  query CartOfCustomer {
    customerCart {
      id
    }
  }
`);
