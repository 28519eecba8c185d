import { graphql } from '../../__generated__/gql';

// What changes a cart once it is shown: quantities, removal, coupons, the shipping estimate and an
// item's options. Apart from cartQueries.ts, so that pages showing only the mini cart's count do
// not load these documents (they sat in every page's shell chunk).

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
