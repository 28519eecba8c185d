import { defineMessages } from 'react-intl';

// The card gateways' section of the settings page.
export const cg = defineMessages({
  heading: { id: 'backoffice.cardGateways.heading', defaultMessage: 'Card payments' },
  none: {
    id: 'backoffice.cardGateways.none',
    defaultMessage:
      'No card gateway is set up on this server. Its keys are set in the server’s environment (STRIPE_* or BRAINTREE_* variables).',
  },
  keysHint: {
    id: 'backoffice.cardGateways.keysHint',
    defaultMessage: 'Keys are set in the server’s environment. Secret keys are never stored, shown or logged.',
  },
  stripe: { id: 'backoffice.cardGateways.stripe', defaultMessage: 'Stripe' },
  braintree: { id: 'backoffice.cardGateways.braintree', defaultMessage: 'Braintree' },
  mode: { id: 'backoffice.cardGateways.mode', defaultMessage: 'Mode' },
  test: { id: 'backoffice.cardGateways.test', defaultMessage: 'Test (no real money)' },
  live: { id: 'backoffice.cardGateways.live', defaultMessage: 'Live (real money)' },
  capture: { id: 'backoffice.cardGateways.capture', defaultMessage: 'Capture' },
  captureOnOrder: { id: 'backoffice.cardGateways.captureOnOrder', defaultMessage: 'When the order is placed' },
  captureLater: {
    id: 'backoffice.cardGateways.captureLater',
    defaultMessage: 'Later, from the order page (authorised at placement)',
  },
  publishableKey: { id: 'backoffice.cardGateways.publishableKey', defaultMessage: 'Publishable key' },
  merchantId: { id: 'backoffice.cardGateways.merchantId', defaultMessage: 'Merchant ID' },
  publicKey: { id: 'backoffice.cardGateways.publicKey', defaultMessage: 'Public key' },
  secret: { id: 'backoffice.cardGateways.secret', defaultMessage: 'Secret key' },
  privateKey: { id: 'backoffice.cardGateways.privateKey', defaultMessage: 'Private key' },
  fromEnvironment: {
    id: 'backoffice.cardGateways.fromEnvironment',
    defaultMessage: 'Set in the server’s environment ({name}); never shown',
  },
  webhook: { id: 'backoffice.cardGateways.webhook', defaultMessage: 'Webhook address' },
  threeDSecure: {
    id: 'backoffice.cardGateways.threeDSecure',
    defaultMessage: 'Require 3-D Secure for new cards',
  },
  threeDSecureHint: {
    id: 'backoffice.cardGateways.threeDSecureHint',
    defaultMessage:
      'A card whose issuer does not confirm the shopper with 3-D Secure is refused, and the shopper can try another card.',
  },
  save: { id: 'backoffice.cardGateways.save', defaultMessage: 'Save Braintree settings' },
  saved: { id: 'backoffice.cardGateways.saved', defaultMessage: 'The Braintree settings are saved.' },
});
