import { graphql } from '../../__generated__/gql';

// Magento's Braintree module dialect (docs/payments.md); our server speaks it too. A backend
// without the module answers an error for the client token: the Braintree card is then not offered.
export const CreateBraintreeClientTokenMutation = graphql(`
  mutation CreateBraintreeClientToken {
    createBraintreeClientToken
  }
`);

export const SetCheckoutBraintreePaymentMutation = graphql(`
  mutation SetCheckoutBraintreePayment($cartId: String!, $nonce: String!, $keep: Boolean!, $deviceData: String) {
    setPaymentMethodOnCart(
      input: {
        cart_id: $cartId
        payment_method: {
          code: "braintree"
          braintree: { payment_method_nonce: $nonce, is_active_payment_token_enabler: $keep, device_data: $deviceData }
        }
      }
    ) {
      cart {
        ...CheckoutCartFields
      }
    }
  }
`);

export const SetCheckoutBraintreeVaultPaymentMutation = graphql(`
  mutation SetCheckoutBraintreeVaultPayment($cartId: String!, $publicHash: String!) {
    setPaymentMethodOnCart(
      input: {
        cart_id: $cartId
        payment_method: { code: "braintree_cc_vault", braintree_cc_vault: { public_hash: $publicHash } }
      }
    ) {
      cart {
        ...CheckoutCartFields
      }
    }
  }
`);

export const CheckoutKeptCardsQuery = graphql(`
  query CheckoutKeptCards {
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
