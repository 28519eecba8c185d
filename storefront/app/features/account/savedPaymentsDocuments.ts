import { graphql } from '../../__generated__/gql';

// Magento's vault (VaultGraphQl): the signed-in customer's kept cards, and forgetting one.
export const SavedPaymentMethodsQuery = graphql(`
  query SavedPaymentMethods {
    customerPaymentTokens {
      items {
        details
        public_hash
        payment_method_code
        type
      }
    }
  }
`);

export const DeleteSavedPaymentMethodMutation = graphql(`
  mutation DeleteSavedPaymentMethod($publicHash: String!) {
    deletePaymentToken(public_hash: $publicHash) {
      result
      customerPaymentTokens {
        items {
          details
          public_hash
          payment_method_code
          type
        }
      }
    }
  }
`);
