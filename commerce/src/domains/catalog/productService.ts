import type { Kysely } from 'kysely';
import type { Database, ProductTable } from '../../db/tables';
import type { SearchIndex } from '../../db/searchIndex';
import { createSearchVocabularies } from './searchVocabulary';
import { rewriteSearch, wordsOf } from './searchWords';
import type { RewrittenSearch, StoreVocabulary } from './searchWords';
import { inputError } from '../errors';
import { hasAnyFilter, resolveProductFilters } from './productFilters';
import type { ProductFilterInput, ProductFilters } from './productFilters';
import {
  categoryOnly,
  countProducts,
  facetCandidates,
  pageByRelevance,
  pageByValue,
  pageOfProductIds,
} from './productSearch';
import type { FacetCandidates } from './productSearch';
import type { ProductSort, SortField } from './productSearch';
import { computeAggregations, loadFacetLabels } from './productAggregations';
import type { Aggregation, FacetLabels } from './productAggregations';
import { createCategoryFacetCountCache } from './categoryFacetCounts';
import type { CatalogRowCache } from './catalogRowCache';
import { memoryBudget, type MemoryBudget } from '../../kernel/memoryBudget';
import { createVersionedCache } from '../../kernel/versionedCache';
import type { FacetCounts } from './categoryFacetCounts';
import { CATEGORY_FACET, catalogVersionOfRequest } from '../../db/catalogIndex';
import { countFacets, createFacetIndex } from './facetIndex';
import { createCategoryOrderCache } from './categoryOrderCache';
import type { CountedFacets, FacetSnapshot } from './facetIndex';
import type { StoreScope } from '../../kernel/storeScope';
import { builtInLabels } from './builtInLabels';
import { defaultUrlKeys } from './translationService';
import type { SearchTermService } from './searchTermService';
import { inStoreNames } from '../../db/searchIndex';
import { repeatableEffect } from '../../kernel/cachedAnswerEffects';

export const MAX_PAGE_SIZE = 300;

export interface ProductSearchArgs {
  search?: string | null;
  filter?: ProductFilterInput | null;
  pageSize?: number | null;
  currentPage?: number | null;
  sort?: Partial<Record<SortField, 'ASC' | 'DESC' | null>> | null;
}

export interface ProductSearchResult {
  items: ProductTable[];
  totalCount: number;
  pageSize: number;
  currentPage: number;
  totalPages: number;
  sortFields: { default: string; options: Array<{ label: string; value: string }> };
  aggregations(options: { directChildrenOnly: boolean }): Promise<Aggregation[]>;
  /** Texts that find products when the search found none ("Did you mean"). */
  suggestions: string[];
}

/** A price filter comes in the display currency (as the price buckets are shown); prices are stored in the base. */
function priceFilterInBase(price: NonNullable<ProductFilters['price']>, rate: number): ProductFilters['price'] {
  if (rate === 1) return price;
  const toBase = (minor: number | null) => (minor === null ? null : Math.round(minor / rate));
  return { from: toBase(price.from), to: toBase(price.to) };
}

export function validatePaging(pageSize: number, currentPage: number): void {
  if (currentPage < 1) throw inputError('currentPage value must be greater than 0.');
  if (pageSize < 1) throw inputError('pageSize value must be greater than 0.');
  if (pageSize > MAX_PAGE_SIZE) throw inputError(`pageSize value must be less than or equal to ${MAX_PAGE_SIZE}.`);
}

function pickSort(sort: ProductSearchArgs['sort'], search: string | null): ProductSort {
  for (const field of ['relevance', 'position', 'name', 'price'] as const) {
    const direction = sort?.[field];
    if (direction) return { field, direction };
  }
  return search !== null ? { field: 'relevance', direction: 'DESC' } : { field: 'position', direction: 'ASC' };
}

/** Matches beyond this many are paged by SQL, which reads the rows in order from an index. */
const PAGE_IN_MEMORY_MAX = 2000;

/** The expression searched in the store view's own texts: a store view matches its own language. */
const inStoreTexts = (store: StoreScope, expression: string) =>
  store.isDefault ? expression : inStoreNames(expression);

/** A products query asking for this many or fewer is a box suggesting while the shopper types. */
const TYPING_PAGE_SIZE = 8;
/** Rewritten phrases kept (a long phrase weighs more). */
const KEPT_REWRITES = 5000;
/** Popular searches offered when a search found nothing. */
const POPULAR_SUGGESTIONS = 5;

