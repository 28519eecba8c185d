// The public entry of @vela/commerce: what the server, the CLI and the benchmarks may use. Everything
// else under src/ is internal and may change without notice.
export { createCommerce } from './commerce';
export type { Commerce, CommerceConfig, CommerceGauges } from './commerce';
export type { OperationObserver, OperationOutcome } from './graphqlRuntime/operationMetrics';
export type { DatabasePoolStats } from './db/connection';
export { renderDemoProductSvg, demoProductImagePath } from './demo/productImage';
export type { ResponseCacheStats } from './graphqlRuntime/responseCache';
export { memoryBudget } from './kernel/memoryBudget';
export { SizedLruCache } from './kernel/sizedLruCache';
export { collectRepeatableEffects, repeatEffects } from './kernel/cachedAnswerEffects';
export type { MemoryBudget } from './kernel/memoryBudget';
export type { SitemapPlan, SitemapService } from './domains/sitemap';
export { openShopMaintenance } from './maintenance';
export type { ShopMaintenance, MaintenanceOptions } from './maintenance';
export {
  importCatalogCsv,
  CatalogImportError,
  type CatalogImportOptions,
  type CatalogImportReport,
  exportCatalogCsv,
  MAX_IMAGE_PIXELS,
  type CatalogExportReport,
} from './domains/catalogTransfer';
export type { BackOfficeApi } from './backOffice/backOfficeApi';
export { MAX_IMPORT_BYTES, MAX_IMPORT_REQUEST_BYTES } from './backOffice/catalogImportJobs';
export type { NewStaffMember } from './domains/staff';
