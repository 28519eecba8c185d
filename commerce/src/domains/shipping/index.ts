// The front door of domains/shipping: what other domains, the composition root (domains/context.ts)
// and the API layers use of it. Everything else in this folder is private (tooling/eslint/boundaries.mjs).
export {
  ALL_OTHER_COUNTRIES,
  readShippingSettings,
  updateShippingSettings,
  type ShippingCarrierInput,
  type ShippingSettings,
} from './shippingAdminService';
export { loadShippingSetup, quoteShippingMethods, type ShippingQuote, type ShippingRateSetup } from './shippingService';
export { insertCarrier } from './shippingAdminService';
export { freeShippingSettings } from './freeShippingSettings';
