// The front door of domains/newsletter: what other domains, the composition root (domains/context.ts)
// and the API layers use of it. Everything else in this folder is private (tooling/eslint/boundaries.mjs).
export { createNewsletterService, type NewsletterService } from './newsletterService';
