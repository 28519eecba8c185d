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

// Stripe's module's saved cards (docs/payments.md): listed by a mutation, as the module does.
export const AccountStripeSavedCardsMutation = graphql(`
  mutation AccountStripeSavedCards {
    listStripePaymentMethods {
      id
      type
      brand
      label
      exp_month
      exp_year
    }
  }
`);

export const DeleteStripeSavedCardMutation = graphql(`
  mutation DeleteStripeSavedCard($paymentMethodId: String!) {
    deleteStripePaymentMethod(input: { payment_method: $paymentMethodId })
  }
`);
