// The front door of domains/catalog: what other domains, the composition root (domains/context.ts)
// and the API layers use of it. Everything else in this folder is private (tooling/eslint/boundaries.mjs).
export { createCatalogLoaders, type CatalogLoaders } from './catalogLoaders';
export { createCatalogRowCache, type CatalogRowCache } from './catalogRowCache';
export { CATEGORY_URL_SUFFIX, FIRST_ADDRESSED_LEVEL } from './categoryAddresses';
export { insertCategory } from './categoryRows';
export {
  createCategoryAdminService,
  type AdminCategoryRecord,
  type CategoryAdminService,
} from './categoryAdminService';
export {
  createCategoryStoreTextService,
  type CategoryStoreTextService,
  type CategoryTexts,
} from './categoryStoreTextService';
export { createSearchSynonymService, type SearchSynonymService, type SynonymGroupRecord } from './searchSynonymService';
export { createProductService, type ProductService } from './productService';
export {
  createSearchTermService,
  normaliseSearchTerm,
  type SearchTermListArgs,
  type SearchTermRecord,
  type SearchTermService,
  type SearchTermSort,
} from './searchTermService';
export { LOW_STOCK_THRESHOLD } from './productView';
export { localizeProducts, storeLabels, type StoreRef } from './translationService';
export { createAttributeMetadataService, type AttributeMetadataService } from './attributeMetadataService';
export { createReviewService, type ReviewService, type ReviewView, type ReviewPage } from './reviewService';
export { GUEST_GROUP_ID, loadTierPrices, tierPriceForQuantity, type TierPriceRow } from './tierPrices';
export {
  CUSTOM_OPTION_TYPES,
  MULTI_VALUE_OPTION_TYPES,
  SELECT_OPTION_TYPES,
  customOptionStoreTitles,
  loadCustomOptions,
  optionPriceOf,
  replaceCustomOptions,
  setCustomOptionStoreTitles,
  validateCustomOptions,
  type CustomOptionInput,
  type CustomOptionRecord,
  type CustomOptionStoreTitles,
  type CustomOptionValueRecord,
} from './customOptions';
export {
  BUNDLE_OPTION_TYPES,
  DEFAULT_BUNDLE_SETTINGS,
  MAX_BUNDLE_QTY,
  SINGLE_CHOICE_BUNDLE_TYPES,
  bundleBasePrice,
  bundleOptionUid,
  bundleSelectionUid,
  loadBundles,
  bundlePriceBounds,
  bundleSalable,
  replaceBundle,
  selectionUnitPrice,
  type BundleOptionInput,
  type BundleOptionRecord,
  type BundleRecord,
  type BundleSelectionRecord,
  type BundleSettings,
} from './bundleOptions';
export { loadGroupedItems, replaceGroupedItems, type GroupedItemRecord } from './groupedItems';
export { isVirtualCart, isVirtualType, productTypename } from './virtualProducts';
export {
  downloadableLinkUid,
  loadDownloadables,
  parseDownloadableLinkUid,
  replaceDownloadables,
  type DownloadableLinkInput,
  type DownloadableSampleInput,
  type DownloadableSet,
  type StoredDownloadables,
} from './downloadableLinks';
export { downloadableLinksView, downloadableSamplesView, linkSamplePath, samplePath } from './downloadableProductView';
