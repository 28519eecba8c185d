/**
 * A guest checkout as a shopper's browser sends it, one operation per step; each takes the cart id
 * as `$id` (the first creates it) and the second a `$sku` in stock.
 */
export const GUEST_CHECKOUT: readonly string[] = [
  'mutation { createGuestCart { cart { id } } }',
  'mutation($id: String!, $sku: String!) { addProductsToCart(cartId: $id, cartItems: [{ sku: $sku, quantity: 1 }]) { cart { total_quantity } user_errors { code message } } }',
  'mutation($id: String!) { setGuestEmailOnCart(input: { cart_id: $id, email: "stop@example.com" }) { cart { email } } }',
  'mutation($id: String!) { setShippingAddressesOnCart(input: { cart_id: $id, shipping_addresses: [{ address: { firstname: "Ada", lastname: "Lovelace", street: ["1 Main St"], city: "Austin", region: "TX", postcode: "73301", country_code: "US", telephone: "5550100" } }] }) { cart { id } } }',
  'mutation($id: String!) { setBillingAddressOnCart(input: { cart_id: $id, billing_address: { same_as_shipping: true } }) { cart { id } } }',
  'mutation($id: String!) { setShippingMethodsOnCart(input: { cart_id: $id, shipping_methods: [{ carrier_code: "flatrate", method_code: "flatrate" }] }) { cart { id } } }',
  'mutation($id: String!) { setPaymentMethodOnCart(input: { cart_id: $id, payment_method: { code: "checkmo" } }) { cart { id } } }',
  'mutation($id: String!) { placeOrder(input: { cart_id: $id }) { orderV2 { number } errors { code message } } }',
];
