// The front door of domains/routing: what other domains, the composition root (domains/context.ts)
// and the API layers use of it. Everything else in this folder is private (tooling/eslint/boundaries.mjs).
export { createRouteService, type RouteService } from './routeService';
export {
  dropAddresses,
  insertAddress,
  movePageAddress,
  nextRewriteId,
  setCategoryRequestPath,
  setProductAddress,
} from './urlRewrites';
