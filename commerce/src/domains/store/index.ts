// The front door of domains/store: what other domains, the composition root (domains/context.ts)
// and the API layers use of it. Everything else in this folder is private (tooling/eslint/boundaries.mjs).
export { setExchangeRate } from './exchangeRateService';
export { createStoreService, type StoreService } from './storeService';
export {
  STORE_LOCALES,
  readStoreViewAdmin,
  saveCurrencyRate,
  saveStoreView,
  type StoreViewAdminView,
  type StoreViewInput,
} from './storeViewAdmin';
export { readStoreSettings, updateStoreSettings, type StoreSettingsInput } from './storeSettingsAdmin';
export { DEFAULT_STORE_ID, createStoreViewCache, scopeFor, type StoreScope, type StoreViewCache } from './storeViews';
export { seedShopBasics } from './shopBasics';
export {
  DEFAULT_ROOT_CATEGORY_ID,
  MAGENTO_FLAT_RATE,
  MAGENTO_ROOT_CATEGORIES,
  MAGENTO_STORE_CONFIG,
  defaultStoreView,
} from './shopDefaults';
