// The front door of domains/cms: what other domains, the composition root (domains/context.ts)
// and the API layers use of it. Everything else in this folder is private (tooling/eslint/boundaries.mjs).
export { createCmsAdminService, type AdminCmsPageRecord, type CmsPageRole } from './cmsAdminService';
export {
  createCmsPageStoreTextService,
  type CmsPageStoreTextService,
  type CmsPageTexts,
} from './cmsPageStoreTextService';
export { createCmsService, type CmsService } from './cmsService';
