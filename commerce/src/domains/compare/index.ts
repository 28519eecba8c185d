// The front door of domains/compare: what other domains, the composition root (domains/context.ts)
// and the API layers use of it. Everything else in this folder is private (tooling/eslint/boundaries.mjs).
export {
  createCompareListService,
  deleteCustomerCompareList,
  GUEST_LIST_DAYS,
  MAX_COMPARE_ITEMS,
  type CompareListService,
  type CompareListView,
} from './compareListService';
