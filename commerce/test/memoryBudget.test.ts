// Issue 28: every in-process cache had a fixed bound of its own (the response cache 64 MiB of a
// 192 MiB heap) and nothing made them fit the heap limit together. Now one budget, derived from
// V8's heap limit, gives each cache its share.
import { afterAll, describe, expect, it } from 'vitest';
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
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
    // 28 % of it for public answers: about 17 of the 64 MiB the response cache used to get; 12 %
    // (about 7 MiB, some 300 compressed pages) for the server's page cache.
    expect(budget.responseCacheBytes).toBeLessThan(32 * MIB);
    expect(budget.responseCacheBytes).toBeGreaterThan(16 * MIB);
    expect(budget.pageCacheBytes).toBeGreaterThan(6 * MIB);
    expect(budget.pageCacheBytes).toBeLessThan(budget.responseCacheBytes);
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

/** A full collection, so what the heap holds is what is still referenced. */
function heapInUseAfterGc(): number {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
  return process.memoryUsage().heapUsed;
}

describe('parsed documents under the memory budget', () => {
  const apis: TestCommerce[] = [];
  afterAll(async () => Promise.all(apis.map((api) => api.close())));

  // Yoga kept 1,024 parsed documents and 1,024 parse errors keyed by their whole text: 400
  // different documents of 200 KB took the heap from 42 to 199 MiB.
  it('keeps what many different large documents leave behind within the budget, on both endpoints', async () => {
    const budget = memoryBudget(NPM_START_HEAP_LIMIT);
    const api = await startTestCommerce({ memoryBudget: budget });
    apis.push(api);
    const post = (endpoint: 'graphql' | 'admin/graphql', query: string) =>
      (endpoint === 'graphql' ? api.commerce : api.commerce.backOffice)
        .fetch(
          new Request(`http://localhost/${endpoint}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-csrf-token': '1' },
            body: JSON.stringify({ query }),
          }),
        )
        .then((response) => response.text());
    const filler = 'x'.repeat(200_000);
    await post('graphql', '{ storeConfig { store_code } }');
    const before = heapInUseAfterGc();
    for (let i = 0; i < 150; i++) {
      await post('graphql', `{ storeConfig { store_code } } # ${i}${filler}`);
      // A parse error keeps its text too.
      await post('graphql', `{ storeConfig { store_code } # ${i}${filler}`);
      await post('admin/graphql', `{ me { email } } # ${i}${filler}`);
    }
    const grown = heapInUseAfterGc() - before;
    // 450 documents of 200 KB: about 180 MiB kept without a bound; the budget's share is 9 MiB.
    expect(grown).toBeLessThan(budget.parsedDocumentBytes + 16 * MIB);
  }, 120_000);

  it('counts the words of a search in what its cached candidates weigh', async () => {
    const budget = memoryBudget(NPM_START_HEAP_LIMIT);
    const api = await startTestCommerce({ memoryBudget: budget });
    apis.push(api);
    const query = 'query($s: String!) { products(search: $s) { total_count } }';
    const filler = 'x'.repeat(200_000);
    await api.post(query, { s: 'tee' });
    const before = heapInUseAfterGc();
    // Different long phrases that match nothing: each weighed 1 of 200,000 candidates before.
    for (let i = 0; i < 150; i++) expect((await api.post(query, { s: `${i}${filler}` })).status).toBe(200);
    const grown = heapInUseAfterGc() - before;
    // Their text is about 29 MiB; the candidates' share of the budget about 6 MiB.
    expect(grown).toBeLessThan(budget.searchCandidateIds * 24 + 12 * MIB);
  }, 120_000);
});
