// The front door of domains/tax: what other domains, the composition root (domains/context.ts)
// and the API layers use of it. Everything else in this folder is private (tooling/eslint/boundaries.mjs).
export {
  readCountriesWithRegions,
  readTaxRates,
  replaceTaxRates,
  type TaxRateInput,
  type TaxRateRecord,
} from './taxAdminService';
export { findTaxRate, ratePercent, taxOf } from './taxService';
export { createCustomerTaxClass, readCustomerTaxClasses, type CustomerTaxClassRecord } from './customerTaxClassService';
