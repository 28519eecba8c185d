// The front door of domains/contact: what other domains, the composition root (domains/context.ts)
// and the API layers use of it. Everything else in this folder is private (tooling/eslint/boundaries.mjs).
export { DEFAULT_CONTACT_RECIPIENT, createContactService, type ContactService } from './contactService';
