import { graphql } from '../../__generated__/gql';

/** Page size and URL suffixes of listings; StoreConfig is a singleton, so the shell's copy serves. */
export const CatalogGridConfigQuery = graphql(`
  query CatalogGridConfig {
    storeConfig {
      store_code
      grid_per_page
      product_url_suffix
      category_url_suffix
      root_category_uid
    }
  }
`);

export const CatalogListingQuery = graphql(`
  query CatalogListing(
    $search: String
    $filter: ProductAttributeFilterInput
    $pageSize: Int
    $currentPage: Int
    $sort: ProductAttributeSortInput
    $withVariants: Boolean = false
  ) {
    products(search: $search, filter: $filter, pageSize: $pageSize, currentPage: $currentPage, sort: $sort) {
      total_count
      page_info {
        current_page
        page_size
        total_pages
      }
      sort_fields {
        default
        options {
          label
          value
        }
      }
      aggregations(filter: { category: { includeDirectChildrenOnly: true } }) {
        attribute_code
        label
        count
        position
        options {
          label
          value
          count
        }
      }
      suggestions {
        search
      }
      items {
        ...CatalogProductCardFields
        ...CatalogCardVariantFields @include(if: $withVariants)
      }
    }
  }
`);

/**
 * Facets only: the options of each attribute over the listing without that attribute's filter,
 * and the colours' swatches (Magento serves them only in the older \`filters\` shape).
 */
export const CatalogFacetsQuery = graphql(`
  query CatalogFacets($search: String, $filter: ProductAttributeFilterInput) {
    products(search: $search, filter: $filter, pageSize: 1) {
      total_count
      aggregations(filter: { category: { includeDirectChildrenOnly: true } }) {
        attribute_code
        label
        count
        position
        options {
          label
          value
          count
        }
      }
      filters {
        request_var
        filter_items {
          value_string
          ... on SwatchLayerFilterItemInterface {
            swatch_data {
              type
              value
            }
          }
        }
      }
    }
  }
`);
