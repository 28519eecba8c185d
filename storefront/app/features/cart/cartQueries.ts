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

export const CartUpdateItemsMutation = graphql(`
  mutation CartUpdateItems($cartId: String!, $cartItems: [CartItemUpdateInput]!) {
    updateCartItems(input: { cart_id: $cartId, cart_items: $cartItems }) {
      cart {
        ...CartFields
      }
    }
  }
`);

export const CartRemoveItemMutation = graphql(`
  mutation CartRemoveItem($cartId: String!, $itemUid: ID!) {
    removeItemFromCart(input: { cart_id: $cartId, cart_item_uid: $itemUid }) {
      cart {
        ...CartFields
      }
    }
  }
`);

export const CartApplyCouponMutation = graphql(`
  mutation CartApplyCoupon($cartId: String!, $code: String!) {
    applyCouponToCart(input: { cart_id: $cartId, coupon_code: $code }) {
      cart {
        ...CartFields
      }
    }
  }
`);

export const CartRemoveCouponMutation = graphql(`
  mutation CartRemoveCoupon($cartId: String!) {
    removeCouponFromCart(input: { cart_id: $cartId }) {
      cart {
        ...CartFields
      }
    }
  }
`);

export const CartEstimateShippingMutation = graphql(`
  mutation CartEstimateShipping($input: EstimateTotalsInput!) {
    estimateShippingMethods(input: $input) {
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
  }
`);

// The configurable options of a cart line's product, for changing colour or size in the cart.
export const CartEditOptionsQuery = graphql(`
  query CartEditOptions($sku: String!) {
    products(filter: { sku: { eq: $sku } }, pageSize: 1) {
      items {
        __typename
        uid
        sku
        ... on ConfigurableProduct {
          configurable_options {
            uid
            attribute_code
            label
            position
            values {
              uid
              label
            }
          }
          variants {
            attributes {
              uid
              code
            }
            product {
              __typename
              uid
              sku
              stock_status
            }
          }
        }
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
