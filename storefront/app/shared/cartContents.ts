import { graphql } from '../__generated__/gql';

// What the cart page and the checkout both show of a cart — its lines and the server's prices —
// in one selection, so both read the same shape and the cache holds one copy. Each adds what only
// it needs (cart/cartFields.ts, checkout/checkoutQueries.ts).
export const CartContentsFragment = graphql(`
  fragment CartContents on Cart {
    id
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
          stock_status
          only_x_left_in_stock
          thumbnail {
            url
            label
          }
        }
        prices {
          price {
            ...MoneyAmount
          }
          row_total {
            ...MoneyAmount
          }
          total_item_discount {
            ...MoneyAmount
          }
        }
        ... on SimpleCartItem {
          customizable_options {
            customizable_option_uid
            label
            values {
              customizable_option_value_uid
              label
              value
            }
          }
        }
        ... on DownloadableCartItem {
          links {
            uid
            title
          }
          product {
            uid
            ... on DownloadableProduct {
              links_title
            }
          }
        }
        ... on BundleCartItem {
          customizable_options {
            customizable_option_uid
            label
            values {
              customizable_option_value_uid
              label
              value
            }
          }
          bundle_options {
            uid
            label
            values {
              label
              quantity
            }
          }
        }
        ... on ConfigurableCartItem {
          customizable_options {
            customizable_option_uid
            label
            values {
              customizable_option_value_uid
              label
              value
            }
          }
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
    prices {
      subtotal_excluding_tax {
        ...MoneyAmount
      }
      subtotal_with_discount_excluding_tax {
        ...MoneyAmount
      }
      discounts {
        label
        amount {
          ...MoneyAmount
        }
      }
      applied_taxes {
        label
        amount {
          ...MoneyAmount
        }
      }
      grand_total {
        ...MoneyAmount
      }
    }
  }
`);
