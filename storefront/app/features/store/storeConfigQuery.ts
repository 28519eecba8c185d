import { graphql } from '../../__generated__/gql';

export const StoreConfigQuery = graphql(`
  query StoreConfig {
    storeConfig {
      store_code
      store_name
      locale
      base_currency_code
      default_display_currency_code
      default_title
      title_prefix
      title_suffix
      default_description
      cms_home_page
      root_category_uid
      product_url_suffix
      category_url_suffix
      grid_per_page
      copyright
      check_money_order_enabled
    }
  }
`);
