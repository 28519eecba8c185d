import { graphql } from '../../__generated__/gql';

// Stripe's module dialect (docs/payments.md). A backend without it (a Magento without Stripe's
// module) answers an error here: the card is then simply not offered.
export const CardPaymentConfigurationQuery = graphql(`
  query CardPaymentConfiguration {
    getStripeConfiguration {
      apiKey
      locale
      elementsOptions
    }
  }
`);

export const SetCheckoutCardPaymentMutation = graphql(`
  mutation SetCheckoutCardPayment($cartId: String!, $paymentMethodId: String!, $save: Boolean) {
    setPaymentMethodOnCart(
      input: {
        cart_id: $cartId
        payment_method: {
          code: "stripe_payments"
          stripe_payments: { payment_element: true, payment_method: $paymentMethodId, save_payment_method: $save }
        }
      }
    ) {
      cart {
        ...CheckoutCartFields
      }
    }
  }
`);

// A mutation in Stripe's module, though it only reads: the signed-in customer's saved cards.
export const CheckoutStripeSavedCardsMutation = graphql(`
  mutation CheckoutStripeSavedCards {
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

// Magento's cancelOrder: a signed-in customer gives up a card order waiting for its payment, to pay
// its cart (opened again by the server) with another card.
export const CancelCardOrderMutation = graphql(`
  mutation CancelCardOrder($orderId: ID!, $reason: String!) {
    cancelOrder(input: { order_id: $orderId, reason: $reason }) {
      error
      order {
        id
        status
        state
      }
    }
  }
`);
