import { graphql } from '../../__generated__/gql';

/**
 * The free-delivery threshold (the free-shipping carrier's, in the base currency) and the rates to
 * show it in the cart's currency. Its own query: a Magento shop that does not serve the two
 * settings answers it with an error, and the cart then simply shows no progress.
 */
export const FreeDeliveryQuery = graphql(`
  query FreeDelivery {
    storeConfig {
      store_code
      free_shipping_active
      free_shipping_subtotal
    }
    currency {
      base_currency_code
      exchange_rates {
        currency_to
        rate
      }
    }
  }
`);