export function createProductService(
  db: Kysely<Database>,
  searchIndex: SearchIndex,
  rows: CatalogRowCache,
  budget: Pick<MemoryBudget, 'searchCandidateIds' | 'categoryOrderIds'> = memoryBudget(),
  searchTerms: Pick<SearchTermService, 'record' | 'popular'> | null = null,
) {
  const facetIndex = createFacetIndex(db);
  const vocabularyOf = createSearchVocabularies(db);
  const categoryFacetCounts = createCategoryFacetCountCache(db);
  // A search's candidates and their relevance (bm25 over every match: most of a search's cost)
  // depend only on the words and the filters below, not on the page, sort, price or attribute
  // filters a shopper changes next: kept per catalog version, as many candidates in all as the
  // memory budget gives (200,000 at most).
  // The key holds the search words, which a client chooses: a long phrase with no match weighs
  // its text (in candidate-sized units of 24 bytes, UTF-16 at worst), not nothing.
  const candidatesCache = createVersionedCache<FacetCandidates>(
    db,
    budget.searchCandidateIds,
    (c, key) => Math.max(1, c.ids.length) + Math.ceil((key.length * 2) / 24),
  );
  // A phrase's rewriting into catalog words (a typo's correction walks the vocabulary: about a
  // quarter of a repeated misspelt search's CPU, measured) holds until the catalog changes.
  const rewrites = createVersionedCache<RewrittenSearch>(
    db,
    KEPT_REWRITES,
    (_rewritten, key) => 1 + Math.ceil((key.length * 2) / 256),
  );
  // A category listing's products in each sort order (about 0.2 ms of SQL per listing of a big
  // category at 10,000 products), patched rather than dropped when a save changes a few products.
  // As many ids as the memory budget gives (500,000 at most).
  const categoryOrder = createCategoryOrderCache(db, budget.categoryOrderIds);
  const categoryPage = async (
    categoryId: number,
    sort: ProductSort,
    page: { pageSize: number; currentPage: number },
  ): Promise<number[]> => {
    // Relevance without a search orders by position, as the listing query does.
    const field = sort.field === 'name' || sort.field === 'price' ? sort.field : 'position';
    const ordered = await categoryOrder(categoryId, field, sort.direction === 'DESC');
    const start = (page.currentPage - 1) * page.pageSize;
    return Array.from(ordered.subarray(start, start + page.pageSize));
  };
  const pageOfRows = async (
    ids: readonly number[],
    passing: readonly number[],
    sort: ProductSort,
    page: { pageSize: number; currentPage: number },
  ): Promise<number[]> => {
    const products = new Map((await loadByIds(passing.map((p) => ids[p]!))).map((p) => [p.id, p]));
    const valueOf = (id: number) => {
      const product = products.get(id);
      return product ? Number(sort.field === 'price' ? product.min_price : product.position) : 0;
    };
    return pageByValue(ids, passing, valueOf, sort.direction, page);
  };
  const candidatesOf = (filters: ProductFilters, search: string | null): Promise<FacetCandidates> => {
    const key = JSON.stringify([search, filters.categoryIds, filters.skus, filters.urlKeys, filters.text]);
    return candidatesCache(key, () => facetCandidates(db, searchIndex, filters, search));
  };
  const unfilteredCounts = new WeakMap<FacetCandidates, { snapshot: FacetSnapshot; counted: CountedFacets }>();
  /** The total and every facet of a search or filtered listing, counted in memory; null to count in SQL. */
  const countInMemory = async (
    filters: ProductFilters,
    search: string | null,
  ): Promise<{ counted: CountedFacets; candidates: FacetCandidates } | null> => {
    const [snapshot, candidates] = await Promise.all([facetIndex.snapshot(), candidatesOf(filters, search)]);
    // The snapshot is being rebuilt whole: counted in SQL rather than waiting for it.
    if (!snapshot) return null;
    // Without attribute or price filters the counts depend on the candidates alone: counted once
    // per cached candidate set (and snapshot), so the next page or sort of the same words is free.
    const unfiltered = filters.attributes.size === 0 && filters.price === null;
    const known = unfiltered ? unfilteredCounts.get(candidates) : undefined;
    if (known?.snapshot === snapshot) return { counted: known.counted, candidates };
    const counted = countFacets(snapshot, filters, candidates.ids);
    if (counted && unfiltered) unfilteredCounts.set(candidates, { snapshot, counted });
    return counted && { counted, candidates };
  };
  // Labels change only with the catalog: one cheap version read instead of two queries per listing.
  // Each store view has its own, in its language.
  const labelsByStore = new Map<number, { version: number; loading: Promise<FacetLabels> }>();
  const facetLabels = async (store: StoreScope): Promise<FacetLabels> => {
    const version = await catalogVersionOfRequest(db);
    let labels = labelsByStore.get(store.id);
    if (labels?.version !== version) {
      const loading = loadFacetLabels(db, store);
      labels = { version, loading };
      labelsByStore.set(store.id, labels);
      loading.catch(() => {
        if (labelsByStore.get(store.id)?.loading === loading) labelsByStore.delete(store.id);
      });
    }
    return labels.loading;
  };

  /** Product rows in the order of `ids` (unknown ids left out), shared: never changed by callers. */
  async function loadByIds(ids: readonly number[]): Promise<ProductTable[]> {
    if (ids.length === 0) return [];
    const found = await rows.rows('product', ids, async (missing) => {
      const read = await db.selectFrom('product').selectAll().where('id', 'in', missing).execute();
      return new Map<number, ProductTable>(read.map((r) => [r.id, r]));
    });
    return found.filter((r): r is ProductTable => r !== undefined);
  }

  async function runSearch(
    filters: ProductFilters,
    search: string | null,
    args: ProductSearchArgs,
    store: StoreScope,
  ): Promise<ProductSearchResult> {
    const pageSize = args.pageSize ?? 20;
    const currentPage = args.currentPage ?? 1;
    validatePaging(pageSize, currentPage);
    const sort = pickSort(args.sort, search);
    // A category's precomputed facet counts serve its unfiltered total and facets, loaded once per search.
    const facetCounts = new Map<number, Promise<Map<string, FacetCounts>>>();
    const facetCountsOf = (categoryId: number) => {
      let counts = facetCounts.get(categoryId);
      if (!counts) facetCounts.set(categoryId, (counts = categoryFacetCounts(categoryId)));
      return counts;
    };
    const onlyCategory = categoryOnly(filters, search);
    const inMemory = onlyCategory === null ? await countInMemory(filters, search) : null;
    const counted = inMemory?.counted ?? null;
    const totalCount =
      onlyCategory !== null
        ? ((await facetCountsOf(onlyCategory)).get(CATEGORY_FACET)?.get(onlyCategory) ?? 0)
        : (counted?.total ?? (await countProducts(db, searchIndex, filters, search)));
    const totalPages = Math.ceil(totalCount / pageSize);
    if (totalCount > 0 && currentPage > totalPages) {
      throw inputError(
        `currentPage value ${currentPage} specified is greater than the ${totalPages} page(s) available.`,
      );
    }
    const scores = inMemory?.candidates.scores;
    // A few matches outside any category (a product page's url key, a SKU lookup) sorted by a
    // number of the product row: paged in memory from the cached rows instead of another query.
    // Names stay in SQL (collations differ between engines), and so does a category's own order.
    const byValue =
      inMemory !== null &&
      filters.categoryIds === null &&
      (sort.field === 'position' || sort.field === 'price') &&
      inMemory.counted.passing.length <= PAGE_IN_MEMORY_MAX;
    const ids =
      totalCount === 0
        ? []
        : inMemory && scores && sort.field === 'relevance'
          ? pageByRelevance(inMemory.candidates, inMemory.counted.passing, sort.direction, {
              pageSize,
              currentPage,
            })
          : onlyCategory !== null
            ? await categoryPage(onlyCategory, sort, { pageSize, currentPage })
            : byValue && inMemory
              ? await pageOfRows(inMemory.candidates.ids, inMemory.counted.passing, sort, { pageSize, currentPage })
              : await pageOfProductIds(db, searchIndex, filters, search, sort, { pageSize, currentPage });
    const builtIn = builtInLabels(store.locale);
    const options = [
      ...(search !== null ? [{ label: builtIn.relevance, value: 'relevance' }] : []),
      { label: builtIn.position, value: 'position' },
      { label: builtIn.name, value: 'name' },
      { label: builtIn.price, value: 'price' },
    ];
    const aggregationsByScope = new Map<boolean, Promise<Aggregation[]>>();
    return {
      items: await loadByIds(ids),
      totalCount,
      pageSize,
      currentPage,
      totalPages,
      sortFields: { default: search !== null ? 'relevance' : 'position', options },
      suggestions: [],
      // Computed once per result and variant: `aggregations` and the older `filters` (or aliases
      // of either) share the same buckets.
      aggregations: ({ directChildrenOnly }) => {
        let buckets = aggregationsByScope.get(directChildrenOnly);
        if (!buckets) {
          // Price brackets are counted on base prices and drawn in the display currency.
          buckets = facetLabels(store).then((facetLabelsNow) =>
            computeAggregations(
              db,
              searchIndex,
              filters,
              search,
              facetLabelsNow,
              directChildrenOnly,
              facetCountsOf,
              counted,
              store.rate,
            ),
          );
          aggregationsByScope.set(directChildrenOnly, buckets);
        }
        return buckets;
      },
    };
  }

  /**
   * No dead ends: for a search that found nothing, the corrected text and each of its words alone
   * that find products with the same category, sku and text filters (three at most, in turn).
   */
  async function suggestionsFor(
    vocabulary: StoreVocabulary,
    search: string,
    rewritten: RewrittenSearch,
    filters: ProductFilters,
    store: StoreScope,
  ): Promise<string[]> {
    const typed = wordsOf(search);
    const corrected = rewritten.correctedText === null ? typed : wordsOf(rewritten.correctedText);
    const candidates = [corrected.join(' '), ...(corrected.length > 1 ? corrected : [])].filter(
      (text, index, all) => text !== '' && text !== typed.join(' ') && all.indexOf(text) === index,
    );
    const found: string[] = [];
    for (const candidate of candidates.slice(0, 4)) {
      const expression = inStoreTexts(store, rewriteSearch(vocabulary, candidate).expression);
      if (expression === '') continue;
      // The search's candidates, cached per catalog version: the same words suggested again cost nothing.
      if ((await candidatesOf(filters, expression)).ids.length > 0) found.push(candidate);
      if (found.length === 3) break;
    }
    return found;
  }

  return {
    loadByIds,

    /** The `products` query: search text and/or filters, sorted and paged. */
    async search(args: ProductSearchArgs, store: StoreScope): Promise<ProductSearchResult> {
      const search = args.search?.trim() ? args.search.trim() : null;
      const filters = await resolveProductFilters(db, args.filter);
      filters.urlKeys = filters.urlKeys && (await defaultUrlKeys(db, store, filters.urlKeys));
      filters.price = filters.price && priceFilterInBase(filters.price, store.rate);
      if (search === null && !hasAnyFilter(filters) && args.search === undefined && !args.filter) {
        throw inputError("'search' or 'filter' input argument is required.");
      }
      // The shopper's words become the store's catalog words (typos, plurals, synonyms): the
      // engine then searches an expression, and what it caches is keyed by that expression.
      if (search === null) return runSearch(filters, null, args, store);
      const vocabulary = await vocabularyOf(store);
      const rewritten = await rewrites(`${store.id}\n${search}`, () =>
        Promise.resolve(rewriteSearch(vocabulary, search)),
      );
      const result = await runSearch(filters, inStoreTexts(store, rewritten.expression), args, store);
      // A result page counts as a search term (its first page only); the boxes that search while
      // the shopper types ask for a handful of products and would count every prefix.
      // Counted again each time a cache serves this answer (kernel/cachedAnswerEffects.ts).
      if (searchTerms && result.currentPage === 1 && result.pageSize > TYPING_PAGE_SIZE && !hasAnyFilter(filters)) {
        const { totalCount } = result;
        repeatableEffect(() => searchTerms.record(store.id, search, totalCount));
      }
      // A search that found products through a corrected typo names the correction ("Did you
      // mean hoodie?" while typing), so the shopper sees why these products came.
      if (result.totalCount > 0)
        return rewritten.correctedText === null || rewritten.correctedText === wordsOf(search).join(' ')
          ? result
          : { ...result, suggestions: [rewritten.correctedText] };
      const corrections = await suggestionsFor(vocabulary, search, rewritten, filters, store);
      // No dead end: with nothing to correct, the store's popular searches (Magento's suggestions
      // also carry other terms shoppers searched, its search recommendations).
      if (corrections.length > 0 || !searchTerms || hasAnyFilter(filters))
        return { ...result, suggestions: corrections };
      const typed = wordsOf(search).join(' ');
      const popular = (await searchTerms.popular(store.id, POPULAR_SUGGESTIONS + 1)).filter((term) => term !== typed);
      return { ...result, suggestions: popular.slice(0, POPULAR_SUGGESTIONS) };
    },

    /** The products of one category, as `CategoryTree.products` lists them. */
    async inCategory(
      categoryId: number,
      args: Omit<ProductSearchArgs, 'search' | 'filter'>,
      store: StoreScope,
    ): Promise<ProductSearchResult> {
      const filters = await resolveProductFilters(db, { category_id: { eq: String(categoryId) } });
      return runSearch(filters, null, args, store);
    },

    async findVisibleById(id: number): Promise<ProductTable | undefined> {
      return db
        .selectFrom('product')
        .selectAll()
        .where('id', '=', id)
        .where('visibility', '=', 4)
        .where('status', '=', 1)
        .executeTakeFirst();
    },
  };
}

export type ProductService = ReturnType<typeof createProductService>;
