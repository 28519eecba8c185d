import { graphql } from '../../__generated__/gql';

export const SetCheckoutEmailMutation = graphql(`
  mutation SetCheckoutEmail($cartId: String!, $email: String!) {
    setGuestEmailOnCart(input: { cart_id: $cartId, email: $email }) {
      cart {
        ...CheckoutCartFields
      }
    }
  }
`);

export const SetCheckoutShippingAddressMutation = graphql(`
  mutation SetCheckoutShippingAddress($cartId: String!, $address: CartAddressInput!) {
    setShippingAddressesOnCart(input: { cart_id: $cartId, shipping_addresses: [{ address: $address }] }) {
      cart {
        ...CheckoutCartFields
      }
    }
  }
`);

export const SetCheckoutShippingMethodMutation = graphql(`
  mutation SetCheckoutShippingMethod($cartId: String!, $carrierCode: String!, $methodCode: String!) {
    setShippingMethodsOnCart(
      input: { cart_id: $cartId, shipping_methods: [{ carrier_code: $carrierCode, method_code: $methodCode }] }
    ) {
      cart {
        ...CheckoutCartFields
      }
    }
  }
`);

export const SetCheckoutBillingAddressMutation = graphql(`
  mutation SetCheckoutBillingAddress($cartId: String!, $billing: BillingAddressInput!) {
    setBillingAddressOnCart(input: { cart_id: $cartId, billing_address: $billing }) {
      cart {
        ...CheckoutCartFields
      }
    }
  }
`);

export const SetCheckoutPaymentMethodMutation = graphql(`
  mutation SetCheckoutPaymentMethod($cartId: String!, $code: String!) {
    setPaymentMethodOnCart(input: { cart_id: $cartId, payment_method: { code: $code } }) {
      cart {
        ...CheckoutCartFields
      }
    }
  }
`);

// The confirmation page shows what was ordered from this answer alone: the cart is gone after it.
export const PlaceCheckoutOrderMutation = graphql(`
  mutation PlaceCheckoutOrder($cartId: String!) {
    placeOrder(input: { cart_id: $cartId }) {
      errors {
        code
        message
      }
      orderV2 {
        number
        email
        state
        token
        ...OrderDetailsFields
      }
    }
  }
`);

// A signed-in customer's saved address, by its address-book id.
export const SetCheckoutSavedShippingAddressMutation = graphql(`
  mutation SetCheckoutSavedShippingAddress($cartId: String!, $addressId: Int!) {
    setShippingAddressesOnCart(input: { cart_id: $cartId, shipping_addresses: [{ customer_address_id: $addressId }] }) {
      cart {
        ...CheckoutCartFields
      }
    }
  }
`);
