// Issue 28: every in-process cache had a fixed bound of its own (the response cache 64 MiB of a
// 192 MiB heap) and nothing made them fit the heap limit together. Now one budget, derived from
// V8's heap limit, gives each cache its share.
import { afterAll, describe, expect, it } from 'vitest';
import { getHeapStatistics } from 'node:v8';
import { CACHE_SHARE_OF_HEAP, budgetedBytes, memoryBudget } from '../src/kernel/memoryBudget';
import { startTestCommerce, type TestCommerce } from './catalogTestServer';

const MIB = 1024 * 1024;
/** heap_size_limit under `npm start`'s --max-old-space-size=192 --max-semi-space-size=4. */
const NPM_START_HEAP_LIMIT = 204 * MIB;

describe('memoryBudget', () => {
  it("keeps all caches together within their share of npm start's heap limit", () => {
    const budget = memoryBudget(NPM_START_HEAP_LIMIT);
    expect(budget.cacheBytes).toBe(Math.floor(NPM_START_HEAP_LIMIT * CACHE_SHARE_OF_HEAP));
    expect(budgetedBytes(budget)).toBeLessThanOrEqual(budget.cacheBytes);
    // Half of it for public answers: about 30 of the 64 MiB the response cache used to get.
    expect(budget.responseCacheBytes).toBeLessThan(32 * MIB);
    expect(budget.responseCacheBytes).toBeGreaterThan(16 * MIB);
    expect(budget.compiledDocuments).toBeGreaterThanOrEqual(50);
  });

  it('gives a smaller heap smaller caches, and a large one no more than the former fixed bounds', () => {
    const small = memoryBudget(64 * MIB);
    const usual = memoryBudget(NPM_START_HEAP_LIMIT);
    expect(budgetedBytes(small)).toBeLessThanOrEqual(small.cacheBytes);
    expect(small.responseCacheBytes).toBeLessThan(usual.responseCacheBytes);
    expect(small.catalogRowEntries).toBeLessThan(usual.catalogRowEntries);
    expect(small.compiledDocuments).toBeLessThan(usual.compiledDocuments);
    const large = memoryBudget(8192 * MIB);
    expect(large).toMatchObject({
      responseCacheBytes: 64 * MIB,
      catalogRowEntries: 4000,
      searchCandidateIds: 200_000,
      categoryOrderIds: 500_000,
      compiledDocuments: 500,
    });
  });

  it("defaults to this process's own heap limit", () => {
    expect(memoryBudget().heapLimitBytes).toBe(getHeapStatistics().heap_size_limit);
  });
});

describe('the commerce API under its memory budget', () => {
  const apis: TestCommerce[] = [];
  afterAll(async () => Promise.all(apis.map((api) => api.close())));

  it("takes its bounds from this process's heap limit", async () => {
    const api = await startTestCommerce();
    apis.push(api);
    const gauges = api.commerce.gauges();
    expect(gauges.memoryBudget).toEqual(memoryBudget());
    expect(gauges.responseCache?.maxBytes).toBe(memoryBudget().responseCacheBytes);
  });

  it('keeps the response cache within the share a small heap gives it, whatever is asked', async () => {
    const budget = memoryBudget(8 * MIB);
    const api = await startTestCommerce({ memoryBudget: budget });
    apis.push(api);
    expect(api.commerce.gauges().responseCache?.maxBytes).toBe(budget.responseCacheBytes);
    // Distinct public GETs of whole pages of products with their descriptions.
    for (let size = 40; size < 100; size++) {
      const answer = await api.get(
        `query($size: Int) { products(filter: {}, pageSize: $size) { items { sku name description { html } } } }`,
        { size },
      );
      expect(answer.status).toBe(200);
    }
    const cache = api.commerce.gauges().responseCache!;
    expect(cache.evictions).toBeGreaterThan(0);
    expect(cache.bytes).toBeLessThanOrEqual(budget.responseCacheBytes);
  });
});
