import { graphql } from '../../__generated__/gql';

/** The store views a shopper can switch to, and the currencies this store offers. */
export const StoreSwitcherQuery = graphql(`
  query StoreSwitcher {
    availableStores {
      store_code
      locale
      base_link_url
      is_default_store
    }
    currency {
      available_currency_codes
      default_display_currency_code
    }
  }
`);
