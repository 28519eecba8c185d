import { graphql } from '../../__generated__/gql';

// Magento's Braintree module dialect (docs/payments.md); our server speaks it too. A backend
// without the module answers an error for the client token: the Braintree card is then not offered.
export const CreateBraintreeClientTokenMutation = graphql(`
  mutation CreateBraintreeClientToken {
    createBraintreeClientToken
  }
`);

// What the store asks of 3-D Secure, in the module's StoreConfig names. Asked with the client token,
// only once the Braintree card is shown; a backend without these fields answers an error, read as
// "no 3-D Secure from the storefront".
export const BraintreeThreeDSecureConfigQuery = graphql(`
  query BraintreeThreeDSecureConfig {
    storeConfig {
      braintree_3dsecure_verify_3dsecure
      braintree_3dsecure_threshold_amount
      braintree_3dsecure_always_request_3ds
      braintree_3dsecure_allowspecific
      braintree_3dsecure_specificcountry
    }
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
