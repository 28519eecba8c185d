import { graphql } from '../../__generated__/gql';

// One shape of the cart for the badge, mini cart and cart page: every mutation returns it, so
// the normalised cache entry (Cart:<id>) stays complete whatever changed it.
export const CartFields = graphql(`
  fragment CartFields on Cart {
    id
    total_quantity
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
          stock_status
          only_x_left_in_stock
          thumbnail {
            url
            label
          }
        }
        prices {
          price {
            value
            currency
          }
          row_total {
            value
            currency
          }
          total_item_discount {
            value
            currency
          }
        }
        ... on ConfigurableCartItem {
          configurable_options {
            configurable_product_option_uid
            configurable_product_option_value_uid
            option_label
            value_label
          }
          configured_variant {
            __typename
            uid
            sku
            stock_status
            only_x_left_in_stock
            thumbnail {
              url
              label
            }
          }
        }
      }
    }
    applied_coupons {
      code
    }
    shipping_addresses {
      selected_shipping_method {
        carrier_title
        method_title
        amount {
          value
          currency
        }
      }
    }
    prices {
      subtotal_excluding_tax {
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
      grand_total {
        value
        currency
      }
    }
  }
`);
