// The front door of domains/directory: what other domains, the composition root (domains/context.ts)
// and the API layers use of it. Everything else in this folder is private (tooling/eslint/boundaries.mjs).
export { countryNames, createDirectoryService, findDestination, type DirectoryService } from './directoryService';
export { magentoDirectory } from './directoryData';
export { writeDirectory } from './directoryService';
export { addressRuleLists } from './directoryService';
