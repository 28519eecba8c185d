// The front door of domains/payment: what other domains, the composition root (domains/context.ts)
// and the API layers use of it. Everything else in this folder is private (tooling/eslint/boundaries.mjs).
export {
  NEW_ORDER_STATUS,
  availablePaymentMethods,
  loadActivePaymentCodes,
  paymentMethodSettings,
  paymentMethodTitle,
  type PaymentMethod,
} from './paymentService';
export { readPaymentSettings, updatePaymentSettings } from './paymentSettings';
export {
  CHECK_PAYABLE_TO_KEY,
  CHECK_SEND_TO_KEY,
  checkMoneyOrderInstructions,
  type CheckMoneyOrderInstructions,
} from './checkMoneyOrderInstructions';
