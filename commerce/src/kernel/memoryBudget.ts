import { getHeapStatistics } from 'node:v8';

/**
 * What the in-process caches may hold, all derived from one figure: V8's heap limit
 * (`--max-old-space-size`, 192 MiB under `npm start`). Each cache gets its share of one cache
 * budget, in bytes or in entries of a measured size, so a shop that raises the limit gets bigger
 * caches and one that lowers it cannot be pushed out of heap by them (issue 28: the caches, the
 * page render and the heap limit did not fit together).
 */
export interface MemoryBudget {
  heapLimitBytes: number;
  /** All caches together: CACHE_SHARE_OF_HEAP of the limit. */
  cacheBytes: number;
  /** Bodies of cached public GET answers (responseCache.ts). */
  responseCacheBytes: number;
  /** Catalog rows shared by every request (catalog/catalogRowCache.ts). */
  catalogRowEntries: number;
  /** Product ids of cached search candidates, with their relevance (productService.ts). */
  searchCandidateIds: number;
  /** Product ids of cached category orders (productService.ts). */
  categoryOrderIds: number;
  /** Queries kept compiled by graphql-jit (compiledExecution.ts). */
  compiledDocuments: number;
  /** Parsed documents and parse errors of both GraphQL endpoints (graphqlRuntime/parsedDocumentCache.ts). */
  parsedDocumentBytes: number;
  /** Compressed server-rendered pages for anonymous shoppers (server/src/pageCache.ts). */
  pageCacheBytes: number;
}

/**
 * The rest of the heap is the process itself (schema, modules, code: 55-65 MiB live under page
 * traffic), requests in flight and server renders, and the room V8 needs between collections;
 * the caches together stay within this share so the heap in use stays under 70 % of the limit.
 */
export const CACHE_SHARE_OF_HEAP = 0.3;

/** Each cache's part of the cache budget (they add up to 1). */
const SHARES = {
  // A page kept whole spares the render's own API calls too: part of the answers' share went to pages.
  responseCache: 0.28,
  pageCache: 0.12,
  catalogRows: 0.15,
  searchCandidates: 0.1,
  categoryOrders: 0.1,
  compiledDocuments: 0.1,
  parsedDocuments: 0.15,
} as const;

/**
 * What one entry costs in the heap (heap snapshots of the demo shop, 2026-11-27): a product row
 * with its texts, a candidate id with its relevance score in the arrays and the Map slot, a
 * category order's id (a number in an array), one compiled query (its generated functions).
 */
const ENTRY_BYTES = {
  catalogRow: 2048,
  searchCandidateId: 24,
  categoryOrderId: 8,
  compiledDocument: 96 * 1024,
} as const;

/** The fixed bounds the caches had before the budget: a large heap never gets more than these. */
const CEILINGS = {
  responseCacheBytes: 64 * 1024 * 1024,
  catalogRowEntries: 4000,
  searchCandidateIds: 200_000,
  categoryOrderIds: 500_000,
  compiledDocuments: 500,
  parsedDocumentBytes: 64 * 1024 * 1024,
  pageCacheBytes: 64 * 1024 * 1024,
} as const;

export function memoryBudget(heapLimitBytes = getHeapStatistics().heap_size_limit): MemoryBudget {
  const cacheBytes = Math.floor(heapLimitBytes * CACHE_SHARE_OF_HEAP);
  const entries = (share: number, bytesEach: number, ceiling: number) =>
    Math.max(1, Math.min(ceiling, Math.floor((cacheBytes * share) / bytesEach)));
  return {
    heapLimitBytes,
    cacheBytes,
    responseCacheBytes: entries(SHARES.responseCache, 1, CEILINGS.responseCacheBytes),
    catalogRowEntries: entries(SHARES.catalogRows, ENTRY_BYTES.catalogRow, CEILINGS.catalogRowEntries),
    searchCandidateIds: entries(SHARES.searchCandidates, ENTRY_BYTES.searchCandidateId, CEILINGS.searchCandidateIds),
    categoryOrderIds: entries(SHARES.categoryOrders, ENTRY_BYTES.categoryOrderId, CEILINGS.categoryOrderIds),
    compiledDocuments: entries(SHARES.compiledDocuments, ENTRY_BYTES.compiledDocument, CEILINGS.compiledDocuments),
    parsedDocumentBytes: entries(SHARES.parsedDocuments, 1, CEILINGS.parsedDocumentBytes),
    pageCacheBytes: entries(SHARES.pageCache, 1, CEILINGS.pageCacheBytes),
  };
}

/** The bytes a budget's caches may hold at most, by the same entry sizes: for tests and docs. */
export function budgetedBytes(budget: MemoryBudget): number {
  return (
    budget.responseCacheBytes +
    budget.catalogRowEntries * ENTRY_BYTES.catalogRow +
    budget.searchCandidateIds * ENTRY_BYTES.searchCandidateId +
    budget.categoryOrderIds * ENTRY_BYTES.categoryOrderId +
    budget.compiledDocuments * ENTRY_BYTES.compiledDocument +
    budget.parsedDocumentBytes +
    budget.pageCacheBytes
  );
}
