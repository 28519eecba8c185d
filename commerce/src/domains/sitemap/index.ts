// The front door of domains/sitemap: what other domains, the composition root (domains/context.ts)
// and the API layers use of it. Everything else in this folder is private (tooling/eslint/boundaries.mjs).
export { createSitemapService, type SitemapPlan, type SitemapService } from './sitemapService';
