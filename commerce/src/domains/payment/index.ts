// The front door of domains/payment: what other domains, the composition root (domains/context.ts)
// and the API layers use of it. Everything else in this folder is private (tooling/eslint/boundaries.mjs).
export {
  NEW_ORDER_STATUS,
  STRIPE_METHOD_CODE,
  BRAINTREE_METHOD_CODE,
  BRAINTREE_VAULT_METHOD_CODE,
  BRAINTREE_APPLE_PAY_CODE,
  BRAINTREE_GOOGLE_PAY_CODE,
  BRAINTREE_WALLET_CODES,
  isBraintreeNonceMethod,
  isOnlinePaymentMethod,
  availablePaymentMethods,
  loadActivePaymentCodes,
  paymentMethodSettings,
  paymentMethodTitle,
  threeDSecureKey,
  type PaymentMethod,
} from './paymentService';
export { readPaymentSettings, recordOnlinePaymentAvailability, updatePaymentSettings } from './paymentSettings';
export {
  braintreeThreeDSecureStoreConfig,
  readBraintreeStoreSettings,
  updateBraintreeStoreSettings,
  type BraintreeStoreSettings,
} from './braintreeStoreSettings';
export type { StripeClientSettings } from './stripeClientSettings';
export {
  idempotencyKey,
  PaymentDeclined,
  WebhookRejected,
  type GatewayPayment,
  type MinorAmount,
  type PaymentEvent,
  type PaymentFailure,
  type PaymentProvider,
  type KeptPaymentMethod,
} from './paymentProvider';
export { braintreeMethodCodes, createBraintreeProvider, type BraintreeSettings } from './braintreeProvider';
export {
  createPaymentVault,
  findKeptPaymentMethod,
  isPublicHash,
  keepPaymentMethod,
  type PaymentTokenView,
  type PaymentVault,
} from './paymentVault';
export {
  createStripeProvider,
  isLiveMode,
  type StripeCustomerCards,
  type StripeProvider,
  type StripeSettings,
} from './stripeProvider';
export {
  createStripeSavedCards,
  stripeCustomerKey,
  type StripePaymentMethodView,
  type StripeSavedCards,
} from './stripeSavedCards';
export {
  CHECK_PAYABLE_TO_KEY,
  CHECK_SEND_TO_KEY,
  INSTRUCTION_METHODS,
  offlinePaymentInstructions,
  paymentAdditionalData,
  paymentInstructionsKey,
  type InstructionMethod,
  type OfflinePaymentInstructions,
} from './offlinePaymentInstructions';
export {
  MAX_INSTRUCTIONS,
  readPaymentInstructionSettings,
  updatePaymentInstructionSettings,
  type PaymentInstructionSettings,
} from './paymentInstructionSettings';
