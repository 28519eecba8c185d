import { graphql } from '../__generated__/gql';

/** Magento's Check / Money order settings of the store view: whom to pay, where to send it. */
export const CheckPaymentInstructionsQuery = graphql(`
  query CheckPaymentInstructions {
    storeConfig {
      store_code
      check_money_order_make_check_payable_to
      check_money_order_send_check_to
    }
  }
`);
