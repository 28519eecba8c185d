import { graphql } from '../../__generated__/gql';
import type { ProductPageQuery as ProductPageResult } from '../../__generated__/graphql';

// Everything the product page shows, variants included, in one request: option changes then
// switch price, images and stock from the cache without another round trip.
export const ProductPageQuery = graphql(`
  query ProductPage($urlKey: String!) {
    products(filter: { url_key: { eq: $urlKey } }, pageSize: 1) {
      items {
        __typename
        uid
        sku
        name
        url_key
        url_suffix
        meta_title
        meta_description
        stock_status
        only_x_left_in_stock
        description {
          html
        }
        short_description {
          html
        }
        image {
          url
          label
        }
        media_gallery {
          __typename
          url
          label
          position
          disabled
        }
        price_range {
          minimum_price {
            regular_price {
              ...MoneyAmount
            }
            final_price {
              ...MoneyAmount
            }
            discount {
              amount_off
              percent_off
            }
          }
          maximum_price {
            regular_price {
              ...MoneyAmount
            }
            final_price {
              ...MoneyAmount
            }
            discount {
              amount_off
              percent_off
            }
          }
        }
        categories {
          __typename
          uid
          name
          level
          url_path
          url_suffix
          breadcrumbs {
            category_uid
            category_name
            category_level
            category_url_path
          }
        }
        rating_summary
        review_count
        ... on CustomizableProductInterface {
          options {
            __typename
            uid
            title
            required
            sort_order
            ... on CustomizableFieldOption {
              fieldValue: value {
                max_characters
                price
                price_type
              }
            }
            ... on CustomizableAreaOption {
              areaValue: value {
                max_characters
                price
                price_type
              }
            }
            ... on CustomizableDateOption {
              dateValue: value {
                type
                price
                price_type
              }
            }
            ... on CustomizableDropDownOption {
              dropDownValues: value {
                uid
                title
                price
                price_type
              }
            }
            ... on CustomizableRadioOption {
              radioValues: value {
                uid
                title
                price
                price_type
              }
            }
            ... on CustomizableCheckboxOption {
              checkboxValues: value {
                uid
                title
                price
                price_type
              }
            }
            ... on CustomizableMultipleOption {
              multipleValues: value {
                uid
                title
                price
                price_type
              }
            }
          }
        }
        reviews(pageSize: 10) {
          items {
            nickname
            summary
            text
            created_at
            average_rating
            ratings_breakdown {
              name
              value
            }
          }
        }
        related_products {
          ...CatalogProductCardFields
        }
        upsell_products {
          ...CatalogProductCardFields
        }
        custom_attributesV2(filters: { is_visible_on_front: true }) {
          items {
            __typename
            code
            ... on AttributeValue {
              value
            }
            ... on AttributeSelectedOptions {
              selected_options {
                __typename
                label
                value
              }
            }
          }
        }
        ... on DownloadableProduct {
          links_title
          links_purchased_separately
          downloadable_product_links {
            uid
            title
            price
            sort_order
            sample_url
          }
          downloadable_product_samples {
            title
            sort_order
            sample_url
          }
        }
        ... on BundleProduct {
          dynamic_price
          price_details {
            main_final_price
          }
          items {
            uid
            option_id
            title
            required
            type
            position
            options {
              uid
              id
              label
              quantity
              can_change_quantity
              is_default
              price
              price_type
              product {
                uid
                stock_status
                price_range {
                  minimum_price {
                    final_price {
                      ...MoneyAmount
                    }
                  }
                }
              }
            }
          }
        }
        ... on GroupedProduct {
          items {
            qty
            position
            product {
              uid
              sku
              name
              stock_status
              price_range {
                minimum_price {
                  final_price {
                    ...MoneyAmount
                  }
                }
              }
            }
          }
        }
        ... on ConfigurableProduct {
          configurable_options {
            uid
            attribute_code
            label
            position
            values {
              uid
              label
              swatch_data {
                __typename
                value
              }
            }
          }
          variants {
            # The listing's colour-matched cards read the same variants (value_index) from the cache.
            attributes {
              uid
              code
              label
              value_index
            }
            product {
              __typename
              uid
              sku
              stock_status
              only_x_left_in_stock
              media_gallery {
                __typename
                url
                label
                position
                disabled
              }
              price_range {
                minimum_price {
                  regular_price {
                    ...MoneyAmount
                  }
                  final_price {
                    ...MoneyAmount
                  }
                  discount {
                    amount_off
                    percent_off
                  }
                }
              }
            }
          }
        }
      }
    }
  }
`);

export type { ProductPageResult };
export type ProductPageProduct = NonNullable<NonNullable<NonNullable<ProductPageResult['products']>['items']>[number]>;

/** The product of a ProductPage result; loader and page both pick it this way. */
export function pickProduct(result: ProductPageResult | undefined, urlKey: string): ProductPageProduct | undefined {
  const items = (result?.products?.items ?? []).filter((item): item is ProductPageProduct => item != null);
  return items.find((item) => item.url_key === urlKey) ?? items[0];
}
