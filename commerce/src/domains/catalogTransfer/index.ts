// The front door of domains/catalogTransfer: what other domains, the composition root (domains/context.ts)
// and the API layers use of it. Everything else in this folder is private (tooling/eslint/boundaries.mjs).
export { exportCatalogCsv, type CatalogExportReport } from './catalogExportService';
export {
  CatalogImportError,
  importCatalogCsv,
  type CatalogImportOptions,
  type CatalogImportReport,
} from './catalogImportService';
export { refreshSearchAndListings } from './catalogRefresh';
export { createConfigurableEditService, type ConfigurableEditService } from './configurableEditService';
export { failImportJob, finishImportJob, insertImportJob, recordImportProgress } from './importJobRecords';
export { MAX_IMAGE_PIXELS, bufferReader, imageSize, pixelBudgetRefusal } from './imagePixels';
export {
  MAX_PRODUCT_IMAGES,
  createProductEditService,
  type AdminProductRecord,
  type ImageEntry,
  type ProductEditService,
  type ProductSummaryRecord,
} from './productEditService';
export {
  MAX_MASS_SKUS,
  createProductMassActionService,
  type ProductMassAction,
  type ProductSelection,
} from './productMassActionService';
export {
  createProductStoreTextService,
  type ProductStoreTextService,
  type ProductTexts,
} from './productStoreTextService';
export { refreshParentStock, returnStock, takeStock } from './productStock';
export type { TransferProductTable } from './transferTables';
export { createProductCustomOptionService, type ProductCustomOptionService } from './productCustomOptionService';
export { LINK_TYPES, createProductLinkService, type ProductLinkRecord, type ProductLinkService } from './productLinks';
export {
  createTierPriceEditService,
  type TierPriceEditService,
  type TierPriceInput,
  type TierPriceRecord,
} from './tierPriceEditService';
export { refreshBundleListing, refreshGroupedListing } from './compositeListing';
export {
  createAttributeAdminService,
  type AttributeAdminService,
  type AttributeDetail,
  type AttributeOptionInput,
  type AttributeRecord,
  type AttributeSaveInput,
} from './attributeAdminService';
export { ATTRIBUTE_INPUTS } from './attributeRules';
export { neutraliseCell } from './csvFormulaCells';
